//! Wide integer math for money.
//!
//! The upstream BPF backend cannot lower 128-bit multiplication or division (they become
//! `__multi3`/`__udivti3` library calls it refuses), so the one operation money math needs,
//! `a * b / d` with a 128-bit intermediate, is built here from 64-bit operations on 32-bit
//! limbs. Every result carries an explicit rounding direction so callers state who the
//! rounding favours.
#![allow(clippy::arithmetic_side_effects)] // every operation below is bounded by construction (see comments)

/// Which way a division that does not come out even is rounded.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum Rounding {
    /// Towards zero: use when the result is paid out by the vault.
    Down,
    /// Away from zero: use when the result is owed to the vault.
    Up,
}

const LO32: u64 = 0xffff_ffff;

/// Full 128-bit product of two `u64`, as `(high, low)` halves.
#[inline]
pub const fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    // Each partial product of two 32-bit limbs fits in 64 bits; the middle sum needs at most
    // one extra carry bit, which `cross` absorbs because (2^32-1)^2 + 2*(2^32-1) < 2^64.
    let (a1, a0) = (a >> 32, a & LO32);
    let (b1, b0) = (b >> 32, b & LO32);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let cross = (p00 >> 32) + (p01 & LO32) + (p10 & LO32);
    let lo = (cross << 32) | (p00 & LO32);
    let hi = p11 + (p01 >> 32) + (p10 >> 32) + (cross >> 32);
    (hi, lo)
}

/// Divides the 128-bit value `(hi, lo)` by `d`, returning `(quotient, remainder)`.
///
/// Returns `None` when `d` is zero or the quotient does not fit in 64 bits (`hi >= d`).
/// Knuth's algorithm D specialised to two 32-bit quotient digits (Hacker's Delight, divlu).
#[inline]
pub fn div_wide(hi: u64, lo: u64, d: u64) -> Option<(u64, u64)> {
    if d == 0 || hi >= d {
        return None;
    }
    if hi == 0 {
        return Some((lo / d, lo % d));
    }
    const B: u64 = 1 << 32;
    let s = d.leading_zeros();
    let v = d << s;
    let (vn1, vn0) = (v >> 32, v & LO32);
    let un32 = if s == 0 {
        hi
    } else {
        (hi << s) | (lo >> (64 - s))
    };
    let un10 = lo << s;
    let (un1, un0) = (un10 >> 32, un10 & LO32);

    let mut q1 = un32 / vn1;
    let mut rhat = un32 - q1 * vn1;
    while q1 >= B || q1 * vn0 > (rhat << 32) + un1 {
        q1 -= 1;
        rhat += vn1;
        if rhat >= B {
            break;
        }
    }
    let un21 = (un32 << 32)
        .wrapping_add(un1)
        .wrapping_sub(q1.wrapping_mul(v));

    let mut q0 = un21 / vn1;
    rhat = un21 - q0 * vn1;
    while q0 >= B || q0 * vn0 > (rhat << 32) + un0 {
        q0 -= 1;
        rhat += vn1;
        if rhat >= B {
            break;
        }
    }
    let r = (un21 << 32)
        .wrapping_add(un0)
        .wrapping_sub(q0.wrapping_mul(v))
        >> s;
    Some(((q1 << 32) | q0, r))
}

/// `a * b / d` with a 128-bit intermediate and the given rounding.
///
/// Returns `None` on division by zero or when the result does not fit in a `u64`.
#[inline]
pub fn mul_div(a: u64, b: u64, d: u64, rounding: Rounding) -> Option<u64> {
    let (hi, lo) = mul_wide(a, b);
    let (q, r) = div_wide(hi, lo, d)?;
    match rounding {
        Rounding::Up if r != 0 => q.checked_add(1),
        _ => Some(q),
    }
}

/// `a * b` when it fits in a `u64`, without the overflow-checked multiply the BPF backend lacks.
#[inline]
pub fn checked_mul(a: u64, b: u64) -> Option<u64> {
    match mul_wide(a, b) {
        (0, lo) => Some(lo),
        _ => None,
    }
}

