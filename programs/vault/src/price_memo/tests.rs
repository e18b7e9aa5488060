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
        verified_bits: Default::default(),
        ext_offset: Default::default(),
        reserved2: [0; 6],
        holding: [0; 32],
        permanent_delegate: [0; 32],
        claims_owed_raw: Default::default(),
        delegate_offset: Default::default(),
        mint_flags: 0,
        reserved3: [0; 5],
    }
}

/// The exact value of `raw` units at `e` (8 decimals), rounded `r`: the u128 reference.
fn exact(raw: u64, e: &NavEntry, r: Rounding) -> u64 {
    let num = raw as u128 * e.price_usd_1e8.get() as u128 * e.multiplier_num.get() as u128;
    let den = 10u128.pow(22); // 1e12 (multiplier) x 10^(8 + 2)
    let q = num / den;
    (if r == Rounding::Up && num % den != 0 {
        q + 1
    } else {
        q
    }) as u64
}

/// What the vault prices `raw` units of `a` at (8 decimals): its pricing unit, one division.
fn priced(a: &AssetEntry, raw: u64, r: Rounding) -> u64 {
    let mut sum = crate::nav::NavSum::new(0);
    sum.add_units(raw, pricing_unit(a, r).unwrap(), 8).unwrap();
    sum.total(r).unwrap()
}

/// `got` is `want` or one unit beyond it on the vault's side (the unit's own rounding).
fn near(got: u64, want: u64, r: Rounding) -> bool {
    match r {
        Rounding::Up => got == want || got == want + 1,
        Rounding::Down => got == want || got + 1 == want,
    }
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
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let e = entry(23_456_000_000, M);
    let raw = 350_000_000;
    let vault = VaultState::load_mut(&mut v).unwrap();
    vault.assets[0] = asset(raw);
    put_entry(&mut s, 1, &e);
    roll(vault, NavSnapshot::load(&s).unwrap());
    for r in [Rounding::Up, Rounding::Down] {
        assert!(near(priced(&vault.assets[0], raw, r), exact(raw, &e, r), r));
    }
}

#[test]
fn an_asset_never_rolled_has_no_pricing_unit() {
    assert_eq!(pricing_unit(&asset(1), Rounding::Up), None);
    assert_eq!(pricing_unit(&asset(1), Rounding::Down), None);
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
    assert!(near(
        priced(a, raw, Rounding::Up),
        exact(raw, &new, Rounding::Up),
        Rounding::Up
    ));
    // Down: the old, lower value.
    let got = priced(a, raw, Rounding::Down);
    assert!(got < exact(raw, &new, Rounding::Down));
    let old_down = exact(raw, &old, Rounding::Down);
    assert!(near(got, old_down, Rounding::Down), "{got} {old_down}");
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
    let got = priced(&a, raw, Rounding::Up);
    let old_up = exact(raw, &old, Rounding::Up);
    assert!(near(got, old_up, Rounding::Up), "{got} {old_up}");
    let down = priced(&a, raw, Rounding::Down);
    assert!(near(down, exact(raw, &new, Rounding::Down), Rounding::Down));
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
        assert!(near(priced(&a, raw, r), exact(raw, &e, r), r));
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
        assert!(near(priced(&a, raw, r), exact(raw, &after, r), r));
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

#[test]
fn a_snapshot_older_than_the_window_is_forgotten_not_used_as_the_previous_price() {
    use basket_common::layout::AccountLayout;
    let (mut v, mut s) = vault_and_snapshot();
    let raw = 350_000_000;
    let vault = VaultState::load_mut(&mut v).unwrap();
    vault.assets[0] = asset(raw);
    let publish = |s: &mut [u8], t: i64| s[36..44].copy_from_slice(&t.to_le_bytes());
    put_entry(&mut s, 1, &entry(20_000_000_000, M));
    publish(&mut s, 1_000);
    roll(vault, NavSnapshot::load(&s).unwrap());
    // Exactly the window later: still the previous price.
    put_entry(&mut s, 2, &entry(22_000_000_000, M));
    publish(&mut s, 1_000 + MEMO_WINDOW_SECS);
    roll(vault, NavSnapshot::load(&s).unwrap());
    assert!(vault.assets[0].prev_unit_1e8.get() > 0);
    assert_eq!(vault.memo_publish_time.get(), 1_000 + MEMO_WINDOW_SECS);
    // One second more than the window after that: forgotten, priced at the current one.
    let now = entry(24_000_000_000, M);
    put_entry(&mut s, 3, &now);
    publish(&mut s, 1_001 + 2 * MEMO_WINDOW_SECS);
    roll(vault, NavSnapshot::load(&s).unwrap());
    let a = vault.assets[0];
    assert_eq!(a.prev_unit_1e8.get(), 0);
    assert_eq!(a.unit_inexact & PREV_INEXACT, 0);
    assert!(near(
        priced(&a, raw, Rounding::Down),
        exact(raw, &now, Rounding::Down),
        Rounding::Down
    ));
}
