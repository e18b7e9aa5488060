//! Stablecoin withdrawal requests, for withdrawals the cash buffer cannot pay at once
//! (small ones still go through `withdraw_usdc`, paid immediately). Forward pricing: a
//! request is paid at a snapshot published after it, so nobody trades on a stale NAV.
//!
//! - `request_withdraw_usdc(shares, min_out, nonce)` (share owner): burns the shares into
//!   the vault's escrow count and opens a request `["wreq", vault, owner, nonce]`; the event
//!   tells the keeper's withdrawal-router what cash to raise.
//! - `fulfil_withdrawal` (keeper): pays the escrowed shares at the NAV of the snapshot in
//!   force (published after the request), less the withdrawal fee, never below `min_out`.
//! - `cancel_withdrawal` (the owner at any time, anyone from `REQUEST_DEADLINE_SECS` after
//!   the request): re-mints the exact shares to the owner.
//!
//! Escrowed shares stay in the supply that prices every instruction (`shared::
//! accrue_mgmt_fee`), so an open request neither dilutes nor enriches anyone. See
//! docs/vault.md.

mod cancel;
mod fulfil;
mod request;

pub use cancel::process as process_cancel;
pub use fulfil::process as process_fulfil;
pub use request::process as process_request;

use crate::{error::VaultError, state::WithdrawalRequest, words::owned_by};
use basket_common::{layout::AccountLayout, CommonError};
use pinocchio::{error::ProgramError, AccountView};

/// Loads a request of `vault` owned by `owner` (`WrongRequest` otherwise).
#[allow(clippy::mut_from_ref)] // an AccountView is a handle; the data lives in the input buffer
fn load_request<'a>(
    request: &'a AccountView,
    vault: &AccountView,
    owner: &AccountView,
) -> Result<&'a mut WithdrawalRequest, ProgramError> {
    if !owned_by(request, &crate::ID) {
        return Err(CommonError::InvalidOwner.into());
    }
    let mut view = *request;
    // SAFETY: the request is borrowed once per instruction, here; no CPI touches it.
    let data = unsafe { view.borrow_unchecked_mut() };
    // SAFETY: extends the borrow to the account's lifetime; see above.
    let data: &mut [u8] = unsafe { core::slice::from_raw_parts_mut(data.as_mut_ptr(), data.len()) };
    let req = WithdrawalRequest::load_mut(data)?;
    if !crate::words::address_is(vault, &req.vault) || !crate::words::address_is(owner, &req.owner)
    {
        return Err(VaultError::WrongRequest.into());
    }
    Ok(req)
}

/// Closes a settled request: discriminator and shares zeroed (it can never be loaded or
/// paid again, even within this transaction), rent to the owner; the runtime drops the
/// account at the end of the transaction.
fn close_request(
    req: &mut WithdrawalRequest,
    request: &AccountView,
    owner: &AccountView,
) -> Result<(), ProgramError> {
    req.discriminator = 0;
    req.shares.set(0);
    let mut view = *request;
    let to = owner
        .lamports()
        .checked_add(request.lamports())
        .ok_or(CommonError::MathOverflow)?;
    // AccountView is a handle: the copies write the runtime's lamport fields in place.
    let mut owner = *owner;
    owner.set_lamports(to);
    view.set_lamports(0);
    Ok(())
}

/// Takes a settled request's shares out of the vault's escrow count.
fn release_escrow(state: &mut crate::state::VaultState, shares: u64) -> Result<(), CommonError> {
    let escrowed = state.escrowed_shares.get();
    state.escrowed_shares.set(
        escrowed
            .checked_sub(shares)
            .ok_or(CommonError::MathOverflow)?,
    );
    state
        .open_requests
        .set(state.open_requests.get().saturating_sub(1));
    Ok(())
}

/// Parses `[u64 LE] x N`.
fn parse_u64s<const N: usize>(data: &[u8]) -> Result<[u64; N], CommonError> {
    if Some(data.len()) != N.checked_mul(8) {
        return Err(CommonError::InvalidInstructionData);
    }
    let mut out = [0u64; N];
    for (v, chunk) in out.iter_mut().zip(data.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *v = u64::from_le_bytes(b);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_exactly_n_little_endian_words() {
        let mut d = [0u8; 24];
        d[0] = 5;
        d[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
        d[16] = 7;
        assert_eq!(parse_u64s::<3>(&d), Ok([5, u64::MAX, 7]));
        assert!(parse_u64s::<3>(&d[..23]).is_err());
        assert!(parse_u64s::<2>(&d).is_err());
    }
}
