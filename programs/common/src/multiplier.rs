//! Token-2022 ScaledUiAmount multipliers in fixed point.
//!
//! The mint stores its multiplier as an IEEE-754 `f64`. The BPF backend has no floating
//! point, so the bits are decoded with integer operations into `multiplier * SCALE`. The
//! conversion is exact: an `f64` is `m * 2^k`, so `floor` and `ceil` of `m * 2^k * SCALE`
//! are computed without any rounding error, and callers pick the bound that goes against
//! the user. The TypeScript SDK implements the same function; both are tested against the
//! host's `f64`.
// Exponent arithmetic and casts are bounded by the 11-bit exponent field (< 2048).
#![allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)]

use crate::{error::CommonError, math};

/// Fixed-point denominator of every multiplier in the system (`multiplier_num / SCALE`).
pub const MULTIPLIER_SCALE: u64 = 1_000_000_000_000;

/// An `f64` multiplier as the two integers bracketing `value * MULTIPLIER_SCALE`.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct FixedMultiplier {
    /// `floor(value * MULTIPLIER_SCALE)`.
    pub floor: u64,
    /// `ceil(value * MULTIPLIER_SCALE)`; equal to `floor` when the product is an integer.
    pub ceil: u64,
}

/// Decodes the bits of a positive, finite `f64` multiplier.
///
/// Rejects negative numbers, zero, subnormals, infinities, NaN, values whose floor at
/// `MULTIPLIER_SCALE` is zero, and values whose fixed-point form exceeds `u64`.
pub fn decode_f64_bits(bits: u64) -> Result<FixedMultiplier, CommonError> {
    let sign = bits >> 63;
    let exponent = (bits >> 52) & 0x7ff;
    let fraction = bits & ((1u64 << 52) - 1);
    if sign != 0 || exponent == 0 || exponent == 0x7ff {
        return Err(CommonError::InvalidMultiplier);
    }
    let mantissa = fraction | (1u64 << 52);
    // value = mantissa * 2^(exponent - 1075)
    let (hi, lo) = math::mul_wide(mantissa, MULTIPLIER_SCALE);
    let (floor, inexact) = if exponent >= 1075 {
        let shift = (exponent - 1075) as u32;
        // mantissa * SCALE < 2^93, so any left shift by 64 or more overflows.
        if hi != 0 || shift >= 64 || lo.leading_zeros() < shift {
            return Err(CommonError::InvalidMultiplier);
        }
        (lo << shift, false)
    } else {
        let shift = (1075 - exponent) as u32;
        math::shr_wide(hi, lo, shift).ok_or(CommonError::InvalidMultiplier)?
    };
    if floor == 0 {
        return Err(CommonError::InvalidMultiplier);
    }
    let ceil = if inexact {
        floor.checked_add(1).ok_or(CommonError::InvalidMultiplier)?
    } else {
        floor
    };
    Ok(FixedMultiplier { floor, ceil })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    /// Exact reference on the host: f64 -> (mantissa, exponent) -> rational -> floor/ceil
    /// using u128 (all test values keep mantissa * SCALE * 2^k inside u128).
    fn reference(x: f64) -> Option<(u64, u64)> {
        if !(x.is_finite() && x > 0.0) || x.is_subnormal() {
            return None;
        }
        let bits = x.to_bits();
        let e = ((bits >> 52) & 0x7ff) as i32 - 1075;
        let m = ((bits & ((1 << 52) - 1)) | (1 << 52)) as u128;
        let n = m * MULTIPLIER_SCALE as u128;
        let (fl, ce) = if e >= 0 {
            let v = n.checked_shl(e as u32)?;
            if e >= 64 || v >> e != n {
                return None;
            }
            (v, v)
        } else if -e >= 128 {
            (0, 1)
        } else {
            let s = (-e) as u32;
            let q = n >> s;
            let r = n & ((1u128 << s) - 1);
            (q, q + (r != 0) as u128)
        };
        (fl > 0 && ce <= u64::MAX as u128).then_some((fl as u64, ce as u64))
    }

    #[test]
    fn decodes_common_multipliers_exactly() {
        let one = decode_f64_bits(1.0f64.to_bits()).unwrap();
        assert_eq!(
            one,
            FixedMultiplier {
                floor: MULTIPLIER_SCALE,
                ceil: MULTIPLIER_SCALE
            }
        );
        let split = decode_f64_bits(3.0f64.to_bits()).unwrap();
        assert_eq!(split.floor, 3 * MULTIPLIER_SCALE);
        let half = decode_f64_bits(0.5f64.to_bits()).unwrap();
        assert_eq!(half.floor, MULTIPLIER_SCALE / 2);
        // 0.1 is not representable: the f64 is slightly above 0.1.
        let tenth = decode_f64_bits(0.1f64.to_bits()).unwrap();
        assert_eq!(
            (tenth.floor, tenth.ceil),
            (100_000_000_000, 100_000_000_001)
        );
    }

    #[test]
    fn rejects_values_outside_the_supported_range() {
        for x in [
            0.0,
            -0.0,
            -1.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            1e-13,
            5e-324,
            1e8,
        ] {
            assert_eq!(
                decode_f64_bits(x.to_bits()),
                Err(CommonError::InvalidMultiplier),
                "{x}"
            );
        }
    }

    #[test]
    fn matches_the_exact_host_reference_for_many_values() {
        let mut s = 0x1234_5678_9abc_def0u64;
        for i in 0..200_000u64 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            // Mix uniformly random bit patterns with realistic multipliers near 1.
            let x = if i % 2 == 0 {
                f64::from_bits(s)
            } else {
                1.0 + ((s % 2_000_000) as f64 - 1_000_000.0) / 1_000_000.0 * 0.999
            };
            let got = decode_f64_bits(x.to_bits()).ok().map(|m| (m.floor, m.ceil));
            assert_eq!(got, reference(x), "{x:e}");
        }
    }

    #[test]
    fn floor_and_ceil_bracket_the_host_product() {
        for x in [
            0.999_954_33,
            1.000_1,
            1.5,
            2.0 / 3.0,
            10.0,
            0.012_345_678_9,
            12_345.678,
        ] {
            let m = decode_f64_bits(f64::to_bits(x)).unwrap();
            let approx = x * MULTIPLIER_SCALE as f64;
            assert!(
                m.floor as f64 <= approx + 1.0 && m.ceil as f64 >= approx - 1.0,
                "{x}"
            );
            assert!(m.ceil - m.floor <= 1);
        }
    }
}
