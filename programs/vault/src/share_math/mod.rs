//! Share and fee arithmetic of the vault, pure and host-tested against a `u128` reference.
//!
//! Units: USD values in 1e-6 USD (`*_usd`), shares in raw share units (6 decimals), asset
//! amounts raw (unscaled). `supply` always means the effective supply: minted shares plus
//! management-fee shares owed to the treasury and not yet minted.
//!
//! Every division states its rounding; the rule is that rounding never favours the caller
//! against the remaining shareholders (shares and payouts round down, fees owed by a caller
//! round up, fee shares minted to the treasury round down).
//!
//! First-depositor inflation is defeated twice: NAV is computed from the vault's own book of
//! raw holdings (a donation to a holding account is never counted), and every share price
//! uses a virtual offset of `VIRTUAL_SHARES` shares backed by `VIRTUAL_ASSETS_USD`, so the
//! first share price is 1 USD and no single deposit can make later deposits round to zero.
#![allow(clippy::arithmetic_side_effects)] // every operation is checked or bounded (see comments)

use basket_common::{
    math::{mul_div, Rounding},
    multiplier::MULTIPLIER_SCALE,
    CommonError,
};

/// Virtual shares added to the supply in every price (1 whole share at 6 decimals).
pub const VIRTUAL_SHARES: u64 = 1_000_000;
/// Virtual assets added to NAV in every price (1 USD): with `VIRTUAL_SHARES` it sets the
/// initial price at 1 USD per share.
pub const VIRTUAL_ASSETS_USD: u64 = 1_000_000;
/// Basis-point denominator.
pub const BPS: u64 = 10_000;
/// Seconds per fee year (365 days).
pub const SECONDS_PER_YEAR: u64 = 31_536_000;
/// Longest interval one management-fee accrual covers; longer gaps accrue this much.
pub const MAX_FEE_INTERVAL_SECS: u64 = 10 * SECONDS_PER_YEAR;
/// Scale of a NAV-per-share value: `(nav + VIRTUAL_ASSETS_USD) * PPS_SCALE / (supply + VIRTUAL_SHARES)`.
pub const PPS_SCALE: u64 = 1_000_000_000_000;
/// Decimals of the share mint (equal to the USD value unit, so 1 share starts at 1 USD).
pub const SHARE_DECIMALS: u8 = 6;
/// Decimals the stablecoin must have: one raw unit is one 1e-6 USD value unit at par.
pub const STABLE_DECIMALS: u8 = 6;
/// Largest asset decimals supported (keeps `10^(decimals + 2)` and intermediates in range).
pub const MAX_ASSET_DECIMALS: u8 = 12;

const OVERFLOW: CommonError = CommonError::MathOverflow;

#[inline]
fn md(a: u64, b: u64, d: u64, r: Rounding) -> Result<u64, CommonError> {
    mul_div(a, b, d, r).ok_or(OVERFLOW)
}

#[inline]
fn pow10(exp: u8) -> Result<u64, CommonError> {
    10u64.checked_pow(exp as u32).ok_or(OVERFLOW)
}

/// USD value (1e-6 USD) of `raw` units of an asset:
/// `raw * multiplier_num / 1e12 * price_usd_1e8 / 10^(8 + decimals - 6)`.
///
/// Two `mul_div` steps, both rounded the same way: `Up` gives an upper bound of the exact
/// value (used for deposits: a higher NAV mints fewer shares), `Down` a lower bound (used for
/// payouts: a lower NAV pays less).
#[inline(always)] // five arguments plus the result slot: must not be a real call on BPF
pub fn asset_value_usd(
    raw: u64,
    multiplier_num: u64,
    price_usd_1e8: u64,
    decimals: u8,
    rounding: Rounding,
) -> Result<u64, CommonError> {
    if raw == 0 {
        return Ok(0);
    }
    if decimals > MAX_ASSET_DECIMALS {
        return Err(OVERFLOW);
    }
    // Step 1: raw -> scaled raw units (what a wallet displays, times 10^decimals). A unit
    // multiplier (SPL Token assets, unscaled mints) is exact: skip the wide division.
    let scaled = if multiplier_num == MULTIPLIER_SCALE {
        raw
    } else {
        md(raw, multiplier_num, MULTIPLIER_SCALE, rounding)?
    };
    // Step 2: scaled units x price (1e8) -> 1e-6 USD; decimals + 2 <= 14, so no overflow.
    md(scaled, price_usd_1e8, pow10(decimals + 2)?, rounding)
}

/// Shares minted for a deposit worth `deposit_usd`, rounded down.
pub fn shares_for_deposit(deposit_usd: u64, nav_usd: u64, supply: u64) -> Result<u64, CommonError> {
    let shares_total = supply.checked_add(VIRTUAL_SHARES).ok_or(OVERFLOW)?;
    let assets_total = nav_usd.checked_add(VIRTUAL_ASSETS_USD).ok_or(OVERFLOW)?;
    md(deposit_usd, shares_total, assets_total, Rounding::Down)
}

/// USD value of `shares`, rounded down (what a redemption may pay before fees).
pub fn value_of_shares(shares: u64, nav_usd: u64, supply: u64) -> Result<u64, CommonError> {
    let shares_total = supply.checked_add(VIRTUAL_SHARES).ok_or(OVERFLOW)?;
    let assets_total = nav_usd.checked_add(VIRTUAL_ASSETS_USD).ok_or(OVERFLOW)?;
    if shares > supply {
        return Err(OVERFLOW);
    }
    md(shares, assets_total, shares_total, Rounding::Down)
}

