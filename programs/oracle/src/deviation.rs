//! The per-push deviation cap on an entry's value per raw unit.
//!
//! The value per raw unit is `price_usd_1e8 x multiplier_num`, a 128-bit product; a move
//! from `old` to `new` exceeds `bps` basis points when `|new - old| x 10,000 > old x bps`.
//! Both sides can reach about 142 bits, so they are compared as 192-bit numbers built from
//! 64-bit limbs (the BPF backend has no 128-bit multiply).

use basket_common::math::mul_wide;

const BPS_DENOMINATOR: u64 = 10_000;

#[inline(always)]
fn wide(a: u64, b: u64) -> u128 {
    let (hi, lo) = mul_wide(a, b);
    ((hi as u128) << 64) | lo as u128
}

/// `x * k` as a 192-bit number `(top, low)`.
#[inline(always)]
fn mul_192(x: u128, k: u64) -> (u64, u128) {
    // Truncating casts take the two 64-bit limbs of `x` on purpose.
    #[allow(clippy::cast_possible_truncation)]
    let (x_hi, x_lo) = ((x >> 64) as u64, x as u64);
    let (c_lo, r0) = mul_wide(x_lo, k);
    let (c_hi, r1) = mul_wide(x_hi, k);
    let (mid, carry) = r1.overflowing_add(c_lo);
    // c_hi <= k - 1 < u64::MAX, so adding one carry bit cannot overflow.
    #[allow(clippy::arithmetic_side_effects)]
    let top = c_hi + carry as u64;
    (top, ((mid as u128) << 64) | r0 as u128)
}

/// Whether moving from `(old_price, old_multiplier)` to `(new_price, new_multiplier)`
/// changes the value per raw unit by more than `bps` basis points of the old value.
pub fn exceeds_cap(old_price: u64, old_multiplier: u64, new_price: u64, new_multiplier: u64, bps: u16) -> bool {
    let old = wide(old_price, old_multiplier);
    let new = wide(new_price, new_multiplier);
    let diff = if new > old { new.wrapping_sub(old) } else { old.wrapping_sub(new) };
    mul_192(diff, BPS_DENOMINATOR) > mul_192(old, bps as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_exactly_at_the_cap_passes_and_one_unit_above_fails() {
        // 10% cap on a value of 1,000: 1,100 and 900 pass, 1,101 and 899 fail.
        assert!(!exceeds_cap(1_000, 1, 1_100, 1, 1_000));
        assert!(!exceeds_cap(1_000, 1, 900, 1, 1_000));
        assert!(exceeds_cap(1_000, 1, 1_101, 1, 1_000));
        assert!(exceeds_cap(1_000, 1, 899, 1, 1_000));
    }

    #[test]
    fn compares_value_per_raw_unit_not_price_alone() {
        // A 2:1 split: price halves, multiplier doubles, value unchanged.
        assert!(!exceeds_cap(200, 1_000_000_000_000, 100, 2_000_000_000_000, 1));
        // Price unchanged but multiplier doubled: a 100% move.
        assert!(exceeds_cap(200, 1_000_000_000_000, 200, 2_000_000_000_000, 9_999));
    }

    #[test]
    fn extremes_do_not_overflow() {
        let m = u64::MAX;
        assert!(!exceeds_cap(m, m, m, m, 1));
        assert!(exceeds_cap(m, m, 1, 1, 9_999));
        assert!(!exceeds_cap(m, m, 1, 1, 10_000));
        assert!(exceeds_cap(1, 1, m, m, 10_000));
    }

    #[test]
    fn matches_a_host_reference_on_many_values() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..10_000 {
            let (op, om, np, nm) = (next() >> (next() % 64), next() >> (next() % 64), next() >> (next() % 64), next() >> (next() % 64));
            let bps = u16::try_from(next() % 10_001).unwrap();
            let old = op as u128 * om as u128;
            let diff = old.abs_diff(np as u128 * nm as u128);
            // The host reference in u128, for the cases where both sides fit.
            if let (Some(a), Some(b)) = (diff.checked_mul(10_000), old.checked_mul(bps as u128)) {
                assert_eq!(exceeds_cap(op, om, np, nm, bps), a > b, "{op} {om} {np} {nm} {bps}");
            }
        }
    }
}
