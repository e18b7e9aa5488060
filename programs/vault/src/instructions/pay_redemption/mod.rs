//! `pay_redemption(slots)`: pays the named slots of a redemption claim (see
//! `begin_redemption`) to the claim owner's token accounts. Permissionless: anyone (the
//! owner, the keeper) may crank it, since every destination must be owned by the claim's
//! owner. Each paid asset passes the spec's guards (Active, not flagged, multiplier equal
//! to the mint's) at payment time, so a frozen asset delays only its own slot. The claim is
//! closed, its rent returned to the owner, once nothing is owed.

mod accounts;
mod processor;

pub use accounts::PayRedemptionAccounts;
pub use processor::{check_destination, process};

use basket_common::CommonError;

/// Bit of the slot mask naming the cash buffer (bits 0..20 name the asset slots).
pub const CASH_BIT: u32 = 1 << 20;

/// Instruction data (after the discriminator): `[0..4]` slot mask, u32 LE. Bits above the
/// cash bit are refused.
pub fn parse(data: &[u8]) -> Result<u32, CommonError> {
    let bytes: [u8; 4] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let mask = u32::from_le_bytes(bytes);
    if mask == 0 || mask >> 21 != 0 {
        return Err(CommonError::InvalidInstructionData);
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_non_empty_mask_of_twenty_assets_and_the_cash_bit() {
        assert_eq!(parse(&(CASH_BIT | 5).to_le_bytes()), Ok(CASH_BIT | 5));
        assert!(parse(&0u32.to_le_bytes()).is_err());
        assert!(parse(&(1u32 << 21).to_le_bytes()).is_err());
        assert!(parse(&[1, 0, 0]).is_err());
    }
}
