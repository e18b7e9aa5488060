use basket_common::CommonError;

/// Instruction data of `rebalance_leg` (after the discriminator), 48 bytes:
/// - `[0..32]` expected_mint: the mint the vault receives (the quoted mint)
/// - `[32..40]` expected_amount_raw: raw units the vault receives
/// - `[40..48]` pay_amount_raw: raw units of the paying side the vault sends
#[derive(Debug, Eq, PartialEq)]
pub struct RebalanceLegData {
    pub expected_mint: [u8; 32],
    pub expected_amount_raw: u64,
    pub pay_amount_raw: u64,
}

impl RebalanceLegData {
    pub const LEN: usize = 48;

    pub fn parse(data: &[u8]) -> Result<Self, CommonError> {
        let Ok(bytes) = <&[u8; Self::LEN]>::try_from(data) else {
            return Err(CommonError::InvalidInstructionData);
        };
        let mut expected_mint = [0u8; 32];
        let mut a = [0u8; 8];
        let mut b = [0u8; 8];
        expected_mint.copy_from_slice(&bytes[0..32]);
        a.copy_from_slice(&bytes[32..40]);
        b.copy_from_slice(&bytes[40..48]);
        Ok(Self {
            expected_mint,
            expected_amount_raw: u64::from_le_bytes(a),
            pay_amount_raw: u64::from_le_bytes(b),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_offsets_and_only_that_length() {
        let mut d = [0u8; 48];
        d[0..32].copy_from_slice(&[3; 32]);
        d[32..40].copy_from_slice(&u64::MAX.to_le_bytes());
        d[40..48].copy_from_slice(&9u64.to_le_bytes());
        assert_eq!(
            RebalanceLegData::parse(&d),
            Ok(RebalanceLegData {
                expected_mint: [3; 32],
                expected_amount_raw: u64::MAX,
                pay_amount_raw: 9
            })
        );
        assert!(RebalanceLegData::parse(&d[..47]).is_err());
        assert!(RebalanceLegData::parse(&[0u8; 49]).is_err());
    }
}
