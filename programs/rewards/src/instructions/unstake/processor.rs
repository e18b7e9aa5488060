use super::UnstakeAccounts;
use crate::events::UnstakedEvent;
use crate::{
    error::RewardsError,
    instructions::shared,
    state::{RewardsConfig, StakeRecord, CONFIG_SEED},
};
use basket_common::layout::{PodI64, PodU64};
use basket_common::{event::Event as _, layout::AccountLayout, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let accounts = UnstakeAccounts::try_from(accounts)?;

    let mut record_account = *accounts.stake_record;
    // SAFETY: the only borrow of the stake record; the CPI below does not receive it.
    let record = StakeRecord::load_mut(unsafe { record_account.borrow_unchecked_mut() })?;
    if &record.owner != accounts.owner.address().as_array() {
        return Err(RewardsError::NotStakeOwner.into());
    }
    if record.withdrawn.get()? {
        return Err(RewardsError::StakeAlreadyWithdrawn.into());
    }
    let now = shared::now()?;
    // Locked strictly before the unlock time; the unlock second itself is free.
    if now < record.unlock_ts.get() {
        return Err(RewardsError::StakeLocked.into());
    }
    let amount = record.amount.get();
    record.withdrawn.set(true);
    record.withdrawn_ts.set(now);

    let mut config_account = *accounts.config;
    // SAFETY: the only mutable borrow of the config; the token program only reads it as signer.
    let config = RewardsConfig::load_mut(unsafe { config_account.borrow_unchecked_mut() })?;
    let total = config
        .total_staked
        .get()
        .checked_sub(amount)
        .ok_or(CommonError::MathOverflow)?;
    config.total_staked.set(total);
    let (bump, decimals) = (config.bump, config.staking_decimals);

    // Emitted before the transfer, whose hook may log: docs/decisions/0100.
    UnstakedEvent {
        owner: record.owner,
        stake_index: record.stake_index,
        amount: PodU64::new(amount),
        unix_time: PodI64::new(now),
    }
    .emit();

    let bump_seed = [bump];
    let seeds = [Seed::from(CONFIG_SEED), Seed::from(&bump_seed)];
    shared::transfer_checked(
        [
            accounts.stake_holding,
            accounts.staking_mint,
            accounts.owner_token_account,
            accounts.config,
            accounts.token_program,
        ],
        amount,
        decimals,
        &[Signer::from(&seeds)],
    )?;

    Ok(())
}
