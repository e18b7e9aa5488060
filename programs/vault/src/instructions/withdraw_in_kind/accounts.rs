use basket_common::{token2022, validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `withdraw_in_kind`:
/// 0. `[SIGNER]` owner of the share account
/// 1. `[WRITE]` vault state
/// 2. `[]` NAV snapshot of the vault (oracle)
/// 3. `[WRITE]` share mint
/// 4. `[WRITE]` share account the shares are burned from
/// 5. `[]` stablecoin mint
/// 6. `[WRITE]` the vault's cash buffer
/// 7. `[WRITE]` stablecoin account receiving the cash part
/// 8. `[]` SPL Token program
/// 9. `[]` Token-2022 program
/// 10. onwards: per asset, in the vault's order: `[]` mint, `[WRITE]` the vault's holding,
///     `[WRITE]` the receiving token account
pub struct WithdrawInKindAccounts<'a> {
    pub owner: &'a AccountView,
    pub vault: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub share_mint: &'a AccountView,
    pub share_source: &'a AccountView,
    pub stable_mint: &'a AccountView,
    pub cash_holding: &'a AccountView,
    pub stable_destination: &'a AccountView,
    /// Triples (mint, holding, destination) per asset.
    pub assets: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for WithdrawInKindAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [owner, vault, nav_snapshot, share_mint, share_source, stable_mint, cash_holding, stable_destination, token_program, token2022_program, assets @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The share owner signs (the token program checks it owns the share account).
        validate::check_signer(owner)?;
        // 2. Everything the instruction or its CPIs write is writable.
        for account in [
            vault,
            share_mint,
            share_source,
            cash_holding,
            stable_destination,
        ] {
            validate::check_writable(account)?;
        }
        // 3. The two token programs (each transfer uses the program its asset is configured with).
        crate::words::check_address(
            token_program,
            &token2022::TOKEN_PROGRAM_ID,
            CommonError::InvalidTokenProgram,
        )?;
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
            stable_destination,
            assets,
        })
    }
}
