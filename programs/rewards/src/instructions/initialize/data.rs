use crate::{
    error::RewardsError,
    state::{INIT_REWARD_MINTS, MAX_KEEPERS},
};
use basket_common::{key_list::is_valid_key_list, signer_set::MAX_ADMINS, CommonError};
use pinocchio::error::ProgramError;

/// Instruction data of `initialize` (after the discriminator), 547 bytes:
/// - `[0..160]` five admin keys, `[160]` admin threshold
/// - `[161]` keeper count (1..=8), `[162..418]` eight keeper slots (unused slots zero)
/// - `[418]` reward mint count (1..=4), `[419..547]` four reward mint slots (unused zero);
///   `set_reward_mints` extends the allow-list to ten afterwards
pub struct InitializeData {
    pub admins: [[u8; 32]; MAX_ADMINS],
    pub threshold: u8,
    pub keeper_count: u8,
    pub keepers: [[u8; 32]; MAX_KEEPERS],
    pub reward_mint_count: u8,
    pub reward_mints: [[u8; 32]; INIT_REWARD_MINTS],
}

/// Copies `N` consecutive 32-byte keys starting at `at`; the caller checked the length.
fn keys<const N: usize>(data: &[u8], at: usize) -> [[u8; 32]; N] {
    let mut out = [[0u8; 32]; N];
    for (key, chunk) in out.iter_mut().zip(data[at..].chunks_exact(32)) {
        key.copy_from_slice(chunk);
    }
    out
}

impl InitializeData {
    pub const LEN: usize = 547;

    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let parsed = Self {
            admins: keys(data, 0),
            threshold: data[160],
            keeper_count: data[161],
            keepers: keys(data, 162),
            reward_mint_count: data[418],
            reward_mints: keys(data, 419),
        };
        if !is_valid_key_list(&parsed.keepers, parsed.keeper_count) {
            return Err(RewardsError::InvalidKeeperSet.into());
        }
        if !is_valid_key_list(&parsed.reward_mints, parsed.reward_mint_count) {
            return Err(RewardsError::InvalidRewardMints.into());
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(keepers: &[[u8; 32]], mints: &[[u8; 32]]) -> std::vec::Vec<u8> {
        let mut d = std::vec![];
        for i in 1..=5u8 {
            d.extend_from_slice(&[i; 32]);
        }
        d.push(3);
        d.push(u8::try_from(keepers.len()).unwrap());
        for i in 0..MAX_KEEPERS {
            d.extend_from_slice(keepers.get(i).unwrap_or(&[0; 32]));
        }
        d.push(u8::try_from(mints.len()).unwrap());
        for i in 0..INIT_REWARD_MINTS {
            d.extend_from_slice(mints.get(i).unwrap_or(&[0; 32]));
        }
        d
    }

    #[test]
    fn parses_a_valid_payload() {
        let d = InitializeData::parse(&bytes(&[[9; 32]], &[[7; 32], [8; 32]]))
            .ok()
            .unwrap();
        assert_eq!(
            (d.threshold, d.keeper_count, d.reward_mint_count),
            (3, 1, 2)
        );
        assert_eq!(d.reward_mints[1], [8; 32]);
    }

    #[test]
    fn rejects_empty_repeated_or_zero_keepers_and_mints() {
        let keeper_err = Err(ProgramError::Custom(RewardsError::InvalidKeeperSet as u32));
        let mint_err = Err(ProgramError::Custom(
            RewardsError::InvalidRewardMints as u32,
        ));
        assert_eq!(
            InitializeData::parse(&bytes(&[], &[[7; 32]])).map(|_| ()),
            keeper_err
        );
        assert_eq!(
            InitializeData::parse(&bytes(&[[9; 32], [9; 32]], &[[7; 32]])).map(|_| ()),
            keeper_err
        );
        assert_eq!(
            InitializeData::parse(&bytes(&[[9; 32]], &[])).map(|_| ()),
            mint_err
        );
        assert_eq!(
            InitializeData::parse(&bytes(&[[9; 32]], &[[0; 32]])).map(|_| ()),
            mint_err
        );
        assert!(InitializeData::parse(&bytes(&[[9; 32]], &[[7; 32]])[..100]).is_err());
    }
}
