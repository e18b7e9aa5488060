use crate::{error::RewardsError, instructions::shared, state::RewardsConfig};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::{error::ProgramError, AccountView};

/// Accounts of `unstake` (no instruction data):
/// 0. `[SIGNER]` owner of the stake
/// 1. `[WRITE]` config (its PDA signs the transfer out of the holding)
/// 2. `[WRITE]` stake record
/// 3. `[]` staking mint (the configured one)
/// 4. `[WRITE]` staking holding (the configured one)
/// 5. `[WRITE]` token account receiving the stake
/// 6. `[]` token program (the configured one)
pub struct UnstakeAccounts<'a> {
    pub owner: &'a AccountView,
    pub config: &'a AccountView,
    pub stake_record: &'a AccountView,
    pub staking_mint: &'a AccountView,
    pub stake_holding: &'a AccountView,
    pub owner_token_account: &'a AccountView,
    pub token_program: &'a AccountView,
}

impl<'a> TryFrom<&'a [AccountView]> for UnstakeAccounts<'a> {
    type Error = ProgramError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, ProgramError> {
        let [owner, config, stake_record, staking_mint, stake_holding, owner_token_account, token_program, ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        // 1. The owner signs (ownership of the record is checked in the processor).
        validate::check_signer(owner)?;
        // 2. Config and stake record are this program's (types checked on load).
        shared::check_program_account(config, true)?;
        shared::check_program_account(stake_record, true)?;
        // SAFETY: read-only view; no mutable borrow of the config is alive.
        let cfg = RewardsConfig::load(unsafe { config.borrow_unchecked() })?;
        // 3. Mint, holding and token program are the configured ones.
        let configured = staking_mint.address().as_array() == &cfg.staking_mint
            && stake_holding.address().as_array() == &cfg.stake_holding
            && token_program.address().as_array() == &cfg.staking_token_program;
        shared::require(configured, RewardsError::StakingAccountMismatch)?;
        Ok(Self {
            owner,
            config,
            stake_record,
            staking_mint,
            stake_holding,
            owner_token_account,
            token_program,
        })
    }
}
