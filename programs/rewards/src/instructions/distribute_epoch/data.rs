use crate::{error::RewardsError, instructions::shared::read_u64, state::MAX_REWARD_MINTS};
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `distribute_epoch` (after the discriminator), 41 + 8n bytes:
/// - `[0..8]` epoch id
/// - `[8..40]` Merkle root
/// - `[40]` reward mint count n (1..=10), then n funded totals, u64 LE each (> 0)
pub struct DistributeEpochData {
    pub epoch_id: u64,
    pub merkle_root: [u8; 32],
    pub mint_count: u8,
    pub totals: [u64; MAX_REWARD_MINTS],
}

impl DistributeEpochData {
    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() < 41 {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let n = data[40] as usize;
        if n == 0 || n > MAX_REWARD_MINTS {
            return Err(RewardsError::InvalidRewardMints.into());
        }
        if data.len() != 41usize.saturating_add(n.saturating_mul(8)) {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let mut totals = [0u64; MAX_REWARD_MINTS];
        for (i, total) in totals.iter_mut().enumerate().take(n) {
            *total = read_u64(data, 41usize.saturating_add(i.saturating_mul(8)));
            if *total == 0 {
                return Err(RewardsError::ZeroAmount.into());
            }
        }
        let mut merkle_root = [0u8; 32];
        merkle_root.copy_from_slice(&data[8..40]);
        Ok(Self {
            epoch_id: read_u64(data, 0),
            merkle_root,
            mint_count: data[40],
            totals,
        })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(id: u64, totals: &[u64]) -> std::vec::Vec<u8> {
        let mut d = std::vec![];
        d.extend_from_slice(&id.to_le_bytes());
        d.extend_from_slice(&[5; 32]);
        d.push(u8::try_from(totals.len()).unwrap());
        for t in totals {
            d.extend_from_slice(&t.to_le_bytes());
        }
        d
    }

    #[test]
    fn parses_totals_in_order() {
        let d = DistributeEpochData::parse(&bytes(7, &[10, 20]))
            .ok()
            .unwrap();
        assert_eq!(
            (d.epoch_id, d.mint_count, d.totals),
            (7, 2, [10, 20, 0, 0, 0, 0, 0, 0, 0, 0])
        );
        assert_eq!(d.merkle_root, [5; 32]);
    }

    #[test]
    fn rejects_no_mints_too_many_zero_totals_and_bad_lengths() {
        assert_eq!(
            DistributeEpochData::parse(&bytes(1, &[])).err(),
            Some(RewardsError::InvalidRewardMints.into())
        );
        assert_eq!(
            DistributeEpochData::parse(&bytes(1, &[1; 11])).err(),
            Some(RewardsError::InvalidRewardMints.into())
        );
        assert_eq!(
            DistributeEpochData::parse(&bytes(1, &[1, 0])).err(),
            Some(RewardsError::ZeroAmount.into())
        );
        let mut long = bytes(1, &[1]);
        long.push(0);
        assert!(DistributeEpochData::parse(&long).is_err());
    }
}
