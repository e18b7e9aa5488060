use crate::{error::RewardsError, state::MAX_KEEPERS};
use basket_common::key_list::is_valid_key_list;
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `rotate_keepers` (after the discriminator), 257 bytes:
/// - `[0]` keeper count (1..=8)
/// - `[1..257]` eight keeper slots (slots past the count must be zero)
pub struct RotateKeepersData {
    pub keeper_count: u8,
    pub keepers: [[u8; 32]; MAX_KEEPERS],
}

impl RotateKeepersData {
    pub const LEN: usize = 1 + 32 * MAX_KEEPERS;

    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let mut keepers = [[0u8; 32]; MAX_KEEPERS];
        for (key, bytes) in keepers.iter_mut().zip(data[1..].chunks_exact(32)) {
            key.copy_from_slice(bytes);
        }
        if !is_valid_key_list(&keepers, data[0]) {
            return Err(RewardsError::InvalidKeeperSet.into());
        }
        Ok(Self {
            keeper_count: data[0],
            keepers,
        })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(count: u8, keys: &[[u8; 32]]) -> std::vec::Vec<u8> {
        let mut d = std::vec![count];
        for i in 0..MAX_KEEPERS {
            d.extend_from_slice(keys.get(i).unwrap_or(&[0; 32]));
        }
        d
    }

    #[test]
    fn parses_a_valid_set() {
        let d = RotateKeepersData::parse(&bytes(2, &[[4; 32], [5; 32]]))
            .ok()
            .unwrap();
        assert_eq!((d.keeper_count, d.keepers[1]), (2, [5; 32]));
    }

    #[test]
    fn rejects_empty_repeated_zero_dirty_and_oversized_sets() {
        let invalid = Some(ProgramError::Custom(RewardsError::InvalidKeeperSet as u32));
        for raw in [
            bytes(0, &[]),
            bytes(2, &[[4; 32], [4; 32]]),
            bytes(1, &[[0; 32]]),
            bytes(1, &[[4; 32], [5; 32]]),
            bytes(9, &[[4; 32]]),
        ] {
            assert_eq!(RotateKeepersData::parse(&raw).err(), invalid);
        }
        assert!(RotateKeepersData::parse(&bytes(1, &[[4; 32]])[..256]).is_err());
    }
}
