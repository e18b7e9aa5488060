use crate::{error::VaultError, share_math::BPS};
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `withdraw_usdc` (after the discriminator), 18 bytes:
/// - `[0..8]` shares to burn
/// - `[8..10]` max_slip_bps: how far below `quoted_out` the payout may be (0..=10,000)
/// - `[10..18]` quoted_out: the net stablecoin the client quoted from the snapshot it read
#[derive(Debug, Eq, PartialEq)]
pub struct WithdrawUsdcData {
    pub shares: u64,
    pub max_slip_bps: u16,
    pub quoted_out: u64,
}

impl WithdrawUsdcData {
    pub const LEN: usize = 18;

    pub fn parse(data: &[u8]) -> Result<Self, ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let mut shares = [0u8; 8];
        let mut quoted = [0u8; 8];
        shares.copy_from_slice(&data[0..8]);
        quoted.copy_from_slice(&data[10..18]);
        let parsed = Self {
            shares: u64::from_le_bytes(shares),
            max_slip_bps: u16::from_le_bytes([data[8], data[9]]),
            quoted_out: u64::from_le_bytes(quoted),
        };
        if u64::from(parsed.max_slip_bps) > BPS {
            return Err(VaultError::InvalidConfig.into());
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_offsets_and_bounds_the_slippage() {
        let mut d = [0u8; 18];
        d[0..8].copy_from_slice(&5u64.to_le_bytes());
        d[8..10].copy_from_slice(&30u16.to_le_bytes());
        d[10..18].copy_from_slice(&7u64.to_le_bytes());
        assert_eq!(
            WithdrawUsdcData::parse(&d),
            Ok(WithdrawUsdcData {
                shares: 5,
                max_slip_bps: 30,
                quoted_out: 7
            })
        );
        d[8..10].copy_from_slice(&10_001u16.to_le_bytes());
        assert_eq!(
            WithdrawUsdcData::parse(&d),
            Err(VaultError::InvalidConfig.into())
        );
        assert!(WithdrawUsdcData::parse(&d[..17]).is_err());
    }
}
