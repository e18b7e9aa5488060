use crate::{
    error::RewardsError,
    instructions::shared::read_u64,
    tier::{tier_of, Tier},
};
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `stake` (after the discriminator), 18 bytes:
/// - `[0..8]` raw amount (> 0)
/// - `[8..10]` tier in days (30, 90 or 180), u16 LE
/// - `[10..18]` stake index chosen by the staker (one record per owner and index)
pub struct StakeData {
    pub amount: u64,
    pub tier: Tier,
    pub stake_index: u64,
}

impl StakeData {
    pub const LEN: usize = 18;

    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let amount = read_u64(data, 0);
        if amount == 0 {
            return Err(RewardsError::ZeroAmount.into());
        }
        let tier = tier_of(u16::from_le_bytes([data[8], data[9]]))?;
        Ok(Self {
            amount,
            tier,
            stake_index: read_u64(data, 10),
        })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(amount: u64, days: u16, index: u64) -> std::vec::Vec<u8> {
        [
            &amount.to_le_bytes()[..],
            &days.to_le_bytes(),
            &index.to_le_bytes(),
        ]
        .concat()
    }

    #[test]
    fn parses_each_tier() {
        for (days, weight) in [(30, 1), (90, 2), (180, 4)] {
            let d = StakeData::parse(&bytes(5, days, 9)).ok().unwrap();
            assert_eq!(
                (d.amount, d.tier.days, d.tier.weight, d.stake_index),
                (5, days, weight, 9)
            );
        }
    }

    #[test]
    fn rejects_other_tiers_zero_amounts_and_bad_lengths() {
        assert_eq!(
            StakeData::parse(&bytes(5, 60, 0)).err(),
            Some(RewardsError::InvalidTier.into())
        );
        assert_eq!(
            StakeData::parse(&bytes(0, 30, 0)).err(),
            Some(RewardsError::ZeroAmount.into())
        );
        assert!(StakeData::parse(&bytes(5, 30, 0)[..17]).is_err());
    }
}
