use basket_common::{token2022, validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `init_vault`:
/// 0. `[WRITE, SIGNER]` payer
/// 1. `[WRITE]` vault state PDA `["vault", sku_id]`, must not exist yet
/// 2. `[WRITE]` share mint PDA `["share", sku_id]`, must not exist yet
/// 3. `[]` oracle configuration `["oracle_config"]` under the oracle program
/// 4. `[]` NAV snapshot address `["nav_snapshot", sku_id]` under the oracle program
/// 5. `[]` stablecoin mint
/// 6. `[WRITE]` cash buffer PDA `["holding", sku_id, stable_mint]`, must not exist yet
/// 7. `[]` system program
/// 8. `[]` SPL Token program
/// 9. `[]` Token-2022 program
/// 10. onwards: per asset, `[]` mint then `[WRITE]` holding PDA `["holding", sku_id, mint]`;
///     then `[SIGNER]` admin signers
pub struct InitVaultAccounts<'a> {
    pub payer: &'a AccountView,
    pub vault: &'a AccountView,
    pub share_mint: &'a AccountView,
    pub oracle_config: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub stable_mint: &'a AccountView,
    pub cash_holding: &'a AccountView,
    /// Asset pairs followed by admin signers; split by the processor with the asset count.
    pub rest: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for InitVaultAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [payer, vault, share_mint, oracle_config, nav_snapshot, stable_mint, cash_holding, system_program, token_program, token2022_program, rest @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The payer signs and pays.
        validate::check_signer(payer)?;
        validate::check_writable(payer)?;
        // 2. The accounts created here are writable and still empty (their addresses are
        //    checked against the canonical PDAs in the processor).
        for account in [vault, share_mint, cash_holding] {
            validate::check_writable(account)?;
            if !account.is_data_empty() || !account.owned_by(&validate::SYSTEM_PROGRAM_ID) {
                return Err(CommonError::AlreadyInitialized);
            }
        }
        // 3. The real system and token programs.
        validate::check_system_program(system_program)?;
        validate::check_address(
            token_program,
            &token2022::TOKEN_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
        validate::check_address(
            token2022_program,
            &token2022::TOKEN_2022_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
        Ok(Self {
            payer,
            vault,
            share_mint,
            oracle_config,
            nav_snapshot,
            stable_mint,
            cash_holding,
            rest,
        })
    }
}
