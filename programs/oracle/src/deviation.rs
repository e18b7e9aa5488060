//! The per-push deviation cap on an entry's value per raw unit.
//!
//! The value per raw unit is `price_usd_1e8 x multiplier_num`, a 128-bit product; a move
//! from `old` to `new` exceeds `bps` basis points when `|new - old| x 10,000 > old x bps`.
//! Both sides can reach about 142 bits, so they are compared as 192-bit numbers built from
//! 32-bit limb products (the BPF backend has no 128-bit multiply, and 128-bit integer code
//! costs about three times as many instructions).

use basket_common::math::mul_wide;

const BPS_DENOMINATOR: u64 = 10_000;
const LO32: u64 = 0xffff_ffff;

/// `(hi, lo) * k` for `k < 2^32`, as a 192-bit number `(top, mid, low)`.
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)] // each limb product is < 2^64 (32-bit x 32-bit); sums are bounded below
fn mul_small(hi: u64, lo: u64, k: u64) -> (u64, u64, u64) {
    let l0 = (lo & LO32) * k;
    let l1 = (lo >> 32) * k;
    let h0 = (hi & LO32) * k;
    let h1 = (hi >> 32) * k;
    let r0 = l0.wrapping_add(l1 << 32);
    let c0 = (r0 < l0) as u64;
    // (l1 >> 32) < 2^32, h0 < 2^64 - 2^33: the sum cannot overflow.
    let mid = (l1 >> 32) + c0 + h0;
    let r1 = mid.wrapping_add(h1 << 32);
    let c1 = (r1 < mid) as u64;
    ((h1 >> 32) + c1, r1, r0)
}

/// Whether moving from `(old_price, old_multiplier)` to `(new_price, new_multiplier)`
/// changes the value per raw unit by more than `bps` basis points of the old value.
#[inline(always)]
pub fn exceeds_cap(
    old_price: u64,
    old_multiplier: u64,
    new_price: u64,
    new_multiplier: u64,
    bps: u16,
) -> bool {
    if old_multiplier == new_multiplier
        && old_multiplier != 0
        && old_price <= FAST_PATH_MAX
        && new_price <= FAST_PATH_MAX
    {
        // Same multiplier: the value ratio is the price ratio, and with both prices below
        // 2^50 (USD 11 million per token) both sides fit in a u64.
        #[allow(clippy::arithmetic_side_effects)] // bounded: (2^50) x 10_000 < 2^64
        return old_price.abs_diff(new_price) * BPS_DENOMINATOR > old_price * bps as u64;
    }
    exceeds_cap_wide(old_price, old_multiplier, new_price, new_multiplier, bps)
}

/// Prices up to this bound take the 64-bit path when the multiplier is unchanged.
const FAST_PATH_MAX: u64 = 1 << 50;

/// The general case: exact 192-bit comparison of the two value products.
#[inline(never)]
fn exceeds_cap_wide(
    old_price: u64,
    old_multiplier: u64,
    new_price: u64,
    new_multiplier: u64,
    bps: u16,
) -> bool {
    let (oh, ol) = mul_wide(old_price, old_multiplier);
    let (nh, nl) = mul_wide(new_price, new_multiplier);
    // |new - old| as a 128-bit (hi, lo) pair.
    let (dh, dl) = if (nh, nl) > (oh, ol) {
        (
            nh.wrapping_sub(oh).wrapping_sub((nl < ol) as u64),
            nl.wrapping_sub(ol),
        )
    } else {
        (
            oh.wrapping_sub(nh).wrapping_sub((ol < nl) as u64),
            ol.wrapping_sub(nl),
        )
    };
    mul_small(dh, dl, BPS_DENOMINATOR) > mul_small(oh, ol, bps as u64)
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
        assert!(!exceeds_cap(
            200,
            1_000_000_000_000,
            100,
            2_000_000_000_000,
            1
        ));
        // Price unchanged but multiplier doubled: a 100% move.
        assert!(exceeds_cap(
            200,
            1_000_000_000_000,
            200,
            2_000_000_000_000,
            9_999
        ));
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
    fn the_fast_path_agrees_with_the_wide_path() {
        for (op, np, bps) in [
            (1u64 << 50, 0u64, 10_000u16),
            (1 << 50, 1, 9_999),
            (12_345, 13_580, 1_000),
            (12_345, 13_579, 1_000),
            (5, 4, 2_000),
        ] {
            for m in [1u64, 1_000_000_000_000] {
                assert_eq!(
                    exceeds_cap(op, m, np.max(1), m, bps),
                    exceeds_cap_wide(op, m, np.max(1), m, bps),
                    "{op} {np} {bps} {m}"
                );
            }
        }
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
            let (op, om, np) = (
                next() >> (next() % 64),
                next() >> (next() % 64),
                next() >> (next() % 64),
            );
            // Half the cases keep the multiplier (the fast path when prices are small).
            let nm = if next() % 2 == 0 {
                om
            } else {
                next() >> (next() % 64)
            };
            let bps = u16::try_from(next() % 10_001).unwrap();
            let old = op as u128 * om as u128;
            let diff = old.abs_diff(np as u128 * nm as u128);
            // The host reference in u128, for the cases where both sides fit.
            if let (Some(a), Some(b)) = (diff.checked_mul(10_000), old.checked_mul(bps as u128)) {
                assert_eq!(
                    exceeds_cap(op, om, np, nm, bps),
                    a > b,
                    "{op} {om} {np} {nm} {bps}"
                );
            }
        }
    }
}
