//! Byte-string and address equality in 8-byte words.
//!
//! `==` on byte slices and on `Address` lowers to `memcmp`, which the upstream BPF toolchain
//! links as a byte-at-a-time loop (several instructions per byte, about 130 CU per equal
//! address). Keys, owners and tags are compared on every push, so they are compared a word
//! at a time here (about 20 CU per address).
// The shared checks compare word-wise too; the oracle calls them under these names.
pub use basket_common::{
    bytes::address_eq,
    validate::{check_address, check_owner},
};

/// Whether `a` and `b` hold the same bytes.
#[inline(always)]
pub fn eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut wa = a.chunks_exact(8);
    let mut wb = b.chunks_exact(8);
    for (x, y) in (&mut wa).zip(&mut wb) {
        // SAFETY: `chunks_exact(8)` yields slices of exactly 8 bytes; unaligned reads are
        // allowed by `read_unaligned`.
        let (x, y) = unsafe {
            (
                (x.as_ptr() as *const u64).read_unaligned(),
                (y.as_ptr() as *const u64).read_unaligned(),
            )
        };
        if x != y {
            return false;
        }
    }
    wa.remainder()
        .iter()
        .zip(wb.remainder())
        .all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::eq;

    #[test]
    fn compares_every_byte_of_every_length() {
        let a = [7u8; 40];
        for len in 0..40 {
            assert!(eq(&a[..len], &a[..len]));
            for i in 0..len {
                let mut b = a;
                b[i] ^= 1;
                assert!(!eq(&a[..len], &b[..len]), "{len} {i}");
            }
        }
        assert!(!eq(&a[..3], &a[..4]));
    }
}
