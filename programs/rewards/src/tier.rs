//! Lock tiers and their reward weights.

use crate::error::RewardsError;

/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// A lock tier: its length in days and the weight its stake carries in reward distributions.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct Tier {
    pub days: u16,
    pub weight: u8,
}

/// The three tiers. Longer locks earn more per staked unit and second: 1x, 2x, 4x.
pub const TIERS: [Tier; 3] = [
    Tier {
        days: 30,
        weight: 1,
    },
    Tier {
        days: 90,
        weight: 2,
    },
    Tier {
        days: 180,
        weight: 4,
    },
];

/// The tier of a lock length in days, or `InvalidTier`.
pub fn tier_of(days: u16) -> Result<Tier, RewardsError> {
    TIERS
        .iter()
        .copied()
        .find(|t| t.days == days)
        .ok_or(RewardsError::InvalidTier)
}

impl Tier {
    /// Lock length in seconds (at most 180 days, so the product cannot overflow).
    #[allow(clippy::arithmetic_side_effects)]
    pub const fn seconds(&self) -> i64 {
        self.days as i64 * DAY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_30_90_and_180_days_are_tiers() {
        assert_eq!(tier_of(30).map(|t| t.weight), Ok(1));
        assert_eq!(tier_of(90).map(|t| t.weight), Ok(2));
        assert_eq!(tier_of(180).map(|t| t.weight), Ok(4));
        for days in [0, 1, 29, 31, 60, 89, 91, 179, 181, 365, u16::MAX] {
            assert_eq!(tier_of(days), Err(RewardsError::InvalidTier), "{days}");
        }
        assert_eq!(tier_of(180).map(|t| t.seconds()), Ok(15_552_000));
    }
}
