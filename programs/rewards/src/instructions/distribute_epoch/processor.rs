use super::{DistributeEpochAccounts, DistributeEpochData};
use crate::events::EpochDistributedEvent;
use crate::{
    error::RewardsError,
    instructions::shared,
    state::{token_program_kind, Epoch, RewardsConfig, EPOCH_SEED, MAX_REWARD_MINTS},
};
use basket_common::layout::PodU64;
use basket_common::{
    create::create_pda_account, event::Event as _, layout::AccountLayout, pda, token2022, validate,
    CommonError,
};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

/// How far above the last distributed epoch id a new one may be: the keeper posts the next
/// (`last + 1`); a small window tolerates an id skipped by hand, never a jump to `u64::MAX`.
pub const MAX_EPOCH_STEP: u64 = 16;

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = DistributeEpochAccounts::try_from(accounts)?;
    let args = DistributeEpochData::parse(data)?;
    let n = args.mint_count as usize;

    let mut config_account = *accounts.config;
    // SAFETY: the only borrow of the config in this instruction.
    let config = RewardsConfig::load_mut(unsafe { config_account.borrow_unchecked_mut() })?;
    // Strictly increasing ids: a replayed or reordered post can never overwrite or skip back.
    // And at most MAX_EPOCH_STEP ahead: one keeper signature can never post `u64::MAX` and
    // stop every later epoch (the admins' `reset_last_epoch` is the way back).
    let last = config.last_epoch_id.get();
    shared::require(args.epoch_id > last, RewardsError::EpochNotIncreasing)?;
    shared::require(
        args.epoch_id.saturating_sub(last) <= MAX_EPOCH_STEP,
        RewardsError::EpochTooFarAhead,
    )?;
    if !accounts.epoch.is_data_empty() {
        return Err(CommonError::AlreadyInitialized.into());
    }
    if accounts.reward_accounts.len() != n.saturating_mul(2) {
        return Err(CommonError::NotEnoughAccounts.into());
    }

    let id = args.epoch_id.to_le_bytes();
    let bump = pda::find_canonical(accounts.epoch, &[EPOCH_SEED, &id], &crate::ID)?;

    let mut entries = [crate::state::RewardEntry {
        mint: [0; 32],
        holding: [0; 32],
        token_program: 0,
        decimals: 0,
        total: Default::default(),
        claimed: Default::default(),
    }; MAX_REWARD_MINTS];
    let mut pausable = 0u16;
    for (i, pair) in accounts.reward_accounts.chunks_exact(2).enumerate() {
        let (mint, holding) = (&pair[0], &pair[1]);
        let mint_key = mint.address().as_array();
        // Allowed by the admins, and each mint once.
        let repeated = entries[..i].iter().any(|e| shared::eq32(&e.mint, mint_key));
        shared::require(
            config.is_reward_mint(mint_key) && !repeated,
            RewardsError::InvalidRewardMints,
        )?;
        let (decimals, has_pausable) = shared::checked_reward_mint(mint)?;
        let is_2022 = mint.owned_by(&token2022::TOKEN_2022_PROGRAM_ID);
        if has_pausable {
            // i < MAX_REWARD_MINTS = 10: inside a u16.
            #[allow(clippy::arithmetic_side_effects)]
            let bit = 1u16 << i;
            pausable |= bit;
        }
        let program = if is_2022 {
            token2022::TOKEN_2022_PROGRAM_ID
        } else {
            token2022::TOKEN_PROGRAM_ID
        };
        // The holding is the epoch PDA's, so only claims through this program can drain it,
        // and it already holds the whole total.
        let held = validate::check_token_account(
            holding,
            &program,
            mint.address(),
            accounts.epoch.address(),
        )?;
        shared::require(held >= args.totals[i], RewardsError::EpochUnderfunded)?;
        let entry = &mut entries[i];
        entry.mint = *mint_key;
        entry.holding = *holding.address().as_array();
        entry.token_program = if is_2022 {
            token_program_kind::TOKEN_2022
        } else {
            token_program_kind::SPL_TOKEN
        };
        entry.decimals = decimals;
        entry.total.set(args.totals[i]);
    }

    // Emitted before the epoch account's creation (the one CPI), so nothing the call logs
    // can push it past the runtime's log limit (docs/decisions/0100).
    EpochDistributedEvent {
        epoch_id: PodU64(id),
        merkle_root: args.merkle_root,
        mint_count: args.mint_count,
        totals: args.totals.map(PodU64::new),
    }
    .emit();

    let bump_seed = [bump];
    let seeds = [
        Seed::from(EPOCH_SEED),
        Seed::from(&id),
        Seed::from(&bump_seed),
    ];
    create_pda_account(
        accounts.keeper,
        accounts.epoch,
        Epoch::LEN,
        &crate::ID,
        &[Signer::from(&seeds)],
    )?;
    let mut epoch_account = *accounts.epoch;
    // SAFETY: created above by this instruction; nothing else borrows it.
    let epoch = shared::init_created::<Epoch>(unsafe { epoch_account.borrow_unchecked_mut() })?;
    epoch.bump = bump;
    // `n` is at most MAX_REWARD_MINTS (checked in parsing).
    epoch.mint_count = args.mint_count;
    epoch.epoch_id.set(args.epoch_id);
    epoch.merkle_root = args.merkle_root;
    epoch.distributed_ts.set(shared::now()?);
    epoch.rewards = entries;
    epoch.pausable.set(pausable);
    config.last_epoch_id.set(args.epoch_id);

    Ok(())
}
