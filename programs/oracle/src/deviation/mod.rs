//! The per-push deviation cap on an entry's value per raw unit.
//!
//! The value per raw unit is `price_usd_1e8 x multiplier_num`, a 128-bit product; a move
//! from `old` to `new` exceeds `bps` basis points when `|new - old| x 10,000 > old x bps`.
//! Three exact paths, cheapest first (the BPF backend has no 128-bit multiply, so every
//! wide product is built from 32-bit limbs):
//! 1. same multiplier and prices below 2^50: the value ratio is the price ratio, 64-bit;
//! 2. both values below about 2^97 (USD 1.5 billion per whole raw token): each value is
//!    split as `w x 2^48 + r` straight from the limb products (`split_value`), and the
//!    comparison is done on those 64-bit parts (`exceeds_cap_split`);
//! 3. anything else: the 192-bit comparison (`exceeds_cap_wide`).
//!
//! Every path gives the same answer (host tests against a `u128` reference).

use basket_common::math::mul_wide;

const BPS_DENOMINATOR: u64 = 10_000;
const LO32: u64 = 0xffff_ffff;

/// Prices up to this bound take the 64-bit path when the multiplier is unchanged.
const FAST_PATH_MAX: u64 = 1 << 50;

/// Where `split_value` splits a value: `w x 2^SPLIT + r`.
const SPLIT: u32 = 48;

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

/// The multiplier changed (or a price is above 2^50): the split comparison when both values
/// allow it, else the 192-bit one. Out of line so the loop around `exceeds_cap` keeps its
/// registers for the common case (inlined, it slowed unchanged-multiplier pushes).
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
        return exceeds_cap_split(old, new, bps);
    }
    exceeds_cap_huge(old_price, old_multiplier, new_price, new_multiplier, bps)
}

/// Values of about 2^97 and above: full 128-bit products, 192-bit comparison.
#[inline(never)]
fn exceeds_cap_huge(
    old_price: u64,
    old_multiplier: u64,
    new_price: u64,
    new_multiplier: u64,
    bps: u16,
) -> bool {
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
/// `r = (m mod 2^16) x 2^32 + (p00 mod 2^32)`: no carry chain as in a full 128-bit
/// product.
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)] // limb products are < 2^64; the bounds are checked below
fn split_value(a: u64, b: u64) -> Option<(u64, u64)> {
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

/// The cap check on split values: `old = wo x 2^48 + ro`, `new = wn x 2^48 + rn` with
/// `wo, wn < 2^50` and `ro, rn < 2^48`. Exact, in 64-bit arithmetic.
#[inline(always)]
#[allow(clippy::arithmetic_side_effects)] // every bound is stated next to its operation
fn exceeds_cap_split((wo, ro): (u64, u64), (wn, rn): (u64, u64), bps: u16) -> bool {
    const LOW: u64 = (1 << SPLIT) - 1;
    // d = |new - old| = dw x 2^48 + dr with dr < 2^48 and dw <= max(wo, wn) < 2^50.
    let (dw, dr) = if (wn, rn) >= (wo, ro) {
        (wn - wo - (rn < ro) as u64, rn.wrapping_sub(ro) & LOW)
    } else {
        (wo - wn - (ro < rn) as u64, ro.wrapping_sub(rn) & LOW)
    };
    // d x 10,000 = x x 2^48 + xl and old x bps = y x 2^48 + yl, where x, y < 2^50 x 10^4
    // < 2^64 and xl, yl < 2^48 x 10^4 < 2^62.
    let bps = bps as u64;
    let (x, xl) = (dw * BPS_DENOMINATOR, dr * BPS_DENOMINATOR);
    let (y, yl) = (wo * bps, ro * bps);
    // x x 2^48 + xl > y x 2^48 + yl. A gap of 2^14 or more in the high parts is worth at
    // least 2^62 > any low part, so it decides alone; a smaller gap times 2^48 is below
    // 2^62 and the low parts are added exactly (sum < 2^63).
    const DECIDES: u64 = 1 << 14;
    if x > y {
        let gap = x - y;
        gap >= DECIDES || (gap << SPLIT) + xl > yl
    } else {
        let gap = y - x;
        gap < DECIDES && xl > (gap << SPLIT) + yl
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
mod tests;
