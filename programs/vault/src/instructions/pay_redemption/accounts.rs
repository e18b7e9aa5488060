use crate::words::check_address;
use basket_common::{
    token2022::{TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID},
    validate, CommonError,
};
use pinocchio::AccountView;

/// Accounts of `pay_redemption`:
/// 0. `[WRITE]` vault state
/// 1. `[WRITE]` redemption claim
/// 2. `[WRITE]` the claim's owner (receives the claim's rent when it closes; need not sign)
/// 3. `[]` NAV snapshot of the vault (oracle)
/// 4. `[]` stablecoin mint
/// 5. `[WRITE]` the vault's cash buffer
/// 6. `[WRITE]` the owner's stablecoin account (used only when the cash bit is set)
/// 7. `[]` SPL Token program
/// 8. `[]` Token-2022 program
/// 9. onwards: per asset slot named in the mask, ascending: `[]` mint, `[WRITE]` vault
///    holding, `[WRITE]` the owner's token account
pub struct PayRedemptionAccounts<'a> {
    pub vault: &'a AccountView,
    pub claim: &'a AccountView,
    pub owner: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub stable_mint: &'a AccountView,
    pub cash_holding: &'a AccountView,
    pub stable_destination: &'a AccountView,
    pub assets: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for PayRedemptionAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [vault, claim, owner, nav_snapshot, stable_mint, cash_holding, stable_destination, token_program, token2022_program, assets @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. Written accounts are writable (per-asset ones are checked by the token program).
        for account in [vault, claim, owner, cash_holding, stable_destination] {
            validate::check_writable(account)?;
        }
        // 2. The two token programs the payments may run on.
        check_address(
            token_program,
            &TOKEN_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
        check_address(
            token2022_program,
            &TOKEN_2022_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
        Ok(Self {
            vault,
            claim,
            owner,
            nav_snapshot,
            stable_mint,
            cash_holding,
            stable_destination,
            assets,
        })
    }
}
