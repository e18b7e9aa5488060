use crate::state::{validate_keeper_set, MAX_KEEPERS};
use basket_common::{signer_set::MAX_ADMINS, CommonError};

/// Instruction data of `initialize_config` (after the discriminator), 424 bytes:
/// - `[0..160]` five admin keys
/// - `[160]` admin threshold
/// - `[161]` keeper count (1..=8)
/// - `[162..418]` eight keeper slots (slots past the count must be zero)
/// - `[418..420]` max deviation per push in basis points (1..=10,000)
pub struct InitializeConfigData {
    pub admins: [[u8; 32]; MAX_ADMINS],
    pub threshold: u8,
    pub keeper_count: u8,
    pub keepers: [[u8; 32]; MAX_KEEPERS],
    pub max_deviation_bps: u16,
}

impl InitializeConfigData {
    pub const LEN: usize = 420;

    pub fn parse(data: &[u8]) -> Result<Self, pinocchio::error::ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let mut admins = [[0u8; 32]; MAX_ADMINS];
        for (key, bytes) in admins.iter_mut().zip(data[..160].chunks_exact(32)) {
            key.copy_from_slice(bytes);
        }
        let mut keepers = [[0u8; 32]; MAX_KEEPERS];
        for (key, bytes) in keepers.iter_mut().zip(data[162..418].chunks_exact(32)) {
            key.copy_from_slice(bytes);
        }
        let parsed = Self {
            admins,
            threshold: data[160],
            keeper_count: data[161],
            keepers,
            max_deviation_bps: u16::from_le_bytes([data[418], data[419]]),
        };
        validate_keeper_set(parsed.keeper_count, &parsed.keepers)?;
        if parsed.max_deviation_bps == 0 || parsed.max_deviation_bps > 10_000 {
            return Err(CommonError::InvalidInstructionData.into());
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    fn bytes(keeper_count: u8, keepers: &[[u8; 32]], bps: u16) -> std::vec::Vec<u8> {
        let mut d = std::vec![];
        for i in 1..=5u8 {
            d.extend_from_slice(&[i; 32]);
        }
        d.push(3);
        d.push(keeper_count);
        for i in 0..MAX_KEEPERS {
            d.extend_from_slice(keepers.get(i).unwrap_or(&[0; 32]));
        }
        d.extend_from_slice(&bps.to_le_bytes());
        d
    }

    #[test]
    fn parses_a_valid_payload() {
        let d = InitializeConfigData::parse(&bytes(2, &[[9; 32], [8; 32]], 500))
            .ok()
            .unwrap();
        assert_eq!(
            (d.threshold, d.keeper_count, d.max_deviation_bps),
            (3, 2, 500)
        );
        assert_eq!(d.keepers[1], [8; 32]);
    }

    #[test]
    fn rejects_bad_keeper_sets_and_bounds() {
        assert!(InitializeConfigData::parse(&bytes(0, &[], 500)).is_err());
        assert!(InitializeConfigData::parse(&bytes(2, &[[9; 32], [9; 32]], 500)).is_err());
        assert!(InitializeConfigData::parse(&bytes(1, &[[9; 32], [8; 32]], 500)).is_err());
        assert!(InitializeConfigData::parse(&bytes(1, &[[9; 32]], 0)).is_err());
        assert!(InitializeConfigData::parse(&bytes(1, &[[9; 32]], 500)[..10]).is_err());
    }
}
