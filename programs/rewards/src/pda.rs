//! Canonical-bump checks at the price of sha256 and curve-point syscalls.
//!
//! `find_program_address` costs 1,500 CU per bump tried. A claim passes the bump in its
//! data instead; the program derives the address with one sha256 (about 100 CU), checks it
//! is off the curve (159 CU), and checks every higher bump gives an on-curve point (so the
//! passed bump is the canonical one: the first off-curve bump counting down from 255).

use basket_common::CommonError;
use pinocchio::{AccountView, Address};

/// Fails with `InvalidPda` unless `account` is the canonical PDA of `seeds` and `bump`.
pub fn check_canonical<const N: usize>(
    account: &AccountView,
    seeds: &[&[u8]; N],
    bump: u8,
    program_id: &Address,
) -> Result<(), CommonError> {
    let derived = Address::try_derive_address(seeds, Some(bump), program_id)
        .map_err(|_| CommonError::InvalidPda)?;
    if account.address() != &derived || derived.is_on_curve() {
        return Err(CommonError::InvalidPda);
    }
    let mut higher = bump;
    while higher < u8::MAX {
        // `higher < 255` so the increment cannot overflow.
        #[allow(clippy::arithmetic_side_effects)]
        {
            higher += 1;
        }
        let candidate = Address::try_derive_address(seeds, Some(higher), program_id)
            .map_err(|_| CommonError::InvalidPda)?;
        if !candidate.is_on_curve() {
            return Err(CommonError::InvalidPda);
        }
    }
    Ok(())
}
