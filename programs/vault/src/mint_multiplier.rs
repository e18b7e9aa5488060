//! A mint's ScaledUiAmount multiplier in force at a time, read from the Token-2022 mint's
//! TLV extensions (the unit multiplier for SPL Token mints and mints without the extension).

use crate::state::TokenProgramKind;
use basket_common::{
    multiplier::{decode_f64_bits, MULTIPLIER_SCALE},
    token2022, CommonError,
};

/// A mint's multiplier in force at some time.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct MintMultiplier {
    /// `floor(multiplier * 1e12)`; 1e12 without ScaledUiAmount.
    pub num: u64,
    /// The f64 bits it was decoded from; 0 without ScaledUiAmount.
    pub bits: u64,
    /// Offset of the ScaledUiAmount value in the mint's data; 0 without one.
    pub offset: u16,
}

/// The unit multiplier of SPL Token mints and Token-2022 mints without ScaledUiAmount.
const UNIT: MintMultiplier = MintMultiplier {
    num: MULTIPLIER_SCALE,
    bits: 0,
    offset: 0,
};

/// The multiplier in force at `now` (floor at 1e12, as the keeper writes it).
///
/// `mint_data` is the configured mint's (its address was compared with the vault's record,
/// and init_vault checked its owner and extension list), so the Token-2022 layout is the
/// program's own: the 83 padding bytes between the base mint and the account-type byte are
/// not re-scanned here (about 400 CU per mint on this target); the TLV walk is bounded.
pub fn mint_multiplier(
    mint_data: &[u8],
    kind: TokenProgramKind,
    now: i64,
) -> Result<MintMultiplier, CommonError> {
    if kind == TokenProgramKind::SplToken || mint_data.len() <= token2022::MINT_BASE_LEN {
        return Ok(UNIT);
    }
    match find_scaled_ui_amount(mint_data)? {
        None => Ok(UNIT),
        Some(offset) => {
            let bits =
                bits_in_force(mint_data, offset, now).ok_or(CommonError::InvalidMintExtensions)?;
            Ok(MintMultiplier {
                num: decode_f64_bits(bits)?.floor,
                bits,
                offset,
            })
        }
    }
}

/// Offset of the account-type byte of a Token-2022 mint with extensions; TLV entries follow.
const ACCOUNT_TYPE_OFFSET: usize = token2022::TOKEN_ACCOUNT_LEN;
const ACCOUNT_TYPE_MINT: u8 = 1;
const SCALED_UI_AMOUNT: u16 = 25;
const SCALED_UI_AMOUNT_LEN: usize = 56;

/// Offset of the ScaledUiAmount extension's value in a Token-2022 mint, if it has one.
fn find_scaled_ui_amount(data: &[u8]) -> Result<Option<u16>, CommonError> {
    if data.get(ACCOUNT_TYPE_OFFSET) != Some(&ACCOUNT_TYPE_MINT) {
        return Err(CommonError::InvalidMintExtensions);
    }
    let mut pos = ACCOUNT_TYPE_OFFSET + 1;
    while let Some(header) = data.get(pos..pos.saturating_add(4)) {
        let ty = u16::from_le_bytes([header[0], header[1]]);
        let len = usize::from(u16::from_le_bytes([header[2], header[3]]));
        let start = pos.saturating_add(4);
        if ty == SCALED_UI_AMOUNT {
            if len != SCALED_UI_AMOUNT_LEN {
                return Err(CommonError::InvalidMintExtensions);
            }
            return u16::try_from(start)
                .map(Some)
                .map_err(|_| CommonError::InvalidMintExtensions);
        }
        if ty == 0 && len == 0 {
            break;
        }
        pos = start.saturating_add(len);
    }
    Ok(None)
}

