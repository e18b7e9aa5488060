//! Summing a NAV exactly: 128-bit sums of `raw x unit` per asset decimals, divided once
//! per group in the rounding direction asked for.

use crate::share_math::MAX_ASSET_DECIMALS;
use basket_common::{
    math::{div_wide, mul_wide, Rounding},
    CommonError,
};

/// `10^(decimals + 2)` for every supported decimals: the divisor turning `raw x unit` (1e-8
/// USD per whole token, times raw units) into 1e-6 USD.
const UNIT_DIVISORS: [u64; MAX_ASSET_DECIMALS as usize + 1] = [
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
];

/// A NAV being summed: exact 128-bit sums of `raw x unit` per asset decimals, plus values
/// already in 1e-6 USD. Dividing each group once (instead of every asset) makes the total
/// closer to the exact value and costs one wide division per distinct decimals.
pub struct NavSum {
    /// `(high, low)` words of the sum for assets with `decimals = index`.
    groups: [(u64, u64); MAX_ASSET_DECIMALS as usize + 1],
    usd: u64,
}

impl NavSum {
    #[inline(always)]
    pub fn new(usd: u64) -> Self {
        Self {
            groups: [(0, 0); MAX_ASSET_DECIMALS as usize + 1],
            usd,
        }
    }

    /// Adds `raw x unit` to the group of `decimals`.
    #[inline(always)]
    pub fn add_units(&mut self, raw: u64, unit: u64, decimals: u8) -> Result<(), CommonError> {
        let (hi, lo) = mul_wide(raw, unit);
        self.add_product(hi, lo, decimals)
    }

    /// Adds `raw x up_unit` to `self` and `raw x down_unit` to `down`, `(up_unit, down_unit)`
    /// as the price memory gives them (`up_unit >= down_unit`). One wide product when the two
    /// units are equal or one apart (a floor and its inexact bit), since `raw x (d + 1) = raw
    /// x d + raw` exactly: the sums are the ones two products give, for about half the cost.
    #[inline(always)]
    pub fn add_units_both_ways(
        &mut self,
        down: &mut NavSum,
        raw: u64,
        (up_unit, down_unit): (u64, u64),
        decimals: u8,
    ) -> Result<(), CommonError> {
        let (hi, lo) = mul_wide(raw, down_unit);
        down.add_product(hi, lo, decimals)?;
        match up_unit.checked_sub(down_unit) {
            Some(0) => self.add_product(hi, lo, decimals),
            Some(1) => {
                let (lo, carry) = lo.overflowing_add(raw);
                // raw x d + raw < 2^128: the high word cannot overflow.
                self.add_product(hi.wrapping_add(u64::from(carry)), lo, decimals)
            }
            _ => self.add_units(raw, up_unit, decimals),
        }
    }

    /// Adds a 128-bit `(hi, lo)` product to the group of `decimals`.
    #[inline(always)]
    fn add_product(&mut self, hi: u64, lo: u64, decimals: u8) -> Result<(), CommonError> {
        let group = self
            .groups
            .get_mut(usize::from(decimals))
            .ok_or(CommonError::MathOverflow)?;
        let (lo, carry) = group.1.overflowing_add(lo);
        group.1 = lo;
        group.0 = group
            .0
            .checked_add(hi)
            .and_then(|h| h.checked_add(u64::from(carry)))
            .ok_or(CommonError::MathOverflow)?;
        Ok(())
    }

    /// Adds a value already in 1e-6 USD.
    #[inline(always)]
    pub fn add_value(&mut self, usd: u64) -> Result<(), CommonError> {
        self.usd = self.usd.checked_add(usd).ok_or(CommonError::MathOverflow)?;
        Ok(())
    }

