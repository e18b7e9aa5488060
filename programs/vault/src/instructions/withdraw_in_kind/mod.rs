//! `withdraw_in_kind(shares)`: burns shares and pays the pro-rata raw amount of every
//! holding (each asset and the cash buffer), rounded down.

mod accounts;
mod processor;

pub use accounts::WithdrawInKindAccounts;
pub use processor::process;

use basket_common::CommonError;

/// Instruction data (after the discriminator): `[0..8]` shares, u64 LE.
pub fn parse(data: &[u8]) -> Result<u64, CommonError> {
    let bytes: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    Ok(u64::from_le_bytes(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_exactly_eight_bytes() {
        assert_eq!(parse(&42u64.to_le_bytes()), Ok(42));
        assert!(parse(&[0u8; 7]).is_err());
        assert!(parse(&[0u8; 9]).is_err());
    }
}
