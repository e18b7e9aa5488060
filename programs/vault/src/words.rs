//! 32-byte key equality in four 8-byte words.
//!
//! `==` on `[u8; 32]` (and on `Address`) lowers to a byte-at-a-time loop on the upstream BPF
//! backend (about 130 CU per equal pair); the vault compares mints, holdings and program ids
//! in per-asset loops, so it compares a word at a time (about 20 CU).

use basket_common::CommonError;
use pinocchio::{AccountView, Address};

/// `validate::check_address` with word-wise comparison.
#[inline(always)]
pub fn check_address(
    account: &AccountView,
    expected: &Address,
    err: CommonError,
) -> Result<(), CommonError> {
    if address_is(account, expected.as_array()) {
        Ok(())
    } else {
        Err(err)
    }
}

/// `validate::check_owner` with word-wise comparison.
#[inline(always)]
pub fn check_owner(account: &AccountView, owner: &Address) -> Result<(), CommonError> {
    if owned_by(account, owner) {
        Ok(())
    } else {
        Err(CommonError::InvalidOwner)
    }
}

/// `account` is the program-derived address of `seeds` and `bump` under `program_id` (one
/// `sol_sha256`, then a word-wise compare).
#[inline(always)]
pub fn is_pda<const N: usize>(
    account: &AccountView,
    seeds: &[&[u8]; N],
    bump: u8,
    program_id: &Address,
) -> bool {
    Address::try_derive_address(seeds, Some(bump), program_id)
        .is_ok_and(|derived| address_is(account, derived.as_array()))
}

/// Whether the account is owned by `program`.
#[inline(always)]
pub fn owned_by(account: &AccountView, program: &Address) -> bool {
    key_eq(account.owner().as_array(), program.as_array())
}

/// Whether the account's address is `key`.
#[inline(always)]
pub fn address_is(account: &AccountView, key: &[u8; 32]) -> bool {
    key_eq(account.address().as_array(), key)
}

/// Copies `src` into the start of `dst` (which must be at least as long). A
/// `copy_from_slice` of variable length compiles to a `memcpy` call that this toolchain
/// cannot link; on the target it goes to the runtime's memcpy syscall instead.
#[inline(always)]
pub fn copy_prefix(dst: &mut [u8], src: &[u8]) {
    let n = src.len().min(dst.len());
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: both ranges hold `n` bytes and do not overlap (distinct borrows).
    unsafe {
        pinocchio::syscalls::sol_memcpy_(dst.as_mut_ptr(), src.as_ptr(), n as u64);
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    dst[..n].copy_from_slice(&src[..n]);
}

/// Whether two 32-byte keys are equal.
#[inline(always)]
pub fn key_eq(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let (a, b) = (words(a), words(b));
    (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) == 0
}

#[inline(always)]
fn words(k: &[u8; 32]) -> [u64; 4] {
    let p = k.as_ptr() as *const u64;
    // SAFETY: the four reads stay inside the 32-byte array; `read_unaligned` allows any
    // alignment.
    unsafe {
        [
            p.read_unaligned(),
            p.add(1).read_unaligned(),
            p.add(2).read_unaligned(),
            p.add(3).read_unaligned(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::key_eq;

    #[test]
    fn differs_on_any_single_bit_of_any_byte() {
        let a = [0x5au8; 32];
        assert!(key_eq(&a, &a));
        for i in 0..32 {
            for bit in 0..8 {
                let mut b = a;
                b[i] ^= 1 << bit;
                assert!(!key_eq(&a, &b), "{i} {bit}");
            }
        }
    }
}
