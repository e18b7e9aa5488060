//! Word-wise key checks for the vault's per-asset loops (`basket_common::bytes` explains why
//! `==` on keys is avoided on this target).

use pinocchio::{AccountView, Address};

// The shared checks compare word-wise too; the vault calls them under these names.
pub use basket_common::{
    bytes::eq32 as key_eq,
    validate::{check_address, check_owner},
};

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
