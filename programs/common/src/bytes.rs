//! 32-byte key equality in four 8-byte words.
//!
//! `==` on `[u8; 32]` and on `Address` lowers to an out-of-line byte-at-a-time loop on the
//! upstream BPF backend (over 100 CU per equal pair); keys, owners and mints are compared in
//! per-asset loops, so every program compares them a word at a time (about 20 CU).

use pinocchio::Address;

/// Whether two 32-byte values are equal: four unaligned 8-byte loads per side, XORed.
#[inline(always)]
pub fn eq32(a: &[u8; 32], b: &[u8; 32]) -> bool {
    let (pa, pb) = (a.as_ptr() as *const u64, b.as_ptr() as *const u64);
    // SAFETY: both are 32 readable bytes; unaligned reads are allowed on the target and host.
    unsafe {
        let d0 = core::ptr::read_unaligned(pa) ^ core::ptr::read_unaligned(pb);
        let d1 = core::ptr::read_unaligned(pa.add(1)) ^ core::ptr::read_unaligned(pb.add(1));
        let d2 = core::ptr::read_unaligned(pa.add(2)) ^ core::ptr::read_unaligned(pb.add(2));
        let d3 = core::ptr::read_unaligned(pa.add(3)) ^ core::ptr::read_unaligned(pb.add(3));
        (d0 | d1 | d2 | d3) == 0
    }
}

/// [`eq32`] for addresses.
#[inline(always)]
pub fn address_eq(a: &Address, b: &Address) -> bool {
    eq32(a.as_array(), b.as_array())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_only_when_every_byte_is_equal() {
        let a = [7u8; 32];
        assert!(eq32(&a, &a));
        for i in 0..32 {
            let mut b = a;
            b[i] ^= 1;
            assert!(!eq32(&a, &b), "byte {i}");
        }
    }
}
