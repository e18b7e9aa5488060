//! Loading the vault state for an instruction, and the admin multisig check.

use crate::{error::VaultError, state::VaultState};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::{error::ProgramError, AccountView};

/// Views a writable vault state owned by this program.
///
/// Owner plus discriminator identify a vault state: the program creates that type only at
/// its canonical `["vault", sku_id]` PDA, so no address derivation is needed here.
#[allow(clippy::mut_from_ref)] // an AccountView is a handle; the data lives in the input buffer
#[inline(never)]
pub fn load_vault_mut(account: &AccountView) -> Result<&mut VaultState, ProgramError> {
    let state = load_vault_unlocked(account)?;
    // The re-entrancy lock: between `rebalance_leg` and its settle nothing else of the vault
    // runs (no deposit, withdrawal or second leg inside a route, top level or by CPI), so
    // the settle measures only what the route delivered.
    if state
        .leg_pending
        .get()
        .map_err(|_| VaultError::CorruptState)?
    {
        return Err(VaultError::LegPending.into());
    }
    Ok(state)
}

/// Views the vault state without the re-entrancy lock: for `rebalance_settle` only.
#[allow(clippy::mut_from_ref)] // an AccountView is a handle; the data lives in the input buffer
#[inline(never)]
pub fn load_vault_unlocked(account: &AccountView) -> Result<&mut VaultState, CommonError> {
    validate::check_writable(account)?;
    crate::words::check_owner(account, &crate::ID)?;
    let mut view = *account;
    // SAFETY: the vault state is borrowed once per instruction, by the caller of this
    // function only; the runtime keeps the data in place for the instruction's duration.
    let data = unsafe { view.borrow_unchecked_mut() };
    // SAFETY: extends the borrow to the account's lifetime; see above.
    let data: &mut [u8] = unsafe { core::slice::from_raw_parts_mut(data.as_mut_ptr(), data.len()) };
    VaultState::load_mut(data)
}

/// Loads the vault and checks its admin threshold is met by `signers`.
#[inline(never)]
pub fn load_vault_as_admin<'a>(
    vault: &'a AccountView,
    signers: &[AccountView],
) -> Result<&'a mut VaultState, ProgramError> {
    let state = load_vault_mut(vault)?;
    state.admins.check_signed(signers)?;
    Ok(state)
}
