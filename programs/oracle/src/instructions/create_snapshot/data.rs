use crate::{
    error::OracleError,
    state::{MAX_ENTRIES, SKU_ID_LEN},
};
use basket_common::CommonError;
use pinocchio::error::ProgramError;

/// Instruction data of `create_snapshot` (after the discriminator), 657 bytes:
/// - `[0..16]` SKU id: printable ASCII, zero-padded on the right
/// - `[16]` mint count (1..=20)
/// - `[17..657]` twenty mint slots (slots past the count must be zero)
pub struct CreateSnapshotData<'a> {
    pub sku_id: &'a [u8; SKU_ID_LEN],
    pub mint_count: u8,
    mints: &'a [u8],
}

const MINTS_AT: usize = SKU_ID_LEN + 1;

impl<'a> CreateSnapshotData<'a> {
    pub const LEN: usize = MINTS_AT + 32 * MAX_ENTRIES;

    pub fn parse(data: &'a [u8]) -> Result<Self, ProgramError> {
        if data.len() != Self::LEN {
            return Err(CommonError::InvalidInstructionData.into());
        }
        let sku_id: &[u8; SKU_ID_LEN] = data[..SKU_ID_LEN]
            .try_into()
            .map_err(|_| CommonError::InvalidInstructionData)?;
        validate_sku_id(sku_id)?;
        let parsed = Self {
            sku_id,
            mint_count: data[SKU_ID_LEN],
            mints: &data[MINTS_AT..],
        };
        parsed.validate_mints()?;
        Ok(parsed)
    }

    /// Mint slot `i` (`i < 20`).
    #[allow(clippy::arithmetic_side_effects)] // i < 20: at most 640, the slice's length
    pub fn mint(&self, i: usize) -> &'a [u8] {
        &self.mints[i * 32..(i + 1) * 32]
    }

    /// 1..=20 non-zero, distinct mints; slots past the count zero.
    fn validate_mints(&self) -> Result<(), OracleError> {
        let n = self.mint_count as usize;
        if n > MAX_ENTRIES {
            return Err(OracleError::TooManyEntries);
        }
        if n == 0 {
            return Err(OracleError::InvalidMintList);
        }
        for i in 0..MAX_ENTRIES {
            let mint = self.mint(i);
            let is_zero = mint.iter().all(|b| *b == 0);
            if is_zero == (i < n) {
                return Err(OracleError::InvalidMintList);
            }
            if i < n && (0..i).any(|j| self.mint(j) == mint) {
                return Err(OracleError::DuplicateMint);
            }
        }
        Ok(())
    }
}

/// Printable ASCII (0x21..=0x7e) from the first byte, then zero padding only.
pub fn validate_sku_id(sku: &[u8; SKU_ID_LEN]) -> Result<(), OracleError> {
    let len = sku.iter().position(|b| *b == 0).unwrap_or(SKU_ID_LEN);
    let (text, padding) = sku.split_at(len);
    if text.is_empty()
        || !text.iter().all(|b| (0x21..=0x7e).contains(b))
        || padding.iter().any(|b| *b != 0)
    {
        return Err(OracleError::InvalidSkuId);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn bytes(sku: &[u8], count: u8, mints: &[[u8; 32]]) -> Vec<u8> {
        let mut d = std::vec![0u8; SKU_ID_LEN];
        d[..sku.len()].copy_from_slice(sku);
        d.push(count);
        for i in 0..MAX_ENTRIES {
            d.extend_from_slice(mints.get(i).unwrap_or(&[0; 32]));
        }
        d
    }

    fn err(d: &[u8]) -> Option<ProgramError> {
        CreateSnapshotData::parse(d).err()
    }

    fn code(e: OracleError) -> Option<ProgramError> {
        Some(e.into())
    }

    #[test]
    fn parses_a_valid_mint_list() {
        let d = bytes(b"MAG7", 2, &[[1; 32], [2; 32]]);
        let p = CreateSnapshotData::parse(&d).ok().unwrap();
        assert_eq!((p.mint_count, p.mint(1)), (2, &[2u8; 32][..]));
        assert_eq!(&p.sku_id[..5], b"MAG7\0");
    }

    #[test]
    fn rejects_malformed_mint_lists() {
        assert_eq!(
            err(&bytes(b"A", 0, &[])),
            code(OracleError::InvalidMintList)
        );
        assert_eq!(
            err(&bytes(b"A", 21, &[[1; 32]; 20])),
            code(OracleError::TooManyEntries)
        );
        assert_eq!(
            err(&bytes(b"A", 2, &[[1; 32], [1; 32]])),
            code(OracleError::DuplicateMint)
        );
        assert_eq!(
            err(&bytes(b"A", 2, &[[1; 32], [0; 32]])),
            code(OracleError::InvalidMintList)
        );
        assert_eq!(
            err(&bytes(b"A", 1, &[[1; 32], [2; 32]])),
            code(OracleError::InvalidMintList)
        );
    }

    #[test]
    fn rejects_bad_sku_ids() {
        assert_eq!(
            err(&bytes(b"", 1, &[[1; 32]])),
            code(OracleError::InvalidSkuId)
        );
        assert_eq!(
            err(&bytes(b"A B", 1, &[[1; 32]])),
            code(OracleError::InvalidSkuId)
        );
        assert_eq!(
            err(&bytes(b"A\0B", 1, &[[1; 32]])),
            code(OracleError::InvalidSkuId)
        );
        assert!(CreateSnapshotData::parse(&bytes(b"ABCDEFGHIJKLMNOP", 1, &[[1; 32]])).is_ok());
    }
}