/// The f64 bits in force at `now` of the ScaledUiAmount value at `offset`: authority (32) |
/// multiplier (8) | effective timestamp (8) | new multiplier (8). `None` if the data is too
/// short or the TLV header before `offset` is not ScaledUiAmount's (the extension moved).
#[inline(always)]
pub(crate) fn bits_in_force(data: &[u8], offset: u16, now: i64) -> Option<u64> {
    let start = usize::from(offset);
    let header = data.get(start.checked_sub(4)?..start)?;
    if header != [25, 0, 56, 0] {
        return None;
    }
    let value: &[u8; SCALED_UI_AMOUNT_LEN] = data
        .get(start..start.checked_add(SCALED_UI_AMOUNT_LEN)?)?
        .try_into()
        .ok()?;
    let word = |bytes: &[u8]| {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        b
    };
    let effective = i64::from_le_bytes(word(&value[40..48]));
    Some(u64::from_le_bytes(if now >= effective {
        word(&value[48..56])
    } else {
        word(&value[32..40])
    }))
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec;

    /// A Token-2022 mint: base, padding, account type, then `extensions` as (type, value).
    fn t22_mint(extensions: &[(u16, std::vec::Vec<u8>)]) -> std::vec::Vec<u8> {
        let mut data = vec![0u8; ACCOUNT_TYPE_OFFSET];
        data[45] = 1;
        data.push(ACCOUNT_TYPE_MINT);
        for (ty, value) in extensions {
            data.extend_from_slice(&ty.to_le_bytes());
            data.extend_from_slice(&(value.len() as u16).to_le_bytes());
            data.extend_from_slice(value);
        }
        data
    }

    fn scaled(current: f64, effective: i64, new: f64) -> std::vec::Vec<u8> {
        let mut v = vec![9u8; 32];
        v.extend_from_slice(&current.to_bits().to_le_bytes());
        v.extend_from_slice(&effective.to_le_bytes());
        v.extend_from_slice(&new.to_bits().to_le_bytes());
        v
    }

    #[test]
    fn the_multiplier_in_force_switches_at_its_effective_time_and_is_found_after_other_extensions()
    {
        let data = t22_mint(&[(18, vec![1u8; 64]), (25, scaled(1.25, 1_000, 2.5))]);
        let before = mint_multiplier(&data, TokenProgramKind::Token2022, 999).unwrap();
        assert_eq!(before.num, 1_250_000_000_000);
        assert_eq!(before.bits, 1.25f64.to_bits());
        let offset = usize::from(before.offset);
        assert_eq!(&data[offset - 4..offset], &[25, 0, 56, 0]);
        let after = mint_multiplier(&data, TokenProgramKind::Token2022, 1_000).unwrap();
        assert_eq!(
            (after.num, after.bits),
            (2_500_000_000_000, 2.5f64.to_bits())
        );
        assert_eq!(
            bits_in_force(&data, before.offset, 999),
            Some(1.25f64.to_bits())
        );
        assert_eq!(
            bits_in_force(&data, before.offset, 1_000),
            Some(2.5f64.to_bits())
        );
    }

    #[test]
    fn a_moved_or_malformed_extension_never_reads_as_the_cached_multiplier() {
        let data = t22_mint(&[(25, scaled(1.25, 0, 1.25))]);
        let found = mint_multiplier(&data, TokenProgramKind::Token2022, 0).unwrap();
        // Another extension in front: the old offset now points into it.
        let moved = t22_mint(&[(18, vec![0u8; 8]), (25, scaled(1.25, 0, 1.25))]);
        assert_eq!(bits_in_force(&moved, found.offset, 0), None);
        assert_eq!(
            bits_in_force(&data[..data.len() - 1], found.offset, 0),
            None
        );
        assert_eq!(bits_in_force(&data, 2, 0), None);
        // A ScaledUiAmount entry of the wrong length is refused, not read.
        let short = t22_mint(&[(25, vec![0u8; 48])]);
        assert_eq!(
            mint_multiplier(&short, TokenProgramKind::Token2022, 0),
            Err(CommonError::InvalidMintExtensions)
        );
    }

    #[test]
    fn spl_token_mints_have_the_unit_multiplier() {
        assert_eq!(
            mint_multiplier(&[0u8; 82], TokenProgramKind::SplToken, 0),
            Ok(UNIT)
        );
        let mut plain = vec![0u8; 82];
        plain[45] = 1;
        assert_eq!(
            mint_multiplier(&plain, TokenProgramKind::Token2022, 0),
            Ok(UNIT)
        );
    }
}
