use basket_common::CommonError;

/// Instruction data of `deposit` (after the discriminator), 16 bytes:
/// - `[0..8]` raw_amount: stablecoin, raw units
/// - `[8..16]` min_shares_out: the fewest shares the depositor accepts
#[derive(Debug, Eq, PartialEq)]
pub struct DepositData {
    pub raw_amount: u64,
    pub min_shares_out: u64,
}

impl DepositData {
    pub const LEN: usize = 16;

    pub fn parse(data: &[u8]) -> Result<Self, CommonError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData);
        }
        let mut a = [0u8; 8];
        let mut b = [0u8; 8];
        a.copy_from_slice(&data[0..8]);
        b.copy_from_slice(&data[8..16]);
        Ok(Self {
            raw_amount: u64::from_le_bytes(a),
            min_shares_out: u64::from_le_bytes(b),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_two_little_endian_u64() {
        let mut d = [0u8; 16];
        d[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        d[8..16].copy_from_slice(&7u64.to_le_bytes());
        assert_eq!(
            DepositData::parse(&d),
            Ok(DepositData {
                raw_amount: u64::MAX,
                min_shares_out: 7
            })
        );
        assert!(DepositData::parse(&d[..15]).is_err());
        assert!(DepositData::parse(&[0u8; 17]).is_err());
    }
}
