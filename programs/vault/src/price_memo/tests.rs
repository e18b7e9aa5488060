#![allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)] // small fixed test inputs

extern crate std;
use super::*;
use basket_common::layout::{PodU16, PodU32, PodU64};

const M: u64 = 1_057_100_000_000; // multiplier 1.0571

fn entry(price: u64, mult: u64) -> NavEntry {
    NavEntry {
        mint: [7; 32],
        price_usd_1e8: PodU64::new(price),
        multiplier_num: PodU64::new(mult),
        updated_slot: PodU64::new(1),
        flags: PodU32::new(1),
        reserved: [0; 4],
    }
}

fn asset(book: u64) -> AssetEntry {
    AssetEntry {
        mint: [7; 32],
        holdings_raw: PodU64::new(book),
        target_weight_bps: PodU16::new(10_000),
        token_program: 1,
        decimals: 8,
        status: 1,
        holding_bump: 255,
        prev_unit_1e8: PodU64::new(0),
        seen_unit_1e8: PodU64::new(0),
        unit_inexact: 0,
        reserved: [0; 1],
    }
}

fn value(raw: u64, e: &NavEntry, r: Rounding) -> u64 {
    crate::share_math::asset_value_usd(raw, e.multiplier_num.get(), e.price_usd_1e8.get(), 8, r)
        .unwrap()
}

/// A zeroed vault state with one asset, and a snapshot buffer holding one entry.
fn vault_and_snapshot() -> (std::boxed::Box<[u8]>, std::boxed::Box<[u8]>) {
    use basket_common::layout::AccountLayout;
    let mut v = std::vec![0u8; VaultState::LEN].into_boxed_slice();
    v[0] = 1;
    v[1] = 1;
    v[5] = 1;
    let mut s = std::vec![0u8; NavSnapshot::LEN].into_boxed_slice();
    s[0] = 2;
    s[1] = 1;
    s[3] = 1;
    (v, s)
}

fn put_entry(s: &mut [u8], sequence: u64, e: &NavEntry) {
    s[20..28].copy_from_slice(&sequence.to_le_bytes());
    // SAFETY: NavEntry is 64 plain bytes.
    let bytes = unsafe { core::slice::from_raw_parts(e as *const NavEntry as *const u8, 64) };
    s[80..144].copy_from_slice(bytes);
}

#[test]
fn without_a_previous_value_the_current_value_stands() {
    let e = entry(23_456_000_000, M);
    let v = value(350_000_000, &e, Rounding::Up);
    assert_eq!(envelope(&asset(1), 350_000_000, Rounding::Up, v), Ok(v));
}

#[test]
fn deposits_take_the_higher_and_withdrawals_the_lower_of_two_snapshots() {
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let old = entry(20_000_000_000, M);
    let new = entry(21_000_000_000, M); // +5%
    let raw = 350_000_000;
    {
        let vault = VaultState::load_mut(&mut v).unwrap();
        vault.assets[0] = asset(raw);
        put_entry(&mut s, 1, &old);
        roll(vault, NavSnapshot::load(&s).unwrap());
        put_entry(&mut s, 2, &new);
        roll(vault, NavSnapshot::load(&s).unwrap());
        assert_eq!(vault.memo_sequence.get(), 2);
    }
    let vault = VaultState::load(&v).unwrap();
    let a = &vault.assets[0];
    // Up: the new, higher value is already the max.
    let up = value(raw, &new, Rounding::Up);
    assert_eq!(envelope(a, raw, Rounding::Up, up), Ok(up));
    // Down: the old, lower value.
    let down = value(raw, &new, Rounding::Down);
    let got = envelope(a, raw, Rounding::Down, down).unwrap();
    assert!(got < down);
    let old_down = value(raw, &old, Rounding::Down);
    assert!(got.abs_diff(old_down) <= 1, "{got} {old_down}");
}

