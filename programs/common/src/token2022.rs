//! Reading SPL Token / Token-2022 account data without the token crates.
//!
//! Offsets are the token programs' stable wire layouts:
//! - Mint: `[0..36]` mint authority (COption), `[36..44]` supply, `[44]` decimals,
//!   `[45]` is_initialized, `[46..82]` freeze authority (COption).
//! - Token account: `[0..32]` mint, `[32..64]` owner, `[64..72]` amount, `[108]` state.
//! - Token-2022 extensions: after the 165-byte account area, `[165]` account type
//!   (1 = mint, 2 = account), then TLV entries `type: u16 LE, length: u16 LE, value`.
#![allow(clippy::arithmetic_side_effects)] // offsets are bounded by the length checks before them

use crate::error::CommonError;
use pinocchio::Address;

/// The SPL Token program.
pub const TOKEN_PROGRAM_ID: Address =
    Address::from_str_const("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
/// The Token-2022 program.
pub const TOKEN_2022_PROGRAM_ID: Address =
    Address::from_str_const("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");

pub const MINT_BASE_LEN: usize = 82;
pub const TOKEN_ACCOUNT_LEN: usize = 165;
const ACCOUNT_TYPE_OFFSET: usize = 165;
const ACCOUNT_TYPE_MINT: u8 = 1;

/// Token-2022 extension type numbers used by the programs.
pub mod extension {
    pub const TRANSFER_FEE_CONFIG: u16 = 1;
    pub const MINT_CLOSE_AUTHORITY: u16 = 3;
    pub const DEFAULT_ACCOUNT_STATE: u16 = 6;
    pub const NON_TRANSFERABLE: u16 = 9;
    pub const INTEREST_BEARING_CONFIG: u16 = 10;
    pub const PERMANENT_DELEGATE: u16 = 12;
    pub const TRANSFER_HOOK: u16 = 14;
    pub const METADATA_POINTER: u16 = 18;
    pub const TOKEN_METADATA: u16 = 19;
    pub const GROUP_POINTER: u16 = 20;
    pub const TOKEN_GROUP: u16 = 21;
    pub const GROUP_MEMBER_POINTER: u16 = 22;
    pub const TOKEN_GROUP_MEMBER: u16 = 23;
    pub const SCALED_UI_AMOUNT: u16 = 25;
    pub const PAUSABLE: u16 = 26;
}

/// Whether `program` is one of the two token programs.
#[inline]
pub fn is_token_program(program: &Address) -> bool {
    crate::bytes::address_eq(program, &TOKEN_PROGRAM_ID)
        || crate::bytes::address_eq(program, &TOKEN_2022_PROGRAM_ID)
}

/// Decimals of an initialized mint (either token program).
pub fn mint_decimals(data: &[u8]) -> Result<u8, CommonError> {
    if data.len() < MINT_BASE_LEN || data[45] != 1 {
        return Err(CommonError::InvalidMintExtensions);
    }
    Ok(data[44])
}

/// Supply of an initialized mint (either token program).
pub fn mint_supply(data: &[u8]) -> Result<u64, CommonError> {
    if data.len() < MINT_BASE_LEN || data[45] != 1 {
        return Err(CommonError::InvalidMintExtensions);
    }
    Ok(u64::from_le_bytes(read8(data, 36)))
}

/// The `(type, value)` entries of a Token-2022 mint's extension area.
///
/// A mint without extensions (exactly 82 bytes, or an SPL Token mint) yields nothing.
pub fn mint_extensions(data: &[u8]) -> Result<ExtensionIter<'_>, CommonError> {
    if data.len() <= MINT_BASE_LEN {
        return Ok(ExtensionIter { data: &[], pos: 0 });
    }
    // With extensions the base is padded to the token-account length so the account type
    // byte sits at the same offset for mints and accounts.
    if data.len() <= ACCOUNT_TYPE_OFFSET
        || data[MINT_BASE_LEN..ACCOUNT_TYPE_OFFSET]
            .iter()
            .any(|b| *b != 0)
        || data[ACCOUNT_TYPE_OFFSET] != ACCOUNT_TYPE_MINT
    {
        return Err(CommonError::InvalidMintExtensions);
    }
    Ok(ExtensionIter {
        data: &data[ACCOUNT_TYPE_OFFSET + 1..],
        pos: 0,
    })
}

/// Iterator over TLV entries; yields an error once and stops if an entry is truncated.
pub struct ExtensionIter<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Iterator for ExtensionIter<'a> {
    type Item = Result<(u16, &'a [u8]), CommonError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = &self.data[self.pos..];
        if rest.len() < 4 {
            return None;
        }
        let ty = u16::from_le_bytes([rest[0], rest[1]]);
        let len = u16::from_le_bytes([rest[2], rest[3]]) as usize;
        if ty == 0 && len == 0 {
            // Uninitialized padding ends the list.
            return None;
        }
        if rest.len() < 4 + len {
            self.pos = self.data.len();
            return Some(Err(CommonError::InvalidMintExtensions));
        }
        self.pos += 4 + len;
        Some(Ok((ty, &rest[4..4 + len])))
    }
}

