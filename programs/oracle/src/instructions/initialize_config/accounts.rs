use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `initialize_config`:
/// 0. `[WRITE, SIGNER]` payer
/// 1. `[WRITE]` config PDA `["oracle_config"]`, must not exist yet
/// 2. `[]` system program
/// 3. `[]` the oracle's ProgramData account (PDA of `[program id]` under the upgradeable
///    loader), which names the upgrade authority
/// 4. `[SIGNER]` the oracle's upgrade authority (may be the payer)
/// 5. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct InitializeConfigAccounts<'a> {
    pub payer: &'a AccountView,
    pub config: &'a AccountView,
    pub program_data: &'a AccountView,
    pub upgrade_authority: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for InitializeConfigAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [payer, config, system_program, program_data, upgrade_authority, admin_signers @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The payer signs and pays.
        validate::check_signer(payer)?;
        validate::check_writable(payer)?;
        // 2. The config account is writable and still empty (its address is checked
        //    against the canonical PDA in the processor).
        validate::check_writable(config)?;
        if !config.is_data_empty() {
            return Err(CommonError::AlreadyInitialized);
        }
        // 3. The real system program.
        validate::check_system_program(system_program)?;
        // 4. ProgramData and upgrade authority: checked together in the processor
        //    (`basket_common::upgrade_authority`).
        Ok(Self {
            payer,
            config,
            program_data,
            upgrade_authority,
            admin_signers,
        })
    }
}
