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
    if !crate::merkle::eq32(account.address().as_array(), derived.as_array())
        || derived.is_on_curve()
    {
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

/// Marker appended to PDA derivation inputs by the runtime.
const PDA_MARKER: &[u8; 21] = b"ProgramDerivedAddress";

/// [`check_canonical`] for seeds given already concatenated (at most 64 bytes), hashed as
/// one contiguous buffer: the sha256 syscall charges a minimum per input slice, so this is
/// the cheaper form for the claim hot path. The address is the same as with separate seeds
/// (the derivation hashes the seeds' concatenation).
pub fn check_canonical_concat(
    account: &AccountView,
    seeds: &[u8],
    bump: u8,
    program_id: &Address,
) -> Result<(), CommonError> {
    let n = seeds.len();
    if n > 64 {
        return Err(CommonError::InvalidPda);
    }
    let mut buf = [0u8; 64 + 1 + 32 + 21];
    buf[..n].copy_from_slice(seeds);
    // `n <= 64`, so every offset below is within the 118-byte buffer.
    #[allow(clippy::arithmetic_side_effects)]
    let (bump_at, end) = (n, n + 1 + 32 + 21);
    #[allow(clippy::arithmetic_side_effects)]
    {
        buf[bump_at + 1..bump_at + 33].copy_from_slice(program_id.as_array());
        buf[bump_at + 33..end].copy_from_slice(PDA_MARKER);
    }
    let derive = |buf: &mut [u8; 118], b: u8| {
        buf[bump_at] = b;
        Address::new_from_array(solana_sha256_hasher::hashv(&[&buf[..end]]).to_bytes())
    };
    let derived = derive(&mut buf, bump);
    if !crate::merkle::eq32(account.address().as_array(), derived.as_array())
        || derived.is_on_curve()
    {
        return Err(CommonError::InvalidPda);
    }
    let mut higher = bump;
    while higher < u8::MAX {
        // `higher < 255` so the increment cannot overflow.
        #[allow(clippy::arithmetic_side_effects)]
        {
            higher += 1;
        }
        if !derive(&mut buf, higher).is_on_curve() {
            return Err(CommonError::InvalidPda);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn concatenated_seeds_derive_the_same_address_as_separate_seeds() {
        let program = Address::new_from_array([9; 32]);
        let (a, b, c) = (b"claim".as_slice(), [3u8; 8], [4u8; 32]);
        let mut concat = std::vec::Vec::from(a);
        concat.extend_from_slice(&b);
        concat.extend_from_slice(&c);
        let (found, bump) = Address::find_program_address(&[a, &b, &c], &program);
        let mut buf = concat.clone();
        buf.push(bump);
        buf.extend_from_slice(program.as_array());
        buf.extend_from_slice(PDA_MARKER);
        assert_eq!(
            solana_sha256_hasher::hashv(&[&buf]).to_bytes(),
            *found.as_array()
        );
    }
}