/// Fails with `UnsupportedMintExtension` if the mint carries any extension not in `allowed`.
pub fn check_mint_extensions(data: &[u8], allowed: &[u16]) -> Result<(), CommonError> {
    for entry in mint_extensions(data)? {
        let (ty, _) = entry?;
        if !allowed.contains(&ty) {
            return Err(CommonError::UnsupportedMintExtension);
        }
    }
    Ok(())
}

/// The ScaledUiAmount configuration of a mint, as stored (`f64` bits, not decoded).
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct ScaledUiAmount {
    pub multiplier_bits: u64,
    pub new_multiplier_effective_timestamp: i64,
    pub new_multiplier_bits: u64,
}

impl ScaledUiAmount {
    /// The multiplier in force at `unix_timestamp`, as Token-2022 applies it: the new one
    /// from its effective timestamp on (inclusive), the stored one before.
    #[inline]
    pub fn bits_at(&self, unix_timestamp: i64) -> u64 {
        if unix_timestamp >= self.new_multiplier_effective_timestamp {
            self.new_multiplier_bits
        } else {
            self.multiplier_bits
        }
    }
}

/// The mint's ScaledUiAmount extension, if it has one.
pub fn scaled_ui_amount(data: &[u8]) -> Result<Option<ScaledUiAmount>, CommonError> {
    for entry in mint_extensions(data)? {
        let (ty, value) = entry?;
        if ty == extension::SCALED_UI_AMOUNT {
            // authority (32) | multiplier f64 (8) | effective timestamp i64 (8) | new f64 (8)
            if value.len() != 56 {
                return Err(CommonError::InvalidMintExtensions);
            }
            return Ok(Some(ScaledUiAmount {
                multiplier_bits: u64::from_le_bytes(read8(value, 32)),
                new_multiplier_effective_timestamp: i64::from_le_bytes(read8(value, 40)),
                new_multiplier_bits: u64::from_le_bytes(read8(value, 48)),
            }));
        }
    }
    Ok(None)
}

/// Whether the mint's Pausable extension is present and currently paused.
pub fn is_paused(data: &[u8]) -> Result<bool, CommonError> {
    for entry in mint_extensions(data)? {
        let (ty, value) = entry?;
        if ty == extension::PAUSABLE {
            return Ok(value.get(32).copied().unwrap_or(0) == 1);
        }
    }
    Ok(false)
}

/// [`is_paused`] for a mint whose extension area the caller validated earlier (the vault at
/// `init_vault`, the rewards program at distribution) and whose address it just compared:
/// walks the TLV entries directly. `is_paused` re-checks the 83 padding bytes one by one,
/// about 500 CU per mint on this target, on every payment of an issuer stock.
#[inline(always)]
pub fn validated_mint_paused(data: &[u8]) -> bool {
    // Extensions start after the 165-byte base and the account-type byte.
    let mut at = ACCOUNT_TYPE_OFFSET + 1;
    while let Some(header) = data.get(at..at.saturating_add(4)) {
        let ty = u16::from_le_bytes([header[0], header[1]]);
        let len = usize::from(u16::from_le_bytes([header[2], header[3]]));
        if ty == extension::PAUSABLE {
            // authority (32) | paused (1)
            return data.get(at.saturating_add(36)).copied() == Some(1);
        }
        if ty == 0 {
            return false;
        }
        at = at.saturating_add(4).saturating_add(len);
    }
    false
}

/// The fields of a token account the programs check.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct TokenAccountView<'a> {
    pub mint: &'a [u8; 32],
    pub owner: &'a [u8; 32],
    pub amount: u64,
    /// 1 = initialized, 2 = frozen.
    pub state: u8,
}

/// Parses an initialized token account of either token program.
pub fn token_account(data: &[u8]) -> Result<TokenAccountView<'_>, CommonError> {
    if data.len() < TOKEN_ACCOUNT_LEN || data[108] == 0 {
        return Err(CommonError::InvalidTokenAccount);
    }
    Ok(TokenAccountView {
        mint: read32(data, 0),
        owner: read32(data, 32),
        amount: u64::from_le_bytes(read8(data, 64)),
        state: data[108],
    })
}

#[inline(always)]
fn read8(data: &[u8], at: usize) -> [u8; 8] {
    let mut out = [0u8; 8];
    out.copy_from_slice(&data[at..at + 8]);
    out
}

