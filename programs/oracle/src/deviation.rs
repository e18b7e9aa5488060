//! The per-push deviation cap on an entry's value per raw unit.
//!
//! The value per raw unit is `price_usd_1e8 x multiplier_num`, a 128-bit product; a move
//! from `old` to `new` exceeds `bps` basis points when `|new - old| x 10,000 > old x bps`.
//! Four exact paths, cheapest first (the BPF backend has no 128-bit multiply, so every
//! wide product is built from 32-bit limbs):
//! 1. same multiplier and prices below 2^50: the value ratio is the price ratio, 64-bit;
//! 2. both values below about 2^82 (up to USD 48,000 per whole raw token): each value is
//!    split as `w x 2^32 + r` straight from the limb products (`split_value`), and the
//!    comparison is done on the 64-bit parts (`exceeds_cap_split`);
//! 3. both values below about 2^97: the same split at bit 48 (`split_value_48`), then the
//!    same comparison;
//! 4. anything else: the 192-bit comparison (`exceeds_cap_wide`).
//!
//! Every path gives the same answer (host tests against a `u128` reference).

use basket_common::math::mul_wide;

const BPS_DENOMINATOR: u64 = 10_000;
const LO32: u64 = 0xffff_ffff;

/// Prices up to this bound take the 64-bit path when the multiplier is unchanged.
const FAST_PATH_MAX: u64 = 1 << 50;

/// A split value `w x 2^S + r` keeps `w < 2^SPLIT_HIGH_BITS`, so that the high part times
/// 10,000 (or times `bps`) stays below 2^64: 2^50 x 10,000 < 2^63.3.
const SPLIT_HIGH_BITS: u32 = 50;

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
    exceeds_cap_changed(old_price, old_multiplier, new_price, new_multiplier, bps)
}

/// The multiplier changed (or a price is above 2^50): the split path when both values
/// allow it, else the 192-bit one. Out of line so the loop around `exceeds_cap` keeps its
/// registers for the common case.
#[inline(never)]
fn exceeds_cap_changed(
    old_price: u64,
    old_multiplier: u64,
    new_price: u64,
    new_multiplier: u64,
    bps: u16,
) -> bool {
    if let (Some(old), Some(new)) = (
        split_value(old_price, old_multiplier),
        split_value(new_price, new_multiplier),
    ) {
        return exceeds_cap_split::<32>(old, new, bps);
    }
    exceeds_cap_large(old_price, old_multiplier, new_price, new_multiplier, bps)
}

/// Values of about 2^82 and above: split at bit 48 instead, else the 192-bit comparison.
/// Out of line, like the caller, so the common 32-bit split keeps its registers.
#[inline(never)]
fn exceeds_cap_large(
    old_price: u64,
    old_multiplier: u64,
    new_price: u64,
    new_multiplier: u64,
    bps: u16,
) -> bool {
    if let (Some(old), Some(new)) = (
        split_value_48(old_price, old_multiplier),
        split_value_48(new_price, new_multiplier),
    ) {
        return exceeds_cap_split::<48>(old, new, bps);
    }
    exceeds_cap_wide(
        mul_wide(old_price, old_multiplier),
        mul_wide(new_price, new_multiplier),
        bps,
    )
}

/// `a x b` as `(w, r)` with `a x b = w x 2^48 + r`, `r < 2^48` and `w < 2^50`, or `None`
/// when `a` or `b` is 2^63 or more or `a1 x b1 >= 2^33` (the product is then about 2^97
/// or more).
///
/// With 32-bit limbs, `a x b = p11 x 2^64 + m x 2^32 + (p00 mod 2^32)` where
/// `m = p01 + p10 + (p00 >> 32)`, so `w = p11 x 2^16 + (m >> 16)` and
/// `r = (m mod 2^16) x 2^32 + (p00 mod 2^32)`.
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)] // limb products are < 2^64; the bounds are checked below
fn split_value_48(a: u64, b: u64) -> Option<(u64, u64)> {
    let (a1, a0) = (a >> 32, a & LO32);
    let (b1, b0) = (b >> 32, b & LO32);
    // a1, b1 < 2^31: m < 2^32 x (a1 + b1 + 1) <= 2^64 does not overflow.
    if (a1 | b1) >= 1 << 31 {
        return None;
    }
    let p11 = a1 * b1;
    // p11 < 2^33: w < 2^49 + 2^48 < 2^50.
    if p11 >= 1 << 33 {
        return None;
    }
    let p00 = a0 * b0;
    let m = a0 * b1 + a1 * b0 + (p00 >> 32);
    Some(((p11 << 16) + (m >> 16), ((m & 0xffff) << 32) | (p00 & LO32)))
}

