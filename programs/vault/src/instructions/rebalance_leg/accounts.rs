use basket_common::{validate, CommonError};
use pinocchio::{sysvars::instructions::INSTRUCTIONS_ID, AccountView};

use crate::words::key_eq;

/// Accounts of `rebalance_leg`:
/// 0. `[SIGNER]` keeper (must equal `vault.keeper`)
/// 1. `[WRITE]` vault state
/// 2. `[]` NAV snapshot of the vault (oracle)
/// 3. `[]` instructions sysvar
/// 4. `[]` mint of the paying side (an asset, or the stablecoin)
/// 5. `[WRITE]` the vault's holding of the paying mint (or its cash buffer)
/// 6. `[WRITE]` the trade authority's token account of the paying mint (receives the outgoing
///    side; the processor checks its owner is `vault.trade_authority`)
/// 7. `[]` token program of the paying mint
/// 8. `[]` mint of the receiving side (= `expected_mint`)
/// 9. `[]` the vault's holding of the receiving mint (or its cash buffer)
/// 10. onwards: `[]`/`[WRITE]` transfer-hook accounts of the paying mint (hook program, its
///     extra-account-meta list, the extra accounts), passed through to its transfer
pub struct RebalanceLegAccounts<'a> {
    pub keeper: &'a AccountView,
    pub vault: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub instructions: &'a AccountView,
    pub pay_mint: &'a AccountView,
    pub pay_holding: &'a AccountView,
    pub trade_account: &'a AccountView,
    pub pay_token_program: &'a AccountView,
    pub receive_mint: &'a AccountView,
    pub receive_holding: &'a AccountView,
    /// Transfer-hook accounts of the paying mint (passed through to its transfer).
    pub hook: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for RebalanceLegAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [keeper, vault, nav_snapshot, instructions, pay_mint, pay_holding, trade_account, pay_token_program, receive_mint, receive_holding, hook @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The keeper signs (the processor compares it with the vault's keeper).
        validate::check_signer(keeper)?;
        // 2. Written accounts are writable.
        for account in [vault, pay_holding, trade_account] {
            validate::check_writable(account)?;
        }
        // 3. The real instructions sysvar, never a forged copy.
        if !key_eq(
            instructions.address().as_array(),
            INSTRUCTIONS_ID.as_array(),
        ) {
            return Err(CommonError::InvalidSysvar);
        }
        Ok(Self {
            keeper,
            vault,
            nav_snapshot,
            instructions,
            pay_mint,
            pay_holding,
            trade_account,
            pay_token_program,
            receive_mint,
            receive_holding,
            hook,
        })
    }
}
