use super::SweepEpochData;
use crate::events::{EpochSweptEvent, SweptMint};
use crate::{
    error::RewardsError,
    instructions::{
        admin::load_config,
        reward_transfer::{RewardTransfer, MAX_HOOK_ACCOUNTS},
        shared,
    },
    state::{token_program_kind, Epoch, CLAIM_WINDOW_SECS, EPOCH_SEED, MAX_REWARD_MINTS},
};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, token2022, validate, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

/// Accounts of `sweep_epoch`:
/// 0. `[]` config (its admin set)
/// 1. `[WRITE]` epoch
///
/// Then `mint_count` groups `[]` mint, `[WRITE]` epoch holding, `[WRITE]` destination token
/// account of the mint, `[]` token program; then the `[SIGNER]` admin signers, and after
/// them the transfer hooks' extra accounts of hooked mints (non-signers; Token-2022 finds
/// what each hook needs by address).
///
/// A holding that cannot move (frozen, or its mint paused) fails the sweep: the admins
/// leave its group out and sweep it later, since a swept epoch can be swept again. A
/// holding a permanent delegate took from sweeps what it really holds.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, epoch_account, rest @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let args = SweepEpochData::parse(data)?;
    let group_len = args.mint_count.saturating_mul(4);
    if rest.len() < group_len {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    let (groups, admin_signers) = rest.split_at(group_len);
    // 1. At least `threshold` distinct admins signed.
    load_config(config)?.admins.check_signed(admin_signers)?;
    // The hook accounts follow the admin signers: the first account that did not sign starts
    // them, so a sweep without hooked mints keeps the plain four-account transfers.
    let hooks_at = admin_signers
        .iter()
        .position(|a| !a.is_signer())
        .unwrap_or(admin_signers.len());
    let hook_accounts = &admin_signers[hooks_at..];
    shared::require(
        hook_accounts.len() <= MAX_HOOK_ACCOUNTS,
        RewardsError::TooManyHookAccounts,
    )?;
    // 2. The epoch is this program's and the id is its own.
    shared::check_program_account(epoch_account, true)?;
    let mut view = *epoch_account;
    // SAFETY: the only borrow of the epoch data; the token CPIs receive the epoch as a signer
    // but never write to it.
    let epoch = Epoch::load_mut(unsafe { view.borrow_unchecked_mut() })?;
    shared::require(
        args.epoch_id == epoch.epoch_id.get(),
        RewardsError::EpochMismatch,
    )?;
    // 3. The claim window is over: `now >= distributed + 90 days`.
    let closes = epoch
        .distributed_ts
        .get()
        .checked_add(CLAIM_WINDOW_SECS)
        .ok_or(CommonError::MathOverflow)?;
    shared::require(shared::now()? >= closes, RewardsError::ClaimWindowOpen)?;
    epoch.swept.set(true);

    let id = epoch.epoch_id.0;
    let epoch_bump = [epoch.bump];
    let seeds = [
        Seed::from(EPOCH_SEED),
        Seed::from(&id),
        Seed::from(&epoch_bump),
    ];
    let mut event = EpochSweptEvent {
        epoch_id: PodU64(id),
        mint_count: args.count,
        swept: [SweptMint::default(); MAX_REWARD_MINTS],
    };
    // Two passes: every group is checked and its balance read first, so the event is out
    // before the first transfer (whose hook may log) and no log of the transfers can push it
    // past the runtime's limit (docs/decisions/0100); then the transfers.
    let mut done = [false; MAX_REWARD_MINTS];
    let mut moves = [(0usize, 0u64); MAX_REWARD_MINTS];
    for (g, group) in groups.chunks_exact(4).enumerate() {
        let (mint, holding, token_program) = (&group[0], &group[1], &group[3]);
        // 4. Each group is one of the epoch's mints with its own holding and token program,
        //    at most once per sweep.
        let n = (epoch.mint_count as usize).min(MAX_REWARD_MINTS);
        let i = epoch.rewards[..n]
            .iter()
            .position(|e| shared::eq32(&e.mint, mint.address().as_array()))
            .ok_or(RewardsError::RewardAccountMismatch)?;
        let entry = &epoch.rewards[i];
        let program = program_of(entry.token_program);
        let matches = !done[i]
            && shared::eq32(holding.address().as_array(), &entry.holding)
            && shared::eq32(token_program.address().as_array(), program.as_array());
        shared::require(matches, RewardsError::RewardAccountMismatch)?;
        done[i] = true;
        // 5. Everything the holding has left moves out (what was never claimed, plus any
        //    excess funding); the token program checks the destination is of the mint.
        let left = validate::check_token_account(
            holding,
            &program,
            mint.address(),
            epoch_account.address(),
        )?;
        if let (Some(s), Some(m)) = (event.swept.get_mut(g), moves.get_mut(g)) {
            s.mint = entry.mint;
            s.amount.set(left);
            *m = (i, left);
        }
    }
    event.emit();
    for (group, &(i, left)) in groups.chunks_exact(4).zip(moves.iter()) {
        if left == 0 {
            continue;
        }
        let entry = &epoch.rewards[i];
        RewardTransfer {
            holding: &group[1],
            mint: &group[0],
            destination: &group[2],
            epoch: epoch_account,
            token_program: &group[3],
            amount: left,
            decimals: entry.decimals,
            hook_accounts,
            is_token_2022: entry.token_program == token_program_kind::TOKEN_2022,
            // The sweep does not ask whether a payment can move: a paused mint fails it.
            pausable: false,
        }
        .pay(&[Signer::from(&seeds)])?;
    }
    Ok(())
}

/// The token program of an epoch entry's kind.
#[inline(always)]
fn program_of(kind: u8) -> pinocchio::Address {
    if kind == token_program_kind::TOKEN_2022 {
        token2022::TOKEN_2022_PROGRAM_ID
    } else {
        token2022::TOKEN_PROGRAM_ID
    }
}
