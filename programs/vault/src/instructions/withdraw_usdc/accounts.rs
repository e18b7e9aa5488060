use basket_common::{token2022, validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `withdraw_usdc`:
/// 0. `[SIGNER]` owner of the share account
/// 1. `[WRITE]` vault state
/// 2. `[]` NAV snapshot of the vault (oracle)
/// 3. `[WRITE]` share mint
/// 4. `[WRITE]` share account the shares are burned from
/// 5. `[]` stablecoin mint
/// 6. `[WRITE]` the vault's cash buffer
/// 7. `[WRITE]` stablecoin account receiving the payout
/// 8. `[]` unused since the fee stays in the cash buffer (`collect_withdraw_fees` pays it):
///    kept so the account layout, and every client and lookup table, does not change
/// 9. `[]` token program of the stablecoin
/// 10. `[]` Token-2022 program
/// 11. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding
pub struct WithdrawUsdcAccounts<'a> {
    pub owner: &'a AccountView,
    pub vault: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub share_mint: &'a AccountView,
    pub share_source: &'a AccountView,
    pub stable_mint: &'a AccountView,
    pub cash_holding: &'a AccountView,
    pub destination: &'a AccountView,
    pub stable_token_program: &'a AccountView,
    pub asset_pairs: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for WithdrawUsdcAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [owner, vault, nav_snapshot, share_mint, share_source, stable_mint, cash_holding, destination, _treasury_stable, stable_token_program, token2022_program, asset_pairs @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The share owner signs (the token program checks it owns the share account).
        validate::check_signer(owner)?;
        // 2. Everything the instruction or its CPIs write is writable.
        for account in [vault, share_mint, share_source, cash_holding, destination] {
            validate::check_writable(account)?;
        }
        // 3. Token-2022 for the shares (the stablecoin's program is checked by the processor).
        crate::words::check_address(
            token2022_program,
            &token2022::TOKEN_2022_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
        Ok(Self {
            owner,
            vault,
            nav_snapshot,
            share_mint,
            share_source,
            stable_mint,
            cash_holding,
            destination,
            stable_token_program,
            asset_pairs,
        })
    }
}
