//! Program-derived addresses checked against a stored bump.
//!
//! Accounts store the canonical bump found once at creation, so hot paths recompute the
//! address with one `sol_sha256` (about 100 CU) instead of `find_program_address`
//! (up to 1,500 CU per try).

use crate::error::CommonError;
use pinocchio::{AccountView, Address};

/// Fails with `InvalidPda` unless `account` is `seeds + [bump]` derived from `program_id`.
#[inline]
pub fn check_pda<const N: usize>(
    account: &AccountView,
    seeds: &[&[u8]; N],
    bump: u8,
    program_id: &Address,
) -> Result<(), CommonError> {
    let derived = Address::try_derive_address(seeds, Some(bump), program_id)
        .map_err(|_| CommonError::InvalidPda)?;
    if crate::bytes::address_eq(account.address(), &derived) {
        Ok(())
    } else {
        Err(CommonError::InvalidPda)
    }
}

/// Finds the canonical bump of `seeds` and checks `account` is that address. Costs up to
/// 1,500 CU per bump tried: only for instructions that create the account.
pub fn find_canonical(
    account: &AccountView,
    seeds: &[&[u8]],
    program_id: &Address,
) -> Result<u8, CommonError> {
    let (address, bump) =
        Address::try_find_program_address(seeds, program_id).ok_or(CommonError::InvalidPda)?;
    if crate::bytes::address_eq(account.address(), &address) {
        Ok(bump)
    } else {
        Err(CommonError::InvalidPda)
    }
}
