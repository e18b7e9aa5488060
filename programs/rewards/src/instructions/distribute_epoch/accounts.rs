use crate::{error::RewardsError, instructions::shared, state::RewardsConfig};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::{error::ProgramError, AccountView};

/// Accounts of `distribute_epoch`:
/// 0. `[WRITE, SIGNER]` keeper (pays for the epoch account)
/// 1. `[WRITE]` config
/// 2. `[WRITE]` epoch PDA `["epoch", epoch_id u64 LE]`, must not exist yet
/// 3. `[]` system program
///
/// Then per reward mint, in the order of `totals`: `[]` mint, `[]` holding (token account of
/// the mint owned by the epoch PDA).
pub struct DistributeEpochAccounts<'a> {
    pub keeper: &'a AccountView,
    pub config: &'a AccountView,
    pub epoch: &'a AccountView,
    pub reward_accounts: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for DistributeEpochAccounts<'a> {
    type Error = ProgramError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, ProgramError> {
        let [keeper, config, epoch, system_program, reward_accounts @ ..] = accounts else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        // 1. The keeper signs and pays.
        validate::check_signer(keeper)?;
        validate::check_writable(keeper)?;
        // 2. The config is this program's, and the keeper is in its keeper set.
        shared::check_program_account(config, true)?;
        // SAFETY: read-only view; no mutable borrow of the config is alive.
        let cfg = RewardsConfig::load(unsafe { config.borrow_unchecked() })?;
        shared::require(
            cfg.is_keeper(keeper.address().as_array()),
            RewardsError::NotKeeper,
        )?;
        // 3. The epoch account is writable (emptiness and address are checked in the
        //    processor, after the epoch id, so a repeated id reports EpochNotIncreasing).
        validate::check_writable(epoch)?;
        // 4. The real system program.
        validate::check_system_program(system_program)?;
        Ok(Self {
            keeper,
            config,
            epoch,
            reward_accounts,
        })
    }
}