#[test]
fn a_fall_prices_deposits_at_the_old_higher_value() {
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let old = entry(21_000_000_000, M);
    let new = entry(20_000_000_000, M);
    let raw = 350_000_000;
    let vault = VaultState::load_mut(&mut v).unwrap();
    vault.assets[0] = asset(raw);
    put_entry(&mut s, 5, &old);
    roll(vault, NavSnapshot::load(&s).unwrap());
    put_entry(&mut s, 6, &new);
    roll(vault, NavSnapshot::load(&s).unwrap());
    let a = vault.assets[0];
    let up = value(raw, &new, Rounding::Up);
    let got = envelope(&a, raw, Rounding::Up, up).unwrap();
    let old_up = value(raw, &old, Rounding::Up);
    assert!(got >= old_up && got <= old_up + 1, "{got} {old_up}");
    let down = value(raw, &new, Rounding::Down);
    assert_eq!(envelope(&a, raw, Rounding::Down, down), Ok(down));
}

#[test]
fn the_same_snapshot_twice_or_an_unchanged_price_changes_nothing() {
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let e = entry(23_456_000_000, M);
    let raw = 350_000_000;
    let vault = VaultState::load_mut(&mut v).unwrap();
    vault.assets[0] = asset(raw);
    put_entry(&mut s, 1, &e);
    roll(vault, NavSnapshot::load(&s).unwrap());
    roll(vault, NavSnapshot::load(&s).unwrap());
    assert_eq!(vault.assets[0].prev_unit_1e8.get(), 0);
    put_entry(&mut s, 2, &e);
    roll(vault, NavSnapshot::load(&s).unwrap());
    let a = vault.assets[0];
    assert!(a.prev_unit_1e8.get() > 0);
    for r in [Rounding::Up, Rounding::Down] {
        let cur = value(raw, &e, r);
        assert_eq!(envelope(&a, raw, r, cur), Ok(cur));
    }
}

#[test]
fn a_split_between_snapshots_is_not_a_move() {
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let before = entry(20_000_000_000, 1_000_000_000_000);
    let after = entry(10_000_000_000, 2_000_000_000_000); // 2:1 via the multiplier
    let raw = 350_000_000;
    let vault = VaultState::load_mut(&mut v).unwrap();
    vault.assets[0] = asset(raw);
    put_entry(&mut s, 1, &before);
    roll(vault, NavSnapshot::load(&s).unwrap());
    put_entry(&mut s, 2, &after);
    roll(vault, NavSnapshot::load(&s).unwrap());
    let a = vault.assets[0];
    for r in [Rounding::Up, Rounding::Down] {
        let cur = value(raw, &after, r);
        assert_eq!(envelope(&a, raw, r, cur), Ok(cur));
    }
}

#[test]
fn an_asset_not_held_at_the_roll_still_gets_its_previous_value() {
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let vault = VaultState::load_mut(&mut v).unwrap();
    vault.assets[0] = asset(0);
    put_entry(&mut s, 1, &entry(20_000_000_000, M));
    roll(vault, NavSnapshot::load(&s).unwrap());
    vault.assets[0].holdings_raw.set(5);
    put_entry(&mut s, 2, &entry(30_000_000_000, M));
    roll(vault, NavSnapshot::load(&s).unwrap());
    assert_eq!(
        vault.assets[0].prev_unit_1e8.get(),
        20_000_000_000 * 10_571 / 10_000
    );
}

#[test]
fn unit_value_matches_the_u128_reference() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..100_000u64 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let p = if i % 3 == 0 {
            x
        } else {
            x % 100_000_000_000_000
        };
        let m = if i % 5 == 0 {
            x.rotate_left(17)
        } else {
            1_000_000_000_000 + (x >> 44)
        };
        let exact = u128::from(p) * u128::from(m);
        let q = exact / 1_000_000_000_000;
        let want = if q > u128::from(u64::MAX) {
            (0, false)
        } else {
            (q as u64, exact % 1_000_000_000_000 != 0)
        };
        assert_eq!(unit_value_for_tests(&entry(p, m)), want, "{p} {m}");
    }
}
