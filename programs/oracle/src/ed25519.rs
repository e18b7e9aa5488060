//! Reading one signature out of an Ed25519 program instruction.
//!
//! The Ed25519 program verifies every signature its instruction lists before any program of
//! the transaction runs; a program that relies on it must then check *what* was verified:
//! the signature count, and that the key and message it compares are the bytes the offsets
//! point at, inside that same instruction. Data layout of the instruction:
//! - `[0]` number of signatures, `[1]` padding
//! - `[2..16]` one offsets record per signature, seven u16 (LE): signature offset,
//!   signature instruction index, public key offset, public key instruction index, message
//!   offset, message size, message instruction index. Index `u16::MAX` means "this
//!   instruction"; any other index lets the bytes live in another instruction.

use crate::error::OracleError;
use pinocchio::Address;

/// `Ed25519SigVerify111111111111111111111111111`.
pub const ED25519_PROGRAM_ID: Address = Address::new_from_array([
    3, 125, 70, 214, 124, 147, 251, 190, 18, 249, 66, 143, 131, 141, 64, 255, 5, 112, 116, 73, 39,
    244, 138, 100, 252, 202, 112, 68, 128, 0, 0, 0,
]);

/// Instruction index meaning "the Ed25519 instruction itself".
pub const THIS_INSTRUCTION: u16 = u16::MAX;
const OFFSETS_START: usize = 2;
const OFFSETS_END: usize = 16;
const SIGNATURE_LEN: usize = 64;
const PUBKEY_LEN: usize = 32;

/// What one verified signature covers.
pub struct SignedMessage<'a> {
    pub signer: &'a [u8; 32],
    pub message: &'a [u8],
}

/// `data[start..start + len]` when it lies inside `data`.
#[inline(always)]
fn range(data: &[u8], start: usize, len: usize) -> Result<&[u8], OracleError> {
    let end = start
        .checked_add(len)
        .ok_or(OracleError::InvalidEd25519Instruction)?;
    data.get(start..end)
        .ok_or(OracleError::InvalidEd25519Instruction)
}

/// Parses the data of an Ed25519 instruction that must carry exactly one signature whose
/// signature, public key and message all live in this instruction, and returns the key
/// and the message the runtime verified.
pub fn parse_single_signature(data: &[u8]) -> Result<SignedMessage<'_>, OracleError> {
    if data.len() < OFFSETS_END || data[0] != 1 {
        return Err(OracleError::InvalidEd25519Instruction);
    }
    let mut fields = [0usize; 7];
    for (field, bytes) in fields
        .iter_mut()
        .zip(data[OFFSETS_START..OFFSETS_END].chunks_exact(2))
    {
        *field = u16::from_le_bytes([bytes[0], bytes[1]]) as usize;
    }
    let [signature_offset, signature_ix, pubkey_offset, pubkey_ix, message_offset, message_len, message_ix] =
        fields;
    let this = THIS_INSTRUCTION as usize;
    if signature_ix != this || pubkey_ix != this || message_ix != this {
        return Err(OracleError::InvalidEd25519Instruction);
    }
    range(data, signature_offset, SIGNATURE_LEN)?;
    let signer: &[u8; 32] = range(data, pubkey_offset, PUBKEY_LEN)?
        .try_into()
        .map_err(|_| OracleError::InvalidEd25519Instruction)?;
    let message = range(data, message_offset, message_len)?;
    Ok(SignedMessage { signer, message })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    /// The layout the keeper client builds: offsets, key, signature, message.
    fn ix(count: u8, indices: [u16; 3], message: &[u8]) -> Vec<u8> {
        let mut d = std::vec![count, 0];
        let msg_len = u16::try_from(message.len()).unwrap();
        for v in [48u16, indices[0], 16, indices[1], 112, msg_len, indices[2]] {
            d.extend_from_slice(&v.to_le_bytes());
        }
        d.extend_from_slice(&[9; 32]);
        d.extend_from_slice(&[7; 64]);
        d.extend_from_slice(message);
        d
    }

    #[test]
    fn returns_the_key_and_message_the_offsets_point_at() {
        let m = ix(1, [u16::MAX; 3], b"hello");
        let s = parse_single_signature(&m).ok().unwrap();
        assert_eq!((s.signer, s.message), (&[9u8; 32], &b"hello"[..]));
    }

    #[test]
    fn rejects_other_signature_counts() {
        for n in [0, 2] {
            assert_eq!(
                parse_single_signature(&ix(n, [u16::MAX; 3], b"m")).err(),
                Some(OracleError::InvalidEd25519Instruction)
            );
        }
    }

    #[test]
    fn rejects_any_index_pointing_at_another_instruction() {
        for i in 0..3 {
            let mut idx = [u16::MAX; 3];
            idx[i] = 1;
            assert_eq!(
                parse_single_signature(&ix(1, idx, b"m")).err(),
                Some(OracleError::InvalidEd25519Instruction)
            );
        }
    }

    #[test]
    fn rejects_offsets_out_of_bounds_and_short_data() {
        let mut m = ix(1, [u16::MAX; 3], b"msg");
        m[12] = 200; // message size 200: past the end
        assert!(parse_single_signature(&m).is_err());
        let mut m = ix(1, [u16::MAX; 3], b"msg");
        m[6] = 0xff; // public key offset past the end
        m[7] = 0xff;
        assert!(parse_single_signature(&m).is_err());
        assert!(parse_single_signature(&[1, 0, 0]).is_err());
    }
}
