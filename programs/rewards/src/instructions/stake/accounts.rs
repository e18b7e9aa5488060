use crate::{
    error::RewardsError,
    instructions::shared,
    state::{pause, RewardsConfig},
};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::{error::ProgramError, AccountView};

/// Accounts of `stake`:
/// 0. `[WRITE, SIGNER]` owner (staker, pays for the record)
/// 1. `[WRITE]` config
/// 2. `[WRITE]` stake record PDA `["stake", owner, stake_index u64 LE]`, must not exist yet
/// 3. `[]` staking mint (the configured one)
/// 4. `[WRITE]` owner's token account
/// 5. `[WRITE]` staking holding (the configured one)
/// 6. `[]` token program (the configured one)
/// 7. `[]` system program
pub struct StakeAccounts<'a> {
    pub owner: &'a AccountView,
    pub config: &'a AccountView,
    pub stake_record: &'a AccountView,
    pub staking_mint: &'a AccountView,
    pub owner_token_account: &'a AccountView,
    pub stake_holding: &'a AccountView,
    pub token_program: &'a AccountView,
}

impl<'a> TryFrom<&'a [AccountView]> for StakeAccounts<'a> {
    type Error = ProgramError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, ProgramError> {
        let [owner, config, stake_record, staking_mint, owner_token_account, stake_holding, token_program, system_program, ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        // 1. The owner signs and pays.
        validate::check_signer(owner)?;
        validate::check_writable(owner)?;
        // 2. The config is this program's and of the config type.
        shared::check_program_account(config, true)?;
        // SAFETY: read-only view; no mutable borrow of the config is alive.
        let cfg = RewardsConfig::load(unsafe { config.borrow_unchecked() })?;
        // 3. Staking is not paused.
        shared::require(!cfg.is_paused(pause::STAKE), RewardsError::StakingPaused)?;
        // 4. Mint, holding and token program are the configured ones.
        let configured = staking_mint.address().as_array() == &cfg.staking_mint
            && stake_holding.address().as_array() == &cfg.stake_holding
            && token_program.address().as_array() == &cfg.staking_token_program;
        shared::require(configured, RewardsError::StakingAccountMismatch)?;
        // 5. The stake record is writable and empty (address checked in the processor).
        validate::check_writable(stake_record)?;
        if !stake_record.is_data_empty() {
            return Err(CommonError::AlreadyInitialized.into());
        }
        // 6. The real system program.
        validate::check_system_program(system_program)?;
        Ok(Self {
            owner,
            config,
            stake_record,
            staking_mint,
            owner_token_account,
            stake_holding,
            token_program,
        })
    }
}
