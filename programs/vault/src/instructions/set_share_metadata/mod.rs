//! `set_share_metadata(name, symbol, uri)`: the admin multisig writes the share mint's
//! TokenMetadata (the MetadataPointer created by `init_vault` already points at the mint
//! itself). The vault funds nothing: the payer tops the mint up to the rent of its grown
//! size, then Token-2022 `TokenMetadata::Initialize` runs signed by the vault as mint
//! authority, with the vault as update authority. Once only.

mod processor;

pub use processor::process;

use crate::error::VaultError;
use pinocchio::error::ProgramError;

pub const NAME_LEN: usize = 32;
pub const SYMBOL_LEN: usize = 10;
pub const URI_LEN: usize = 128;

/// Instruction data (after the discriminator), 170 bytes: `[0..32]` name, `[32..42]`
/// symbol, `[42..170]` uri; each printable ASCII, zero-padded on the right; name and
/// symbol non-empty.
pub struct ShareMetadata<'a> {
    pub name: &'a [u8],
    pub symbol: &'a [u8],
    pub uri: &'a [u8],
}

/// The printable prefix of a zero-padded field; `None` if a non-printable byte appears
/// before the padding or a non-zero byte after it.
fn text(field: &[u8]) -> Option<&[u8]> {
    let len = field.iter().position(|b| *b == 0).unwrap_or(field.len());
    let (value, padding) = field.split_at(len);
    (value.iter().all(|b| (0x20..=0x7e).contains(b)) && padding.iter().all(|b| *b == 0))
        .then_some(value)
}

pub fn parse(data: &[u8]) -> Result<ShareMetadata<'_>, ProgramError> {
    let data: &[u8; NAME_LEN + SYMBOL_LEN + URI_LEN] = data
        .try_into()
        .map_err(|_| basket_common::CommonError::InvalidInstructionData)?;
    let (name, rest) = data.split_at(NAME_LEN);
    let (symbol, uri) = rest.split_at(SYMBOL_LEN);
    let bad = || ProgramError::from(VaultError::InvalidMetadata);
    let name = text(name).filter(|n| !n.is_empty()).ok_or_else(bad)?;
    let symbol = text(symbol).filter(|s| !s.is_empty()).ok_or_else(bad)?;
    let uri = text(uri).ok_or_else(bad)?;
    Ok(ShareMetadata { name, symbol, uri })
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // small fixed test inputs
mod tests {
    extern crate std;
    use super::*;

    fn data(name: &[u8], symbol: &[u8], uri: &[u8]) -> std::vec::Vec<u8> {
        let mut d = std::vec![0u8; 170];
        d[..name.len()].copy_from_slice(name);
        d[32..32 + symbol.len()].copy_from_slice(symbol);
        d[42..42 + uri.len()].copy_from_slice(uri);
        d
    }

    #[test]
    fn parses_three_zero_padded_printable_fields() {
        let d = data(b"Tech Basket 01", b"TECH01", b"https://example.com/t.json");
        let m = parse(&d).ok().unwrap();
        assert_eq!(
            (m.name, m.symbol, m.uri),
            (
                &b"Tech Basket 01"[..],
                &b"TECH01"[..],
                &b"https://example.com/t.json"[..]
            )
        );
        assert!(parse(&data(b"N", b"S", b"")).is_ok());
    }

    #[test]
    fn rejects_empty_name_or_symbol_control_bytes_and_bytes_after_padding() {
        let err = Some(ProgramError::from(VaultError::InvalidMetadata));
        assert_eq!(parse(&data(b"", b"S", b"")).err(), err);
        assert_eq!(parse(&data(b"N", b"", b"")).err(), err);
        assert_eq!(parse(&data(b"N\n", b"S", b"")).err(), err);
        let mut d = data(b"N", b"S", b"u");
        d[50] = b'x';
        assert_eq!(parse(&d).err(), err);
        assert!(parse(&d[..169]).is_err());
    }
}