/// `a x b` as `(w, r)` with `a x b = w x 2^32 + r`, `r < 2^32` and `w < 2^50`, or `None`
/// when the high limbs are too large for that bound (`(a1 + 1) x (b1 + 1) > 2^18`).
///
/// With 32-bit limbs, `a x b = p11 x 2^64 + (p01 + p10) x 2^32 + p00`, so
/// `w = p11 x 2^32 + p01 + p10 + (p00 >> 32)` and `r = p00 mod 2^32` exactly: no carry
/// chain as in a full 128-bit product.
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)] // limb products are < 2^64; the bounds are checked below
fn split_value(a: u64, b: u64) -> Option<(u64, u64)> {
    const LIMIT: u64 = 1 << (SPLIT_HIGH_BITS - 32);
    let (a1, a0) = (a >> 32, a & LO32);
    let (b1, b0) = (b >> 32, b & LO32);
    if (a1 | b1) >= LIMIT {
        return None;
    }
    // a1, b1 < 2^18: p11 < 2^36 and the sum below cannot overflow.
    let p11 = a1 * b1;
    if p11 + a1 + b1 >= LIMIT {
        return None;
    }
    // w < (a1 + 1)(b1 + 1) x 2^32 = (p11 + a1 + b1 + 1) x 2^32 <= 2^50 (a0, b0 < 2^32):
    // neither the sum nor any partial sum of its non-negative terms overflows.
    let p00 = a0 * b0;
    let w = (p11 << 32) + a0 * b1 + a1 * b0 + (p00 >> 32);
    Some((w, p00 & LO32))
}

/// The cap check on split values: `old = wo x 2^S + ro`, `new = wn x 2^S + rn` with
/// `wo, wn < 2^50` and `ro, rn < 2^S`, `S` 32 or 48. Exact, in 64-bit arithmetic.
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)] // every bound is stated next to its operation
fn exceeds_cap_split<const S: u32>((wo, ro): (u64, u64), (wn, rn): (u64, u64), bps: u16) -> bool {
    const { assert!(S == 32 || S == 48) };
    let low_mask: u64 = (1 << S) - 1;
    // d = |new - old| = dw x 2^S + dr with dr < 2^S and dw <= max(wo, wn) < 2^50.
    let (dw, dr) = if (wn, rn) >= (wo, ro) {
        (wn - wo - (rn < ro) as u64, rn.wrapping_sub(ro) & low_mask)
    } else {
        (wo - wn - (ro < rn) as u64, ro.wrapping_sub(rn) & low_mask)
    };
    // d x 10,000 = x x 2^S + xl and old x bps = y x 2^S + yl, where x, y < 2^50 x 10^4
    // < 2^64 and xl, yl < 2^S x 10^4 < 2^(S + 14) <= 2^62.
    let bps = bps as u64;
    let (x, xl) = (dw * BPS_DENOMINATOR, dr * BPS_DENOMINATOR);
    let (y, yl) = (wo * bps, ro * bps);
    // x x 2^S + xl > y x 2^S + yl. A gap of 2^14 or more in the high parts is worth at
    // least 2^(S + 14) > any low part, so it decides alone; a smaller gap times 2^S is below
    // 2^(S + 14) <= 2^62 and the low parts are added exactly (sum < 2^63).
    const DECIDES: u64 = 1 << 14;
    if x > y {
        let gap = x - y;
        gap >= DECIDES || (gap << S) + xl > yl
    } else {
        let gap = y - x;
        gap < DECIDES && xl > (gap << S) + yl
    }
}

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

