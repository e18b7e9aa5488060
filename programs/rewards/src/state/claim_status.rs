use super::account_type;
use basket_common::layout::{AccountLayout, PodU16, PodU64};
use codama_macros::CodamaAccount;

/// Prefix of the claim-status seed string.
pub const CLAIM_SEED_PREFIX: &[u8; 5] = b"claim";

/// Length of the claim-status seed: `"claim"` and 16 lowercase hex digits of the epoch id.
pub const CLAIM_SEED_LEN: usize = 21;

/// The seed string of an epoch's claim statuses: `"claim"` followed by the epoch id as 16
/// lowercase hex digits, most significant first (`claim000000000000000a` for epoch 10).
///
/// A fixed-width ASCII string because the system program takes `create_account_with_seed`
/// seeds as UTF-8 strings of at most 32 bytes (the u64 LE bytes are not always valid UTF-8),
/// and because one epoch id must have exactly one seed, hence one address per claimant.
#[inline(always)]
pub fn claim_seed(epoch_id: u64) -> [u8; CLAIM_SEED_LEN] {
    let mut seed = [0u8; CLAIM_SEED_LEN];
    seed[..5].copy_from_slice(CLAIM_SEED_PREFIX);
    // `epoch_id >> 32` fits a u32, and so does the truncated low half.
    #[allow(clippy::cast_possible_truncation)]
    let (high, low) = ((epoch_id >> 32) as u32, epoch_id as u32);
    seed[5..13].copy_from_slice(&hex8(high).to_be_bytes());
    seed[13..21].copy_from_slice(&hex8(low).to_be_bytes());
    seed
}

/// The 8 lowercase hex digits of `x` as ASCII bytes, most significant digit in the highest
/// byte, computed a word at a time (a digit loop costs ~100 CU more per claim).
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)]
fn hex8(x: u32) -> u64 {
    // No operation below carries across bytes: every byte holds a nibble (at most 15) until
    // the last line, whose bytes end at most 15 + 0x30 + 0x27 = 0x66 ('f').
    let mut v = u64::from(x);
    v = ((v & 0xffff_0000) << 16) | (v & 0xffff);
    v = ((v & 0x0000_ff00_0000_ff00) << 8) | (v & 0x0000_00ff_0000_00ff);
    v = ((v & 0x00f0_00f0_00f0_00f0) << 4) | (v & 0x000f_000f_000f_000f);
    // 1 in each byte whose nibble is 10 or more (a letter).
    let letters = ((v + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    v + 0x3030_3030_3030_3030 + letters * 0x27
}

/// The address of `claimant`'s claim status for the epoch whose seed is `seed`: the system
/// program's `create_with_seed` address `sha256(claimant || seed || program id)`.
///
/// No bump, so exactly one address per (epoch, claimant) and one sha256 to check it, whatever
/// the claimant's key; only the claimant (the base) can sign for its creation.
#[inline(always)]
pub fn claim_status_address(
    claimant: &[u8; 32],
    seed: &[u8; CLAIM_SEED_LEN],
    program_id: &[u8; 32],
) -> [u8; 32] {
    solana_sha256_hasher::hashv(&[claimant, seed, program_id]).to_bytes()
}

/// Receipt of one claim, at [`claim_status_address`] (created with seed, base = claimant).
///
/// Layout (76 bytes):
/// - `[0]` discriminator = 4, `[1]` version = 2 (1 had no leaf)
/// - `[2..4]` deferred (u16 LE): bit `i` set = the leaf's amount of the epoch's mint `i` is
///   owed but was not paid (its holding or the destination was frozen, the mint paused, or
///   the holding short after a seizure); a later `claim` with the same proof pays it
/// - `[4..12]` epoch id
/// - `[12..44]` claimant
/// - `[44..76]` leaf: the hash of the leaf the first claim proved; a later claim (paying what
///   it deferred) must present the same leaf, so a tree holding two leaves for one claimant
///   never pays a second one outside the epoch's accounting
///
/// No claim time: reading the Clock costs compute on the hot path, and the claim's
/// transaction (and its event) carries the time.
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
pub struct ClaimStatus {
    #[codama(default_value = 4)]
    pub discriminator: u8,
    pub version: u8,
    #[codama(type = number(u16))]
    pub deferred: PodU16,
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    #[codama(type = public_key)]
    pub claimant: [u8; 32],
    #[codama(type = fixed_size(bytes, 32))]
    pub leaf: [u8; 32],
}

const _: () =
    assert!(core::mem::size_of::<ClaimStatus>() == 76 && core::mem::align_of::<ClaimStatus>() == 1);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for ClaimStatus {
    const DISCRIMINATOR: u8 = account_type::CLAIM_STATUS;
    const VERSION: u8 = 2;
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use solana_address::Address;

    #[test]
    fn seed_is_the_prefix_and_16_hex_digits_of_the_epoch_id() {
        assert_eq!(&claim_seed(10), b"claim000000000000000a");
        assert_eq!(&claim_seed(0x0123_4567_89ab_cdef), b"claim0123456789abcdef");
        assert_eq!(&claim_seed(u64::MAX), b"claimffffffffffffffff");
        assert!(core::str::from_utf8(&claim_seed(u64::MAX)).is_ok());
    }

    #[test]
    fn seed_digits_match_the_standard_formatting() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            let expected = std::format!("claim{x:016x}");
            assert_eq!(claim_seed(x).as_slice(), expected.as_bytes());
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
    }

    #[test]
    fn address_is_the_system_programs_create_with_seed_address() {
        let claimant = Address::new_from_array([7; 32]);
        let program = Address::new_from_array([9; 32]);
        let seed = claim_seed(42);
        let expected =
            Address::create_with_seed(&claimant, core::str::from_utf8(&seed).unwrap(), &program)
                .unwrap();
        assert_eq!(
            claim_status_address(claimant.as_array(), &seed, program.as_array()),
            *expected.as_array()
        );
    }

    #[test]
    fn every_epoch_and_claimant_has_its_own_address() {
        let (a, b, program) = ([1u8; 32], [2u8; 32], [9u8; 32]);
        let at = |who: &[u8; 32], epoch| claim_status_address(who, &claim_seed(epoch), &program);
        assert_ne!(at(&a, 1), at(&a, 2));
        assert_ne!(at(&a, 1), at(&b, 1));
        assert_ne!(
            at(&a, 1),
            claim_status_address(&a, &claim_seed(1), &[8; 32])
        );
    }
}