/// Shifts the 128-bit value `(hi, lo)` right by `n` bits, returning the low 64 bits of the
/// result only if the result fits in a `u64`, and whether any 1 bits were shifted out.
#[inline]
pub fn shr_wide(hi: u64, lo: u64, n: u32) -> Option<(u64, bool)> {
    match n {
        0 => (hi == 0).then_some((lo, false)),
        1..=63 => {
            if hi >> n != 0 {
                return None;
            }
            let q = (hi << (64 - n)) | (lo >> n);
            let lost = lo & ((1u64 << n) - 1) != 0;
            Some((q, lost))
        }
        64..=127 => {
            let k = n - 64;
            let q = hi >> k;
            let lost = lo != 0 || (k > 0 && hi & ((1u64 << k) - 1) != 0);
            Some((q, lost))
        }
        _ => Some((0, hi != 0 || lo != 0)),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    /// Deterministic xorshift so the tests need no dependency and replay exactly.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        /// Values biased towards edges: small, near powers of two, near u64::MAX.
        fn edgy(&mut self) -> u64 {
            let r = self.next();
            match r % 6 {
                0 => r % 1000,
                1 => u64::MAX - (r % 1000),
                2 => 1u64 << (r % 64),
                3 => (1u64 << (r % 64)).wrapping_sub(1),
                4 => r >> (r % 64),
                _ => r,
            }
        }
    }

    #[test]
    fn mul_wide_matches_host_u128() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let (a, b) = (rng.edgy(), rng.edgy());
            let want = (a as u128) * (b as u128);
            assert_eq!(
                mul_wide(a, b),
                ((want >> 64) as u64, want as u64),
                "{a} * {b}"
            );
        }
    }

    #[test]
    fn div_wide_matches_host_u128() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..200_000 {
            let d = rng.edgy().max(1);
            let hi = rng.edgy() % d;
            let lo = rng.edgy();
            let n = ((hi as u128) << 64) | lo as u128;
            let (q, r) = div_wide(hi, lo, d).unwrap();
            assert_eq!(q as u128, n / d as u128, "{n} / {d}");
            assert_eq!(r as u128, n % d as u128, "{n} % {d}");
        }
    }

    #[test]
    fn div_wide_rejects_zero_divisor_and_overflowing_quotient() {
        assert_eq!(div_wide(0, 5, 0), None);
        assert_eq!(div_wide(7, 0, 7), None);
        assert_eq!(div_wide(u64::MAX, 0, 3), None);
    }

    #[test]
    fn mul_div_rounds_in_the_stated_direction() {
        assert_eq!(mul_div(10, 10, 3, Rounding::Down), Some(33));
        assert_eq!(mul_div(10, 10, 3, Rounding::Up), Some(34));
        assert_eq!(mul_div(9, 10, 3, Rounding::Up), Some(30));
        assert_eq!(
            mul_div(u64::MAX, u64::MAX, u64::MAX, Rounding::Up),
            Some(u64::MAX)
        );
        assert_eq!(mul_div(u64::MAX, 2, 1, Rounding::Down), None);
        assert_eq!(
            mul_div(u64::MAX, u64::MAX, u64::MAX - 1, Rounding::Up),
            None
        );
        assert_eq!(mul_div(1, 1, 0, Rounding::Down), None);
    }

    #[test]
    fn mul_div_matches_host_u128_both_directions() {
        let mut rng = Rng(0xdead_beef_cafe_f00d);
        for _ in 0..200_000 {
            let (a, b, d) = (rng.edgy(), rng.edgy(), rng.edgy());
            let n = (a as u128) * (b as u128);
            let want_down = (d != 0)
                .then(|| n / d as u128)
                .filter(|q| *q <= u64::MAX as u128);
            let want_up = (d != 0)
                .then(|| n.div_ceil(d as u128))
                .filter(|q| *q <= u64::MAX as u128);
            assert_eq!(
                mul_div(a, b, d, Rounding::Down),
                want_down.map(|q| q as u64)
            );
            assert_eq!(mul_div(a, b, d, Rounding::Up), want_up.map(|q| q as u64));
        }
    }

    #[test]
    fn checked_mul_matches_host() {
        let mut rng = Rng(42);
        for _ in 0..100_000 {
            let (a, b) = (rng.edgy(), rng.edgy());
            assert_eq!(checked_mul(a, b), a.checked_mul(b));
        }
    }

    #[test]
    fn shr_wide_matches_host_u128() {
        let mut rng = Rng(7);
        for _ in 0..100_000 {
            let (hi, lo) = (rng.edgy(), rng.edgy());
            let n = (rng.next() % 140) as u32;
            let v = ((hi as u128) << 64) | lo as u128;
            let (q, lost) = if n >= 128 {
                (0, v != 0)
            } else {
                (v >> n, v & ((1u128 << n) - 1) != 0)
            };
            let want = (q <= u64::MAX as u128).then_some((q as u64, lost));
            assert_eq!(shr_wide(hi, lo, n), want, "{v} >> {n}");
        }
    }
}
