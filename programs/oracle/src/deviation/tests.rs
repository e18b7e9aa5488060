//! Each path of the deviation check against the others and a host `u128` reference.

use super::*;

/// The 192-bit path on its own.
fn wide(op: u64, om: u64, np: u64, nm: u64, bps: u16) -> bool {
    exceeds_cap_wide(mul_wide(op, om), mul_wide(np, nm), bps)
}

/// The split path on its own, when both values allow it.
fn split(op: u64, om: u64, np: u64, nm: u64, bps: u16) -> Option<bool> {
    let (o, n) = (split_value(op, om)?, split_value(np, nm)?);
    Some(exceeds_cap_split(o, n, bps))
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
fn split_value_is_the_exact_product_or_refuses() {
    let mut x: u64 = 0x6a09_e667_f3bc_c908;
    for i in 0..300_000u32 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // Edge-biased: small, near-limit and random high limbs.
        let a = x >> (x % 37);
        let b = (x.rotate_left(23) >> (i % 41)) | u64::from(i % 3 == 0);
        let accepted = (a >> 32 | b >> 32) < 1 << 31 && (a >> 32) * (b >> 32) < 1 << 33;
        match split_value(a, b) {
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
    assert!(split_value(full((1 << 31) - 1), u32::MAX as u64).is_some());
    assert!(split_value(1 << 63, 1).is_none());
    assert!(split_value(1, 1 << 63).is_none());
    assert!(split_value(full((1 << 30) - 1), full(7)).is_some());
    assert!(split_value(full(1 << 30), full(8)).is_none());
    // Every realistic value: USD 1.5 billion per whole raw token at multiplier 1.0.
    assert!(split_value(150_000_000_000_000_000, 1_000_000_000_000).is_some());
}

#[test]
fn the_split_path_agrees_with_the_wide_path_and_the_reference_at_the_cap() {
    // Given values in the split path's range, a new value exactly at the cap (up and
    // down) and one unit either side of it, for many magnitudes and caps.
    let mut x: u64 = 0x853c_49e6_748f_ea9b;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut checked = 0u32;
    for _ in 0..50_000 {
        let bps = u16::try_from(next() % 10_001).unwrap();
        let om = 1_000_000_000_000 + next() % 1_000_000_000_000;
        // old value = op x om with a price from 1 unit to 2^54 (values up to 2^95).
        let op = 1 + (next() >> (10 + next() % 54));
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
            assert_eq!(
                split(op, om, np, nm, bps),
                Some(want),
                "{op} {om} {np} {nm} {rest}"
            );
            assert_eq!(wide(op, om, np, nm, bps), want);
            assert_eq!(exceeds_cap(op, om, np, nm, bps), want);
            checked += 1;
        }
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn the_split_path_decides_gaps_at_the_2_pow_14_threshold_exactly() {
    let to_u128 = |(w, r): (u64, u64)| ((w as u128) << 48) + r as u128;
    // Given old = w x 2^48 (r = 0) and bps = 10,000, a new value of 2 x old + k leaves
    // the high parts equal and makes the low parts (k x 10,000 vs 0) decide.
    let w = 1u64 << 20;
    for k in [0u64, 1, 2] {
        assert_eq!(exceeds_cap_split((w, 0), (2 * w, k), 10_000), k > 0, "{k}");
    }
    // Small gaps in the high parts with low parts on the other side, both directions,
    // and gaps around 2^14.
    let top = (1u64 << 48) - 1;
    for (old, new, bps) in [
        ((1_000u64, 0u64), (1_100u64, 0u64), 1_000u16),
        ((1_000, 5), (1_100, 4), 1_000),
        ((1_000, 5), (1_100, 6), 1_000),
        ((1_000, 0), (900, 0), 1_000),
        ((1_000, 1), (900, 0), 1_000),
        ((1_000, 0), (899, top), 1_000),
        ((1 << 49, 7), ((1 << 49) + (1 << 45), 3), 625),
        ((1 << 49, 7), ((1 << 49) + (1 << 45), 8), 625),
        ((1 << 49, top), ((1 << 49) + (1 << 45) + 1, 0), 625),
        ((3, top), (3 + 2, 0), 10_000),
        ((1 << 49, 0), (1, top), 10_000),
        ((2, 0), (2 + 1, 0), 1),
        ((16_384, 0), (2 * 16_384 + 1, 0), 10_000),
    ] {
        let (o, n) = (to_u128(old), to_u128(new));
        let want = o.abs_diff(n) * 10_000 > o * bps as u128;
        assert_eq!(
            exceeds_cap_split(old, new, bps),
            want,
            "{old:?} {new:?} {bps}"
        );
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
    let (mut split_taken, mut wide_only) = (0u32, 0u32);
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
        match split(op, om, np, nm, bps) {
            Some(got) => {
                assert_eq!(got, want, "{op} {om} {np} {nm} {bps}");
                split_taken += 1;
            }
            None => wide_only += 1,
        }
    }
    // Both paths were exercised many times.
    assert!(
        split_taken > 20_000 && wide_only > 5_000,
        "{split_taken} {wide_only}"
    );
}