/// Raw amount of one holding paid for `shares` in an in-kind redemption, rounded down.
/// The virtual shares take their (tiny) part too, which stays in the vault.
pub fn in_kind_amount(shares: u64, book_raw: u64, supply: u64) -> Result<u64, CommonError> {
    if shares > supply {
        return Err(OVERFLOW);
    }
    let shares_total = supply.checked_add(VIRTUAL_SHARES).ok_or(OVERFLOW)?;
    md(book_raw, shares, shares_total, Rounding::Down)
}

/// A fee of `fee_bps` on `value`, rounded up: a non-zero value never pays a zero fee when the
/// rate is non-zero, and splitting a withdrawal in pieces never pays less in total.
pub fn fee_on(value: u64, fee_bps: u16) -> Result<u64, CommonError> {
    md(value, fee_bps as u64, BPS, Rounding::Up)
}

/// A stablecoin redemption: gross value, the withdrawal fee and what the user receives.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct StableWithdrawal {
    pub gross_usd: u64,
    pub fee_usd: u64,
    pub net_usd: u64,
}

/// Stablecoin paid for `shares` (value rounded down, fee rounded up).
pub fn stable_withdrawal(
    shares: u64,
    nav_usd: u64,
    supply: u64,
    fee_bps: u16,
) -> Result<StableWithdrawal, CommonError> {
    let gross_usd = value_of_shares(shares, nav_usd, supply)?;
    let fee_usd = fee_on(gross_usd, fee_bps)?;
    // fee_bps <= BPS is validated at init, so fee <= gross; checked anyway.
    let net_usd = gross_usd.checked_sub(fee_usd).ok_or(OVERFLOW)?;
    Ok(StableWithdrawal {
        gross_usd,
        fee_usd,
        net_usd,
    })
}

/// Management-fee shares accrued over `elapsed_secs` at `fee_bps` per year, rounded down.
///
/// The treasury is owed the fraction `f = fee_bps * t / (BPS * YEAR)` of the vault; minting
/// `s = supply * f / (1 - f)` new shares gives it exactly that fraction of the new supply.
/// Negative elapsed time accrues nothing; gaps above `MAX_FEE_INTERVAL_SECS` are capped.
pub fn mgmt_fee_shares(supply: u64, fee_bps: u16, elapsed_secs: i64) -> Result<u64, CommonError> {
    if elapsed_secs <= 0 || fee_bps == 0 || supply == 0 {
        return Ok(0);
    }
    let t = (elapsed_secs as u64).min(MAX_FEE_INTERVAL_SECS);
    // fee_bps <= 10_000 and t <= 3.2e8, so the product is below 3.2e12.
    let numerator = fee_bps as u64 * t;
    // BPS * YEAR = 3.15e11: fits, and exceeds the numerator whenever fee_bps * 10 < BPS.
    let denominator = (BPS * SECONDS_PER_YEAR)
        .checked_sub(numerator)
        .filter(|d| *d > 0)
        .ok_or(OVERFLOW)?;
    md(supply, numerator, denominator, Rounding::Down)
}

/// NAV per share scaled by `PPS_SCALE`, rounded down.
pub fn price_per_share(nav_usd: u64, supply: u64) -> Result<u64, CommonError> {
    let shares_total = supply.checked_add(VIRTUAL_SHARES).ok_or(OVERFLOW)?;
    let assets_total = nav_usd.checked_add(VIRTUAL_ASSETS_USD).ok_or(OVERFLOW)?;
    md(assets_total, PPS_SCALE, shares_total, Rounding::Down)
}

/// The outcome of a performance-fee crystallization.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct PerfFee {
    /// Shares to mint to the treasury (rounded down).
    pub fee_shares: u64,
    /// The high-water mark to store: the NAV per share after the fee shares, or the old mark
    /// when no fee is due (so gains too small to charge keep accumulating).
    pub new_hwm_pps: u64,
}

/// Performance fee of `perf_bps` on the gain of NAV per share above the high-water mark.
///
/// `fee_usd = (pps - hwm) * supply / PPS_SCALE * perf_bps / BPS` (both rounded down), paid as
/// `fee_usd * (supply + V_s) / (nav + V_a - fee_usd)` shares so they are worth `fee_usd`.
pub fn perf_fee(
    nav_usd: u64,
    supply: u64,
    hwm_pps: u64,
    perf_bps: u16,
) -> Result<PerfFee, CommonError> {
    let unchanged = PerfFee {
        fee_shares: 0,
        new_hwm_pps: hwm_pps,
    };
    let pps = price_per_share(nav_usd, supply)?;
    if pps <= hwm_pps || perf_bps == 0 || supply == 0 {
        return Ok(unchanged);
    }
    let gain_usd = md(pps - hwm_pps, supply, PPS_SCALE, Rounding::Down)?;
    let fee_usd = md(gain_usd, perf_bps as u64, BPS, Rounding::Down)?;
    let assets_total = nav_usd.checked_add(VIRTUAL_ASSETS_USD).ok_or(OVERFLOW)?;
    let shares_total = supply.checked_add(VIRTUAL_SHARES).ok_or(OVERFLOW)?;
    // fee_usd <= gain_usd < nav + V_a because pps - hwm < pps, so the subtraction is positive.
    let rest = assets_total
        .checked_sub(fee_usd)
        .filter(|r| *r > 0)
        .ok_or(OVERFLOW)?;
    let fee_shares = md(fee_usd, shares_total, rest, Rounding::Down)?;
    if fee_shares == 0 {
        return Ok(unchanged);
    }
    let new_supply = supply.checked_add(fee_shares).ok_or(OVERFLOW)?;
    Ok(PerfFee {
        fee_shares,
        new_hwm_pps: price_per_share(nav_usd, new_supply)?,
    })
}

#[cfg(test)]
mod tests;
