use super::{StakeAccounts, StakeData};
use crate::events::StakedEvent;
use crate::{
    instructions::shared,
    state::{RewardsConfig, StakeRecord, STAKE_SEED},
};
use basket_common::layout::{PodI64, PodU16, PodU64};
use basket_common::{
    create::create_pda_account, event::Event as _, layout::AccountLayout, pda, CommonError,
};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = StakeAccounts::try_from(accounts)?;
    let args = StakeData::parse(data)?;

    let index = args.stake_index.to_le_bytes();
    let owner = accounts.owner.address().as_array();
    let bump = pda::find_canonical(
        accounts.stake_record,
        &[STAKE_SEED, owner, &index],
        &crate::ID,
    )?;

    let start = shared::now()?;
    let unlock = start
        .checked_add(args.tier.seconds())
        .ok_or(CommonError::MathOverflow)?;

    let mut config_account = *accounts.config;
    // SAFETY: only this borrow of the config is alive; the CPI below does not receive it.
    let config = RewardsConfig::load_mut(unsafe { config_account.borrow_unchecked_mut() })?;
    let total = config
        .total_staked
        .get()
        .checked_add(args.amount)
        .ok_or(CommonError::MathOverflow)?;
    config.total_staked.set(total);
    let decimals = config.staking_decimals;

    // Emitted before the transfer (a hooked staking mint's hook logs too) and the record's
    // creation, so no log of those calls can push it past the runtime's limit
    // (docs/decisions/0100).
    StakedEvent {
        owner: *owner,
        stake_index: PodU64(index),
        amount: PodU64::new(args.amount),
        tier_days: PodU16::new(args.tier.days),
        start: PodI64::new(start),
        unlock: PodI64::new(unlock),
    }
    .emit();

    shared::transfer_checked(
        [
            accounts.owner_token_account,
            accounts.staking_mint,
            accounts.stake_holding,
            accounts.owner,
            accounts.token_program,
        ],
        args.amount,
        decimals,
        &[],
    )?;

    let bump_seed = [bump];
    let seeds = [
        Seed::from(STAKE_SEED),
        Seed::from(owner),
        Seed::from(&index),
        Seed::from(&bump_seed),
    ];
    create_pda_account(
        accounts.owner,
        accounts.stake_record,
        StakeRecord::LEN,
        &crate::ID,
        &[Signer::from(&seeds)],
    )?;
    let mut record_account = *accounts.stake_record;
    // SAFETY: created above by this instruction; nothing else borrows it.
    let record = StakeRecord::init(unsafe { record_account.borrow_unchecked_mut() })?;
    record.bump = bump;
    record.weight = args.tier.weight;
    record.tier_days = args.tier.days.to_le_bytes();
    record.owner = *owner;
    record.stake_index.set(args.stake_index);
    record.amount.set(args.amount);
    record.start_ts.set(start);
    record.unlock_ts.set(unlock);

    Ok(())
}
