//! `begin_redemption(shares, nonce)`: the first half of a batched in-kind redemption. Burns
//! `shares` and records the pro-rata raw amount of every holding and of the cash buffer in
//! a new redemption claim (`["claim", vault, owner, nonce]`); the books drop by those
//! amounts at once, so the remaining holders' NAV no longer counts them.
//! `pay_redemption` then pays the claim in as many transactions as the basket needs.

mod accounts;
mod processor;

pub use accounts::BeginRedemptionAccounts;
pub use processor::process;

use basket_common::CommonError;

/// Instruction data (after the discriminator), 16 bytes: `[0..8]` shares, `[8..16]` nonce
/// (u64 LE each; the nonce lets one owner hold several open claims).
pub fn parse(data: &[u8]) -> Result<(u64, u64), CommonError> {
    let bytes: &[u8; 16] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let mut a = [0u8; 8];
    let mut b = [0u8; 8];
    a.copy_from_slice(&bytes[..8]);
    b.copy_from_slice(&bytes[8..]);
    Ok((u64::from_le_bytes(a), u64::from_le_bytes(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_shares_then_nonce_and_only_sixteen_bytes() {
        let mut d = [0u8; 16];
        d[..8].copy_from_slice(&5u64.to_le_bytes());
        d[8..].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(parse(&d), Ok((5, u64::MAX)));
        assert!(parse(&d[..15]).is_err());
        assert!(parse(&[0u8; 17]).is_err());
    }
}
