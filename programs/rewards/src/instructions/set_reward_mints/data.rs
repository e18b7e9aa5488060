use crate::{error::RewardsError, instructions::shared::copy_prefix, state::MAX_REWARD_MINTS};
use basket_common::{key_list::is_valid_key_list, CommonError};
use pinocchio::error::ProgramError;

/// Instruction data of `set_reward_mints` (after the discriminator), 1 + 32n bytes:
/// - `[0]` mint count n (1..=10), then n distinct non-zero mint addresses
pub struct SetRewardMintsData {
    pub count: u8,
    pub mints: [[u8; 32]; MAX_REWARD_MINTS],
}

impl SetRewardMintsData {
    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        let [count, keys @ ..] = data else {
            return Err(CommonError::InvalidInstructionData.into());
        };
        let n = *count as usize;
        if n == 0 || n > MAX_REWARD_MINTS {
            return Err(RewardsError::InvalidRewardMints.into());
        }
        if keys.len() != n.saturating_mul(32) {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let mut flat = [0u8; 32 * MAX_REWARD_MINTS];
        copy_prefix(&mut flat, keys);
        let mut mints = [[0u8; 32]; MAX_REWARD_MINTS];
        for (key, bytes) in mints.iter_mut().zip(flat.chunks_exact(32)) {
            key.copy_from_slice(bytes);
        }
        if !is_valid_key_list(&mints, *count) {
            return Err(RewardsError::InvalidRewardMints.into());
        }
        Ok(Self {
            count: *count,
            mints,
        })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(keys: &[[u8; 32]]) -> std::vec::Vec<u8> {
        let mut d = std::vec![u8::try_from(keys.len()).unwrap()];
        for k in keys {
            d.extend_from_slice(k);
        }
        d
    }

    #[test]
    fn parses_one_to_ten_mints() {
        let keys: std::vec::Vec<[u8; 32]> = (1..=10u8).map(|i| [i; 32]).collect();
        let d = SetRewardMintsData::parse(&bytes(&keys)).ok().unwrap();
        assert_eq!((d.count, d.mints[9]), (10, [10; 32]));
        assert_eq!(
            SetRewardMintsData::parse(&bytes(&keys[..1]))
                .ok()
                .map(|d| d.count),
            Some(1)
        );
    }

    #[test]
    fn rejects_none_eleven_repeated_zero_and_bad_lengths() {
        let invalid = Some(ProgramError::Custom(
            RewardsError::InvalidRewardMints as u32,
        ));
        let eleven: std::vec::Vec<[u8; 32]> = (1..=11u8).map(|i| [i; 32]).collect();
        assert_eq!(SetRewardMintsData::parse(&bytes(&[])).err(), invalid);
        assert_eq!(SetRewardMintsData::parse(&bytes(&eleven)).err(), invalid);
        assert_eq!(
            SetRewardMintsData::parse(&bytes(&[[1; 32], [1; 32]])).err(),
            invalid
        );
        assert_eq!(SetRewardMintsData::parse(&bytes(&[[0; 32]])).err(), invalid);
        let mut short = bytes(&[[1; 32]]);
        short.pop();
        assert!(SetRewardMintsData::parse(&short).is_err());
    }
}
