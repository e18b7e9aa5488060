use crate::words::check_address;
use basket_common::{token2022, validate, CommonError};
use pinocchio::AccountView;

/// Accounts of `begin_redemption`:
/// 0. `[WRITE, SIGNER]` owner of the shares (pays the claim's rent)
/// 1. `[WRITE]` vault state
/// 2. `[]` NAV snapshot of the vault (oracle)
/// 3. `[WRITE]` share mint
/// 4. `[WRITE]` share account the shares are burned from
/// 5. `[WRITE]` redemption claim PDA `["claim", vault, owner, nonce]` (created here)
/// 6. `[]` system program
/// 7. `[]` Token-2022 program
/// 8. onwards: per asset, in the vault's order, its holding (read and reconciled)
pub struct BeginRedemptionAccounts<'a> {
    pub owner: &'a AccountView,
    pub vault: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub share_mint: &'a AccountView,
    pub share_source: &'a AccountView,
    pub claim: &'a AccountView,
    /// The holdings, one per asset.
    pub holdings: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for BeginRedemptionAccounts<'a> {
    type Error = CommonError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, CommonError> {
        let [owner, vault, nav_snapshot, share_mint, share_source, claim, system_program, token2022_program, holdings @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts);
        };
        // 1. The owner signs (the token program checks it owns the share account).
        validate::check_signer(owner)?;
        // 2. Written accounts are writable.
        for account in [owner, vault, share_mint, share_source, claim] {
            validate::check_writable(account)?;
        }
        // 3. The real system and Token-2022 programs.
        validate::check_system_program(system_program)?;
        check_address(
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
            claim,
            holdings,
        })
    }
}
