//! `withdraw_in_kind(shares)`: burns shares and pays the pro-rata raw amount of every
//! holding (each asset and the cash buffer), rounded down.

mod accounts;
mod processor;

pub use accounts::WithdrawInKindAccounts;
pub use processor::process;

use basket_common::CommonError;

/// Instruction data (after the discriminator), 12 bytes: `[0..8]` shares, u64 LE; `[8..12]`
/// accept_unpaid_mask, u32 LE: bit `i` set = the owner accepts that asset slot `i`'s slice,
/// if it cannot be paid now (frozen holding, paused mint), stays with the other holders.
/// Consent is what the owner signed: a pause landing after the quote refuses the exit
/// (`UnpaidNotAccepted`) instead of taking the slice.
pub fn parse(data: &[u8]) -> Result<(u64, u32), CommonError> {
    let bytes: &[u8; 12] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let mut shares = [0u8; 8];
    shares.copy_from_slice(&bytes[..8]);
    let mask = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
    Ok((u64::from_le_bytes(shares), mask))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_shares_then_the_consent_mask_and_nothing_else() {
        let mut d = [0u8; 12];
        d[..8].copy_from_slice(&42u64.to_le_bytes());
        d[8..].copy_from_slice(&0b101u32.to_le_bytes());
        assert_eq!(parse(&d), Ok((42, 0b101)));
        assert!(parse(&d[..8]).is_err());
        assert!(parse(&[0u8; 13]).is_err());
    }
}
