//! Host tests of `share_math`: every function against a `u128` reference, plus the
//! economic properties the security checklist asks for.
#![allow(
    clippy::arithmetic_side_effects,
    clippy::cast_possible_truncation,
    clippy::manual_is_multiple_of
)] // test code
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
    /// Values biased towards edges: small, powers of two, near u64::MAX, and realistic sizes.
    fn edgy(&mut self) -> u64 {
        let r = self.next();
        match r % 7 {
            0 => r % 1000,
            1 => u64::MAX - (r % 1000),
            2 => 1u64 << (r % 64),
            3 => (1u64 << (r % 64)).wrapping_sub(1),
            4 => r >> (r % 64),
            5 => r % 1_000_000_000_000_000,
            _ => r,
        }
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn div_r(n: u128, d: u128, up: bool) -> Option<u64> {
    if d == 0 {
        return None;
    }
    let q = if up { n.div_ceil(d) } else { n / d };
    u64::try_from(q).ok()
}

fn ref_mul_div(a: u64, b: u64, d: u64, up: bool) -> Option<u64> {
    div_r(a as u128 * b as u128, d as u128, up)
}

fn rounding(up: bool) -> Rounding {
    if up {
        Rounding::Up
    } else {
        Rounding::Down
    }
}

#[test]
fn asset_value_matches_the_two_step_u128_reference() {
    let mut rng = Rng(0x1357_9bdf_2468_ace0);
    for _ in 0..100_000 {
        let raw = rng.edgy();
        let mult = rng.edgy().max(1);
        let price = rng.edgy();
        let dec = rng.below(MAX_ASSET_DECIMALS as u64 + 1) as u8;
        let up = rng.next() % 2 == 0;
        let want = if raw == 0 {
            Some(0)
        } else {
            ref_mul_div(raw, mult, MULTIPLIER_SCALE, up)
                .and_then(|s| ref_mul_div(s, price, 10u64.pow(dec as u32 + 2), up))
        };
        assert_eq!(
            asset_value_usd(raw, mult, price, dec, rounding(up)).ok(),
            want,
            "{raw} {mult} {price} {dec} {up}"
        );
    }
}

#[test]
fn asset_value_down_and_up_bracket_the_exact_value() {
    let mut rng = Rng(99);
    for _ in 0..100_000 {
        // Realistic ranges (the exact product must fit in u128): up to 1e11 raw, multipliers
        // 0.01..100, prices up to $10k.
        let raw = rng.below(100_000_000_000);
        let mult = 10_000_000_000 + rng.below(100 * MULTIPLIER_SCALE);
        let price = rng.below(1_000_000_000_000);
        let dec = rng.below(MAX_ASSET_DECIMALS as u64 + 1) as u8;
        let num = raw as u128 * mult as u128 * price as u128;
        let den = MULTIPLIER_SCALE as u128 * 10u128.pow(dec as u32 + 2);
        let (Ok(lo), Ok(hi)) = (
            asset_value_usd(raw, mult, price, dec, Rounding::Down),
            asset_value_usd(raw, mult, price, dec, Rounding::Up),
        ) else {
            continue;
        };
        assert!(lo as u128 * den <= num, "down is a lower bound");
        assert!(hi as u128 * den >= num, "up is an upper bound");
        // Two roundings, the second amplified by at most price / 10^(dec+2) + 1 units.
        assert!(
            hi - lo <= 2 + price / 10u64.pow(dec as u32 + 2),
            "{raw} {mult} {price} {dec}"
        );
    }
}

#[test]
fn asset_value_of_a_known_holding() {
    // Given 2.5 whole tokens (8 decimals) at multiplier 1.05 and $200.00
    let v = asset_value_usd(
        250_000_000,
        1_050_000_000_000,
        20_000_000_000,
        8,
        Rounding::Down,
    )
    .unwrap();
    // Then 2.5 x 1.05 x 200 = $525.000000
    assert_eq!(v, 525_000_000);
    assert_eq!(asset_value_usd(0, 1, 1, 8, Rounding::Up), Ok(0));
    assert_eq!(
        asset_value_usd(1, 1, 1, 13, Rounding::Up),
        Err(CommonError::MathOverflow)
    );
}

#[test]
fn shares_for_deposit_matches_the_u128_reference() {
    let mut rng = Rng(0xfeed);
    for _ in 0..100_000 {
        let (d, nav, supply) = (rng.edgy(), rng.edgy(), rng.edgy());
        let want = supply
            .checked_add(VIRTUAL_SHARES)
            .zip(nav.checked_add(VIRTUAL_ASSETS_USD))
            .and_then(|(s, a)| ref_mul_div(d, s, a, false));
        assert_eq!(shares_for_deposit(d, nav, supply).ok(), want);
    }
}

#[test]
fn the_first_deposit_is_priced_at_one_usd_per_share() {
    assert_eq!(shares_for_deposit(1_000_000_000, 0, 0), Ok(1_000_000_000));
    assert_eq!(price_per_share(0, 0), Ok(PPS_SCALE));
}

#[test]
fn value_and_in_kind_match_the_u128_reference() {
    let mut rng = Rng(0xbeef);
    for _ in 0..100_000 {
        let (nav, supply, book) = (rng.edgy(), rng.edgy(), rng.edgy());
        let shares = if supply == 0 {
            0
        } else {
            rng.next() % supply.saturating_add(1)
        };
        let st = supply.checked_add(VIRTUAL_SHARES);
        let at = nav.checked_add(VIRTUAL_ASSETS_USD);
        let want_value = st
            .zip(at)
            .and_then(|(s, a)| ref_mul_div(shares, a, s, false));
        assert_eq!(value_of_shares(shares, nav, supply).ok(), want_value);
        let want_kind = st.and_then(|s| ref_mul_div(book, shares, s, false));
        assert_eq!(in_kind_amount(shares, book, supply).ok(), want_kind);
    }
    assert!(
        value_of_shares(11, 100, 10).is_err(),
        "more shares than the supply"
    );
    assert!(in_kind_amount(11, 100, 10).is_err());
}

#[test]
fn a_deposit_then_full_redemption_never_profits() {
    let mut rng = Rng(0xabcdef);
    for _ in 0..100_000 {
        let nav = rng.below(1_000_000_000_000_000);
        let supply = rng.below(1_000_000_000_000_000);
        let deposit = 1 + rng.below(1_000_000_000_000);
        let Ok(shares) = shares_for_deposit(deposit, nav, supply) else {
            continue;
        };
        let back = value_of_shares(shares, nav + deposit, supply + shares).unwrap();
        assert!(
            back <= deposit,
            "deposit {deposit} back {back} nav {nav} supply {supply}"
        );
        // In kind: the depositor's part of the cash just deposited is at most the deposit.
        let cash = in_kind_amount(shares, deposit, supply + shares).unwrap();
        assert!(cash <= deposit);
    }
}

#[test]
fn depositing_in_many_pieces_never_gains_shares() {
    let mut rng = Rng(0x5eed);
    for _ in 0..2_000 {
        let (mut nav, mut supply) = (rng.below(1_000_000_000_000), rng.below(1_000_000_000_000));
        let total = 1 + rng.below(1_000_000_000);
        let whole = shares_for_deposit(total, nav, supply).unwrap();
        let pieces = 1 + rng.below(20);
        let (mut got, mut left) = (0u64, total);
        for i in 0..pieces {
            let part = if i + 1 == pieces { left } else { left / 2 };
            let s = shares_for_deposit(part, nav, supply).unwrap();
            nav += part;
            supply += s;
            got += s;
            left -= part;
        }
        assert!(got <= whole + 1, "pieces {got} whole {whole}");
    }
}

#[test]
fn first_depositor_inflation_leaves_the_victim_whole_and_the_attacker_poorer() {
    // Given an attacker who deposits 1 raw unit into an empty vault
    let attacker_shares = shares_for_deposit(1, 0, 0).unwrap();
    assert_eq!(attacker_shares, 1);
    let mut nav = 1u64;
    let mut supply = attacker_shares;
    // And (if the book could be inflated, which it cannot: donations are never booked)
    // a NAV jump of $1M in the attacker's favour
    let donation = 1_000_000_000_000u64;
    nav += donation;
    // When a victim deposits $1,000
    let victim_deposit = 1_000_000_000u64;
    let victim_shares = shares_for_deposit(victim_deposit, nav, supply).unwrap();
    nav += victim_deposit;
    supply += victim_shares;
    // Then the victim can redeem at least the deposit minus one share's worth (<= $1 here),
    let victim_value = value_of_shares(victim_shares, nav, supply).unwrap();
    let one_share = value_of_shares(1, nav, supply).unwrap() + 1;
    assert!(
        victim_value + one_share >= victim_deposit,
        "victim {victim_value}"
    );
    // and the attacker recovers far less than deposit + donation.
    let attacker_value = value_of_shares(attacker_shares, nav, supply).unwrap();
    assert!(
        attacker_value < donation / 1000,
        "attacker {attacker_value}"
    );
}

#[test]
fn fees_round_up_and_never_vanish() {
    assert_eq!(fee_on(10_000, 5), Ok(5));
    assert_eq!(fee_on(10_001, 5), Ok(6));
    assert_eq!(
        fee_on(1, 5),
        Ok(1),
        "a non-zero value never pays a zero fee"
    );
    assert_eq!(fee_on(0, 5), Ok(0));
    assert_eq!(fee_on(u64::MAX, 5), Ok(9_223_372_036_854_776));
    let mut rng = Rng(3);
    for _ in 0..100_000 {
        let (a, b) = (rng.below(1 << 62), rng.below(1 << 62));
        let bps = rng.below(10_001) as u16;
        assert_eq!(fee_on(a, bps).ok(), ref_mul_div(a, bps as u64, BPS, true));
        assert!(
            fee_on(a, bps).unwrap() + fee_on(b, bps).unwrap() >= fee_on(a + b, bps).unwrap(),
            "splitting pays less"
        );
    }
}

#[test]
fn stable_withdrawal_charges_five_bps_rounded_up() {
    // Given NAV $1,000,000 over 1,000,000 shares (price ~ $1)
    let w = stable_withdrawal(10_000_000_000, 1_000_000_000_000, 1_000_000_000_000, 5).unwrap();
    // Then $10,000 gross (rounded down), $5 fee, $9,995 net
    assert_eq!(w.gross_usd, 10_000_000_000);
    assert_eq!(w.fee_usd, 5_000_000);
    assert_eq!(w.net_usd, 9_995_000_000);
    let tiny = stable_withdrawal(1, 1_000_000_000_000, 1_000_000_000_000, 5).unwrap();
    assert_eq!((tiny.gross_usd, tiny.fee_usd, tiny.net_usd), (1, 1, 0));
}

#[test]
fn mgmt_fee_matches_the_u128_reference_and_one_year_is_twenty_bps() {
    let mut rng = Rng(11);
    for _ in 0..100_000 {
        let supply = rng.edgy();
        let bps = rng.below(201) as u16;
        let t = rng.below(2 * MAX_FEE_INTERVAL_SECS) as i64 - 1_000;
        let tt = (t.max(0) as u64).min(MAX_FEE_INTERVAL_SECS);
        let num = bps as u64 * tt;
        let want = if t <= 0 || bps == 0 || supply == 0 {
            Some(0)
        } else {
            ref_mul_div(supply, num, BPS * SECONDS_PER_YEAR - num, false)
        };
        assert_eq!(
            mgmt_fee_shares(supply, bps, t).ok(),
            want,
            "{supply} {bps} {t}"
        );
    }
    // One year at 20 bps: the treasury ends with 0.2% of the new supply (rounded down).
    let supply = 1_000_000_000_000u64;
    let s = mgmt_fee_shares(supply, 20, SECONDS_PER_YEAR as i64).unwrap();
    assert_eq!(s, 2_004_008_016);
    let fraction_ppm = s as u128 * 1_000_000 / (supply + s) as u128;
    assert_eq!(fraction_ppm, 1_999);
    assert_eq!(mgmt_fee_shares(supply, 20, -5), Ok(0));
    assert_eq!(mgmt_fee_shares(0, 20, 100), Ok(0));
}

#[test]
fn accruing_the_mgmt_fee_often_never_charges_more_than_accruing_once() {
    let mut rng = Rng(12);
    for _ in 0..2_000 {
        let supply0 = 1 + rng.below(1_000_000_000_000_000);
        let total = 1 + rng.below(SECONDS_PER_YEAR);
        let once = mgmt_fee_shares(supply0, 20, total as i64).unwrap();
        let (mut supply, mut left, mut minted) = (supply0, total, 0u64);
        while left > 0 {
            let step = (1 + rng.below(86_400)).min(left);
            let s = mgmt_fee_shares(supply, 20, step as i64).unwrap();
            supply += s;
            minted += s;
            left -= step;
        }
        assert!(minted <= once, "often {minted} once {once}");
    }
}

#[test]
fn perf_fee_is_due_only_above_the_high_water_mark() {
    let supply = 1_000_000_000_000u64; // 1,000,000 shares
    let nav = 1_000_000_000_000u64; // $1,000,000
    let hwm = price_per_share(nav, supply).unwrap();
    // At the mark: nothing.
    assert_eq!(
        perf_fee(nav, supply, hwm, 1_000),
        Ok(PerfFee {
            fee_shares: 0,
            new_hwm_pps: hwm
        })
    );
    // Below the mark: nothing, the mark stays.
    assert_eq!(
        perf_fee(nav / 2, supply, hwm, 1_000).unwrap().new_hwm_pps,
        hwm
    );
    // 10% above the mark at a 10% rate: a fee worth 1% of NAV gain... $10,000.
    let up = perf_fee(1_100_000_000_000, supply, hwm, 1_000).unwrap();
    let fee_value =
        value_of_shares(up.fee_shares, 1_100_000_000_000, supply + up.fee_shares).unwrap();
    assert!(
        fee_value <= 10_000_000_000 && fee_value > 9_999_000_000,
        "{fee_value}"
    );
    // The new mark is the post-fee price, above the old mark and below the pre-fee price.
    let pre = price_per_share(1_100_000_000_000, supply).unwrap();
    assert!(up.new_hwm_pps > hwm && up.new_hwm_pps < pre);
    // Crystallizing again at the same NAV charges nothing.
    let again = perf_fee(
        1_100_000_000_000,
        supply + up.fee_shares,
        up.new_hwm_pps,
        1_000,
    )
    .unwrap();
    assert_eq!(again.fee_shares, 0);
}

#[test]
fn perf_fee_never_exceeds_its_rate_of_the_gain() {
    let mut rng = Rng(13);
    for _ in 0..50_000 {
        let supply = 1 + rng.below(1_000_000_000_000_000);
        let nav = rng.below(1_000_000_000_000_000);
        let hwm = rng.below(3 * PPS_SCALE);
        let bps = rng.below(3_001) as u16;
        let Ok(f) = perf_fee(nav, supply, hwm, bps) else {
            continue;
        };
        let pps = price_per_share(nav, supply).unwrap();
        if f.fee_shares == 0 {
            assert_eq!(f.new_hwm_pps, hwm);
            continue;
        }
        let gain = (pps - hwm) as u128 * supply as u128 / PPS_SCALE as u128;
        let fee_value = value_of_shares(f.fee_shares, nav, supply + f.fee_shares).unwrap();
        assert!(fee_value as u128 <= gain * bps as u128 / BPS as u128);
        assert!(f.new_hwm_pps <= pps);
    }
}