    /// The total in 1e-6 USD, each group's division rounded in `rounding`'s direction.
    pub fn total(&self, rounding: Rounding) -> Result<u64, CommonError> {
        let mut total = self.usd;
        for (&(hi, lo), &divisor) in self.groups.iter().zip(UNIT_DIVISORS.iter()) {
            if hi | lo == 0 {
                continue;
            }
            let (q, r) = div_wide(hi, lo, divisor).ok_or(CommonError::MathOverflow)?;
            let q = match rounding {
                Rounding::Up if r != 0 => q.checked_add(1).ok_or(CommonError::MathOverflow)?,
                _ => q,
            };
            total = total.checked_add(q).ok_or(CommonError::MathOverflow)?;
        }
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic xorshift64 inputs from `seed`.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn a_nav_sum_divides_each_decimals_group_once_in_the_vaults_favour() {
        // Deterministic xorshift inputs over mixed decimals, against a u128 reference that
        // keeps the exact fraction: up >= exact >= down, each within one unit per group.
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..2_000 {
            let cash = next() % 1_000_000_000_000;
            let mut up = NavSum::new(cash);
            let mut down = NavSum::new(cash);
            let mut groups = [0u128; MAX_ASSET_DECIMALS as usize + 1];
            for _ in 0..(next() % 20 + 1) {
                let raw = next() % 10_000_000_000;
                let unit = next() % 1_000_000_000;
                let decimals = (next() % 13) as u8;
                up.add_units(raw, unit, decimals).unwrap();
                down.add_units(raw, unit, decimals).unwrap();
                groups[usize::from(decimals)] += u128::from(raw) * u128::from(unit);
            }
            let (mut floor, mut ceil) = (u128::from(cash), u128::from(cash));
            for (d, g) in groups.iter().enumerate() {
                let div = 10u128.pow(d as u32 + 2);
                floor += g / div;
                ceil += g.div_ceil(div);
            }
            assert_eq!(u128::from(up.total(Rounding::Up).unwrap()), ceil);
            assert_eq!(u128::from(down.total(Rounding::Down).unwrap()), floor);
        }
    }

    #[test]
    fn both_ways_at_once_sums_exactly_what_two_products_sum() {
        // The up unit equal to the down unit, one above (the shared product) or further
        // above, with edge values: the same sums and the same errors as two products.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for case in 0..20_000u64 {
            let raw = match case % 4 {
                0 => u64::MAX - next() % 3,
                _ => next() % 10_000_000_000_000,
            };
            let down_unit = match case % 5 {
                0 => u64::MAX - 2,
                _ => next() % 1_000_000_000_000,
            };
            let up_unit = down_unit + [0, 1, 1, 2, next() % 1_000][(case % 5) as usize];
            let decimals = (next() % 13) as u8;
            let (mut up, mut down) = (NavSum::new(0), NavSum::new(0));
            let got = up.add_units_both_ways(&mut down, raw, (up_unit, down_unit), decimals);
            let (mut up2, mut down2) = (NavSum::new(0), NavSum::new(0));
            let want = down2
                .add_units(raw, down_unit, decimals)
                .and_then(|()| up2.add_units(raw, up_unit, decimals));
            assert_eq!(got, want);
            if got.is_ok() {
                for r in [Rounding::Up, Rounding::Down] {
                    assert_eq!(up.total(r), up2.total(r));
                    assert_eq!(down.total(r), down2.total(r));
                }
            }
        }
    }

    #[test]
    fn the_unit_divisors_are_ten_to_the_decimals_plus_two() {
        for (d, divisor) in UNIT_DIVISORS.iter().enumerate() {
            assert_eq!(*divisor, 10u64.pow(d as u32 + 2));
        }
    }

    #[test]
    fn a_nav_sum_refuses_unsupported_decimals_and_overflow() {
        let mut sum = NavSum::new(0);
        assert_eq!(
            sum.add_units(1, 1, MAX_ASSET_DECIMALS + 1),
            Err(CommonError::MathOverflow)
        );
        sum.add_units(u64::MAX, u64::MAX, 0).unwrap();
        assert_eq!(sum.total(Rounding::Down), Err(CommonError::MathOverflow));
        assert_eq!(
            sum.add_units(u64::MAX, u64::MAX, 0),
            Err(CommonError::MathOverflow)
        );
        let mut cash = NavSum::new(u64::MAX);
        assert_eq!(cash.add_value(1), Err(CommonError::MathOverflow));
    }
}
