use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `initialize_config`:
/// 0. `[WRITE, SIGNER]` payer
/// 1. `[WRITE]` config PDA `["oracle_config"]`, must not exist yet
/// 2. `[]` system program
/// 3. `[SIGNER]` admin signers: the remaining accounts, any number
pub struct InitializeConfigAccounts<'a> {
    pub payer: &'a AccountView,
    pub config: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for InitializeConfigAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [payer, config, system_program, admin_signers @ ..] = accounts else {
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
        Ok(Self {
            payer,
            config,
            admin_signers,
        })
    }
}
