//! Constant-product pricing, exact-in: the one formula the program charges and the
//! TypeScript quote (`@basket/test-swap-client`) mirrors to the unit.
//!
//! `fee = ceil(amount_in * fee_bps / 10_000)` (a non-zero input with a non-zero fee rate
//! never pays a zero fee), `net = amount_in - fee`,
//! `out = floor(reserve_out * net / (reserve_in + net))`. Both roundings favour the pool,
//! and `out < reserve_out` always, so a swap can never drain a side.

use crate::error::SwapError;
use basket_common::{
    math::{mul_div, Rounding},
    CommonError,
};
use pinocchio::error::ProgramError;

/// One in ten thousand.
pub const BPS_DENOMINATOR: u64 = 10_000;
/// The highest fee a pool may charge (10%).
pub const MAX_FEE_BPS: u16 = 1_000;

/// What a swap of `amount_in` pays and charges.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct Quote {
    pub amount_out: u64,
    pub fee: u64,
}

/// The pool's reserves, input side first.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct Reserves {
    pub reserve_in: u64,
    pub reserve_out: u64,
}

/// Prices an exact-in swap against `reserves` with `fee_bps`.
pub fn quote_exact_in(
    reserves: &Reserves,
    amount_in: u64,
    fee_bps: u16,
) -> Result<Quote, ProgramError> {
    if amount_in == 0 {
        return Err(SwapError::ZeroAmount.into());
    }
    if reserves.reserve_in == 0 || reserves.reserve_out == 0 {
        return Err(SwapError::EmptyPool.into());
    }
    let fee = mul_div(amount_in, u64::from(fee_bps), BPS_DENOMINATOR, Rounding::Up)
        .ok_or(CommonError::MathOverflow)?;
    // fee <= amount_in because fee_bps <= 10_000 is checked at pool creation and the
    // rounded-up quotient of amount_in * fee_bps / 10_000 cannot pass amount_in then.
    let net = amount_in
        .checked_sub(fee)
        .ok_or(CommonError::MathOverflow)?;
    // The vault would hold more than a u64 after the transfer: the token program would refuse.
    let denominator = reserves
        .reserve_in
        .checked_add(net)
        .ok_or(CommonError::MathOverflow)?;
    let amount_out = mul_div(reserves.reserve_out, net, denominator, Rounding::Down)
        .ok_or(CommonError::MathOverflow)?;
    if amount_out == 0 {
        return Err(SwapError::ZeroAmountOut.into());
    }
    Ok(Quote { amount_out, fee })
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test arithmetic on small known values
mod tests {
    extern crate std;
    use super::*;

    #[allow(clippy::cast_possible_truncation, clippy::arithmetic_side_effects)] // host reference
    fn reference(r_in: u64, r_out: u64, amount: u64, fee_bps: u16) -> (u64, u64) {
        let fee = (u128::from(amount) * u128::from(fee_bps)).div_ceil(10_000);
        let net = u128::from(amount) - fee;
        let out = u128::from(r_out) * net / (u128::from(r_in) + net);
        (out as u64, fee as u64)
    }

    fn reserves(reserve_in: u64, reserve_out: u64) -> Reserves {
        Reserves {
            reserve_in,
            reserve_out,
        }
    }

    #[test]
    fn matches_a_wide_integer_reference_across_magnitudes() {
        let values = [
            1u64,
            2,
            3,
            999,
            10_000,
            1_000_003,
            123_456_789_012,
            u64::MAX / 3,
            u64::MAX / 2,
        ];
        for &r_in in &values {
            for &r_out in &values {
                for &amount in &values {
                    for fee in [0u16, 1, 30, 1_000] {
                        let want = reference(r_in, r_out, amount, fee);
                        match quote_exact_in(&reserves(r_in, r_out), amount, fee) {
                            Ok(q) => assert_eq!((q.amount_out, q.fee), want),
                            Err(_) => assert!(
                                want.0 == 0
                                    || u128::from(r_in) + u128::from(amount) > u128::from(u64::MAX),
                                "{r_in} {r_out} {amount} {fee}"
                            ),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_non_zero_input_never_pays_a_zero_fee() {
        let q = quote_exact_in(&reserves(1_000_000, 1_000_000), 1, 30).unwrap_err();
        // One unit in pays its one-unit fee and nothing is left to buy with.
        assert_eq!(q, SwapError::ZeroAmountOut.into());
        let q = quote_exact_in(&reserves(1_000_000, 1_000_000_000), 3, 30).unwrap();
        assert_eq!(q.fee, 1);
    }

    #[test]
    fn output_rounds_down_in_the_pools_favour() {
        // 1000 * 10 / (1000 + 10) = 9.90...: the pool pays 9.
        let q = quote_exact_in(&reserves(1_000, 1_000), 10, 0).unwrap();
        assert_eq!(q.amount_out, 9);
    }

    #[test]
    fn splitting_a_swap_in_two_never_pays_more() {
        let r = reserves(5_000_000, 7_000_000);
        let whole = quote_exact_in(&r, 100_000, 30).unwrap().amount_out;
        let first = quote_exact_in(&r, 50_000, 30).unwrap();
        let after = reserves(r.reserve_in + 50_000, r.reserve_out - first.amount_out);
        let second = quote_exact_in(&after, 50_000, 30).unwrap();
        assert!(first.amount_out + second.amount_out <= whole);
    }

    #[test]
    fn refuses_empty_pools_and_zero_input() {
        assert_eq!(
            quote_exact_in(&reserves(0, 5), 5, 0),
            Err(SwapError::EmptyPool.into())
        );
        assert_eq!(
            quote_exact_in(&reserves(5, 0), 5, 0),
            Err(SwapError::EmptyPool.into())
        );
        assert_eq!(
            quote_exact_in(&reserves(5, 5), 0, 0),
            Err(SwapError::ZeroAmount.into())
        );
    }
}
