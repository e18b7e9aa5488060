use basket_common::{validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `initialize`:
/// 0. `[WRITE, SIGNER]` payer
/// 1. `[WRITE]` config PDA `["rewards_config"]`, must not exist yet
/// 2. `[]` staking mint (SPL Token or Token-2022)
/// 3. `[]` staking holding: token account of the staking mint owned by the config PDA
/// 4. `[]` the staking mint's token program
/// 5. `[]` system program
/// 6. `[]` the rewards program's ProgramData account (PDA of `[program id]` under the
///    upgradeable loader), which names the upgrade authority
/// 7. `[SIGNER]` the rewards program's upgrade authority (may be the payer)
///
/// Then the `[SIGNER]` admin signers.
pub struct InitializeAccounts<'a> {
    pub payer: &'a AccountView,
    pub config: &'a AccountView,
    pub staking_mint: &'a AccountView,
    pub stake_holding: &'a AccountView,
    pub token_program: &'a AccountView,
    pub program_data: &'a AccountView,
    pub upgrade_authority: &'a AccountView,
    pub admin_signers: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for InitializeAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [payer, config, staking_mint, stake_holding, token_program, system_program, program_data, upgrade_authority, admin_signers @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The payer signs and pays.
        validate::check_signer(payer)?;
        validate::check_writable(payer)?;
        // 2. The config is writable and still empty (its address is checked against the
        //    canonical PDA in the processor).
        validate::check_writable(config)?;
        if !config.is_data_empty() {
            return Err(CommonError::AlreadyInitialized);
        }
        // 3. The token program owns the staking mint and is one of the two known ones.
        validate::check_token_program_for_mint(token_program, staking_mint)?;
        // 4. The real system program.
        validate::check_system_program(system_program)?;
        // 5. ProgramData and upgrade authority: checked together in the processor
        //    (`basket_common::upgrade_authority`).
        Ok(Self {
            payer,
            config,
            staking_mint,
            stake_holding,
            token_program,
            program_data,
            upgrade_authority,
            admin_signers,
        })
    }
}
