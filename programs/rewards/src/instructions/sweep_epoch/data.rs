use crate::{error::RewardsError, instructions::shared::read_u64, state::MAX_REWARD_MINTS};
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `sweep_epoch` (after the discriminator), 9 bytes:
/// - `[0..8]` epoch id
/// - `[8]` number of `[mint, holding, destination, token program]` groups that follow the
///   fixed accounts (1..=10; the admin signers come after them)
pub struct SweepEpochData {
    pub epoch_id: u64,
    /// The group count as sent.
    pub count: u8,
    /// The same, as an index bound.
    pub mint_count: usize,
}

impl SweepEpochData {
    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() != 9 {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let n = data[8] as usize;
        if n == 0 || n > MAX_REWARD_MINTS {
            return Err(RewardsError::InvalidRewardMints.into());
        }
        Ok(Self {
            epoch_id: read_u64(data, 0),
            count: data[8],
            mint_count: n,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_id_and_group_count() {
        let mut raw = [0u8; 9];
        raw[..8].copy_from_slice(&7u64.to_le_bytes());
        raw[8] = 10;
        let d = SweepEpochData::parse(&raw).ok().unwrap();
        assert_eq!((d.epoch_id, d.mint_count), (7, 10));
    }

    #[test]
    fn rejects_zero_or_eleven_groups_and_bad_lengths() {
        let invalid = Some(ProgramError::Custom(
            RewardsError::InvalidRewardMints as u32,
        ));
        assert_eq!(SweepEpochData::parse(&[0; 9]).err(), invalid);
        let mut raw = [0u8; 9];
        raw[8] = 11;
        assert_eq!(SweepEpochData::parse(&raw).err(), invalid);
        assert!(SweepEpochData::parse(&raw[..8]).is_err());
    }
}