#[inline(always)]
fn read32(data: &[u8], at: usize) -> &[u8; 32] {
    // The slice is exactly 32 bytes long, so the conversion cannot fail.
    data[at..at + 32].try_into().unwrap_or(&[0u8; 32])
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn mint_with(exts: &[(u16, Vec<u8>)]) -> Vec<u8> {
        let mut d = std::vec![0u8; ACCOUNT_TYPE_OFFSET];
        d[44] = 6;
        d[45] = 1;
        d.push(ACCOUNT_TYPE_MINT);
        for (ty, v) in exts {
            d.extend_from_slice(&ty.to_le_bytes());
            d.extend_from_slice(&(v.len() as u16).to_le_bytes());
            d.extend_from_slice(v);
        }
        d
    }

    fn scaled(m: f64, ts: i64, nm: f64) -> Vec<u8> {
        let mut v = std::vec![0u8; 32];
        v.extend_from_slice(&m.to_le_bytes());
        v.extend_from_slice(&ts.to_le_bytes());
        v.extend_from_slice(&nm.to_le_bytes());
        v
    }

    #[test]
    fn the_validated_pause_read_agrees_with_the_full_one() {
        let pausable = |paused: u8| {
            let mut v = std::vec![7u8; 32];
            v.push(paused);
            v
        };
        let cases = [
            mint_with(&[(extension::METADATA_POINTER, std::vec![0; 64])]),
            mint_with(&[
                (extension::METADATA_POINTER, std::vec![0; 64]),
                (25, scaled(1.5, 1000, 3.0)),
                (extension::PAUSABLE, pausable(1)),
            ]),
            mint_with(&[
                (25, scaled(1.5, 1000, 3.0)),
                (extension::PAUSABLE, pausable(0)),
            ]),
            mint_with(&[
                (extension::PAUSABLE, pausable(1)),
                (25, scaled(2.0, 0, 2.0)),
            ]),
        ];
        let expected = [false, true, false, true];
        for (data, paused) in cases.iter().zip(expected) {
            assert_eq!(is_paused(data), Ok(paused));
            assert_eq!(validated_mint_paused(data), paused);
        }
        // Trailing zero padding after the entries ends the walk.
        let mut padded = cases[2].clone();
        padded.extend_from_slice(&[0; 16]);
        assert!(!validated_mint_paused(&padded));
    }

    #[test]
    fn reads_scaled_ui_amount_and_switches_at_the_effective_timestamp() {
        let d = mint_with(&[
            (extension::METADATA_POINTER, std::vec![0; 64]),
            (25, scaled(1.5, 1000, 3.0)),
        ]);
        let s = scaled_ui_amount(&d).unwrap().unwrap();
        assert_eq!(f64::from_bits(s.bits_at(999)), 1.5);
        assert_eq!(f64::from_bits(s.bits_at(1000)), 3.0);
        assert_eq!(mint_decimals(&d), Ok(6));
    }

    #[test]
    fn a_mint_without_extensions_has_no_multiplier() {
        let mut d = std::vec![0u8; MINT_BASE_LEN];
        d[45] = 1;
        assert_eq!(scaled_ui_amount(&d), Ok(None));
        assert_eq!(check_mint_extensions(&d, &[]), Ok(()));
    }

    #[test]
    fn rejects_extensions_outside_the_allow_list() {
        let d = mint_with(&[
            (25, scaled(1.0, 0, 1.0)),
            (extension::TRANSFER_HOOK, std::vec![0; 64]),
        ]);
        assert_eq!(
            check_mint_extensions(&d, &[25]),
            Err(CommonError::UnsupportedMintExtension)
        );
        assert_eq!(
            check_mint_extensions(&d, &[25, extension::TRANSFER_HOOK]),
            Ok(())
        );
    }

    #[test]
    fn rejects_truncated_tlv_and_wrong_account_type() {
        let mut d = mint_with(&[(25, scaled(1.0, 0, 1.0))]);
        d.truncate(d.len() - 3);
        assert_eq!(
            scaled_ui_amount(&d),
            Err(CommonError::InvalidMintExtensions)
        );
        let mut d = mint_with(&[]);
        d[ACCOUNT_TYPE_OFFSET] = 2;
        assert!(mint_extensions(&d).is_err());
    }

    #[test]
    fn parses_token_accounts() {
        let mut d = std::vec![0u8; TOKEN_ACCOUNT_LEN];
        d[0..32].copy_from_slice(&[7; 32]);
        d[32..64].copy_from_slice(&[9; 32]);
        d[64..72].copy_from_slice(&55u64.to_le_bytes());
        d[108] = 1;
        let t = token_account(&d).unwrap();
        assert_eq!(
            (t.mint, t.owner, t.amount, t.state),
            (&[7; 32], &[9; 32], 55, 1)
        );
        d[108] = 0;
        assert_eq!(token_account(&d), Err(CommonError::InvalidTokenAccount));
    }
}