/// The general case: exact 192-bit comparison of the two 128-bit value products.
#[inline(always)]
fn exceeds_cap_wide((oh, ol): (u64, u64), (nh, nl): (u64, u64), bps: u16) -> bool {
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

    /// The 192-bit path on its own.
    fn wide(op: u64, om: u64, np: u64, nm: u64, bps: u16) -> bool {
        exceeds_cap_wide(mul_wide(op, om), mul_wide(np, nm), bps)
    }

    /// The 48-bit split path on its own, when both values allow it.
    fn split48(op: u64, om: u64, np: u64, nm: u64, bps: u16) -> Option<bool> {
        let (o, n) = (split_value_48(op, om)?, split_value_48(np, nm)?);
        Some(exceeds_cap_split::<48>(o, n, bps))
    }

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
                    wide(op, m, np.max(1), m, bps),
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

    /// The exact answer on the host, for values whose two sides fit in a u128.
    fn reference(op: u64, om: u64, np: u64, nm: u64, bps: u16) -> Option<bool> {
        let old = op as u128 * om as u128;
        let diff = old.abs_diff(np as u128 * nm as u128);
        Some(diff.checked_mul(10_000)? > old.checked_mul(bps as u128)?)
    }

    #[test]
    fn split_value_48_is_the_exact_product_or_refuses() {
        let mut x: u64 = 0x6a09_e667_f3bc_c908;
        for i in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = x >> (x % 37);
            let b = (x.rotate_left(23) >> (i % 41)) | 1;
            let accepted = (a >> 32 | b >> 32) < 1 << 31 && (a >> 32) * (b >> 32) < 1 << 33;
            match split_value_48(a, b) {
                Some((w, r)) => {
                    assert!(accepted && w < 1 << 50 && r < 1 << 48, "{a} {b}");
                    let product = a as u128 * b as u128;
                    assert_eq!(((w as u128) << 48) + r as u128, product, "{a} {b}");
                }
                None => assert!(!accepted, "{a} {b}"),
            }
        }
        // The limits: a1 or b1 at 2^31, and a1 x b1 just below and at 2^33.
        let full = |hi: u64| hi << 32 | u32::MAX as u64;
        assert!(split_value_48(full((1 << 31) - 1), u32::MAX as u64).is_some());
        assert!(split_value_48(1 << 63, 1).is_none());
        assert!(split_value_48(1, 1 << 63).is_none());
        assert!(split_value_48(full((1 << 30) - 1), full(7)).is_some());
        assert!(split_value_48(full(1 << 30), full(8)).is_none());
    }

    #[test]
    fn split_value_is_the_exact_product_or_refuses() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for i in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Edge-biased: small, near-limit and random high limbs.
            let a = x >> (x % 41);
            let b = (x.rotate_left(29) >> (i % 45)) | u64::from(i % 3 == 0);
            let product = a as u128 * b as u128;
            let bounded = ((a >> 32) + 1) * ((b >> 32) + 1) <= 1 << 18;
            match split_value(a, b) {
                Some((w, r)) => {
                    assert!(bounded && w < 1 << 50 && r < 1 << 32, "{a} {b}");
                    assert_eq!(((w as u128) << 32) + r as u128, product, "{a} {b}");
                }
                None => assert!(!bounded, "{a} {b}"),
            }
        }
        // The limit itself: (a1 + 1)(b1 + 1) = 2^18 is accepted, one more is refused.
        assert!(split_value(u64::MAX >> 14, u64::MAX >> 32).is_some());
        assert!(split_value(u64::MAX >> 14, 1 << 32).is_none());
        assert!(split_value((1 << 50) - 1, 1).is_some());
        assert!(split_value(1 << 50, 1).is_none());
    }

    #[test]
    fn the_split_paths_agree_with_the_wide_path_and_the_reference_at_the_cap() {
        // Given values in both split paths' ranges, a new value exactly at the cap (up and
        // down) and one unit either side of it, for many magnitudes and caps.
        let mut x: u64 = 0x853c_49e6_748f_ea9b;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut n32, mut n48) = (0u32, 0u32);
        for _ in 0..50_000 {
            let bps = u16::try_from(next() % 10_001).unwrap();
            let om = 1_000_000_000_000 + next() % 1_000_000_000_000;
            // old value = op x om with a price from 1 unit to 2^55 (values up to 2^96).
            let op = 1 + (next() >> (9 + next() % 55));
            let old = op as u128 * om as u128;
            // Move by exactly bps: new = old x (10,000 +- bps) / 10,000, then choose a new
            // multiplier and price that give that value (or a neighbour) when it divides.
            let up = next() % 2 == 0;
            let target = if up {
                old * (10_000 + bps as u128) / 10_000
            } else {
                old * (10_000 - bps as u128) / 10_000
            };
            for delta in [-1i128, 0, 1] {
                let value = (target as i128 + delta) as u128;
                let nm = om - next() % 1_000; // a FeeAccrual-style small decay
                let (np, rest) = (value / nm as u128, value % nm as u128);
                if np == 0 || np > u64::MAX as u128 {
                    continue;
                }
                let np = np as u64;
                let want = reference(op, om, np, nm, bps).unwrap();
                if let (Some(o), Some(n)) = (split_value(op, om), split_value(np, nm)) {
                    let split = exceeds_cap_split::<32>(o, n, bps);
                    assert_eq!(split, want, "{op} {om} {np} {nm} {bps} {rest}");
                    n32 += 1;
                }
                assert_eq!(
                    split48(op, om, np, nm, bps),
                    Some(want),
                    "{op} {om} {np} {nm}"
                );
                n48 += 1;
                assert_eq!(wide(op, om, np, nm, bps), want);
                assert_eq!(exceeds_cap(op, om, np, nm, bps), want);
            }
        }
        assert!(n32 > 50_000 && n48 > 100_000, "{n32} {n48}");
    }

    #[test]
    fn the_split_paths_decide_gaps_at_the_2_pow_14_threshold_exactly() {
        // Given old = 2^32 x w (r = 0) and bps = 10,000, a new value of 2 x old + k makes
        // the high-part gap (0) and the low parts (k x 10,000 vs 0) decide.
        let w = 1u64 << 20;
        for k in [0u64, 1, 2] {
            let old = (w, 0);
            let new = (2 * w + k / (1 << 32), k % (1 << 32));
            assert_eq!(exceeds_cap_split::<32>(old, new, 10_000), k > 0, "{k}");
        }
        // Small gaps in the high parts with low parts on the other side, both directions.
        for (old, new, bps) in [
            ((1_000u64, 0u64), (1_100u64, 0u64), 1_000u16),
            ((1_000, 5), (1_100, 4), 1_000),
            ((1_000, 5), (1_100, 6), 1_000),
            ((1_000, 0), (900, 0), 1_000),
            ((1_000, 1), (900, 0), 1_000),
            ((1_000, 0), (899, u32::MAX as u64), 1_000),
            ((1 << 49, 7), ((1 << 49) + (1 << 45), 3), 625),
            ((1 << 49, 7), ((1 << 49) + (1 << 45), 8), 625),
        ] {
            let to_u128 = |(w, r): (u64, u64), s: u32| ((w as u128) << s) + r as u128;
            let (o, n) = (to_u128(old, 32), to_u128(new, 32));
            let want = o.abs_diff(n) * 10_000 > o * bps as u128;
            assert_eq!(
                exceeds_cap_split::<32>(old, new, bps),
                want,
                "{old:?} {new:?} {bps}"
            );
            // The same high parts with 48-bit low parts (scaled so the low side still
            // decides).
            let scale = |(w, r): (u64, u64)| (w, r << 16);
            let (o, n) = (to_u128(scale(old), 48), to_u128(scale(new), 48));
            let want = o.abs_diff(n) * 10_000 > o * bps as u128;
            let got = exceeds_cap_split::<48>(scale(old), scale(new), bps);
            assert_eq!(got, want, "{old:?} {new:?} {bps}");
        }
    }

    #[test]
    fn every_path_matches_the_reference_on_random_multiplier_changes() {
        let mut x: u64 = 0xdead_beef_cafe_f00d;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut split32, mut split48_only, mut wide_only) = (0u32, 0u32, 0u32);
        for _ in 0..200_000 {
            let op = (next() >> (next() % 64)).max(1);
            let om = (next() >> (next() % 64)).max(1);
            // New values near the old ones (within about 20%) or anywhere.
            let (np, nm) = if next() % 2 == 0 {
                let f = 8_000 + next() % 4_000;
                (
                    (op / 10_000).saturating_mul(f).max(1),
                    (om - om / (1 + next() % 1_000)).max(1),
                )
            } else {
                (
                    (next() >> (next() % 64)).max(1),
                    (next() >> (next() % 64)).max(1),
                )
            };
            let bps = u16::try_from(next() % 10_001).unwrap();
            let Some(want) = reference(op, om, np, nm, bps) else {
                continue;
            };
            assert_eq!(wide(op, om, np, nm, bps), want);
            assert_eq!(
                exceeds_cap(op, om, np, nm, bps),
                want,
                "{op} {om} {np} {nm} {bps}"
            );
            let s48 = split48(op, om, np, nm, bps);
            if let (Some(o), Some(n)) = (split_value(op, om), split_value(np, nm)) {
                assert_eq!(
                    exceeds_cap_split::<32>(o, n, bps),
                    want,
                    "{op} {om} {np} {nm} {bps}"
                );
                assert_eq!(s48, Some(want));
                split32 += 1;
            } else if let Some(got) = s48 {
                assert_eq!(got, want, "{op} {om} {np} {nm} {bps}");
                split48_only += 1;
            } else {
                wide_only += 1;
            }
        }
        // Every path was exercised many times.
        assert!(
            split32 > 20_000 && split48_only > 5_000 && wide_only > 5_000,
            "{split32} {split48_only} {wide_only}"
        );
    }
}
