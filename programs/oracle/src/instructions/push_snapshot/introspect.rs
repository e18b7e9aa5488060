use crate::{
    bytes::address_eq,
    ed25519::{parse_single_signature, SignedMessage, ED25519_PROGRAM_ID},
    error::OracleError,
};
use pinocchio::sysvars::instructions::Instructions;

/// The key and message verified by the Ed25519 instruction right before the current one.
///
/// The current instruction must itself be a top-level call of this program: through CPI,
/// the sysvar's current index names the caller's instruction, and "the instruction before"
/// would mean something the caller controls.
pub fn signed_message<'a>(sysvar_data: &'a [u8]) -> Result<SignedMessage<'a>, OracleError> {
    // SAFETY: the caller checked the account is the instructions sysvar, whose data the
    // runtime writes in the documented format.
    let instructions = unsafe { Instructions::new_unchecked(sysvar_data) };
    let current = instructions.load_current_index() as usize;
    let this = instructions
        .load_instruction_at(current)
        .map_err(|_| OracleError::NotTopLevel)?;
    if !address_eq(this.get_program_id(), &crate::ID) {
        return Err(OracleError::NotTopLevel);
    }
    let previous = current
        .checked_sub(1)
        .ok_or(OracleError::MissingEd25519Instruction)?;
    let ed25519 = instructions
        .load_instruction_at(previous)
        .map_err(|_| OracleError::MissingEd25519Instruction)?;
    if !address_eq(ed25519.get_program_id(), &ED25519_PROGRAM_ID) {
        return Err(OracleError::MissingEd25519Instruction);
    }
    let data = ed25519.get_instruction_data();
    // SAFETY: `data` points into `sysvar_data`, which outlives 'a; the introspection view
    // only ties it to a local.
    let data: &'a [u8] = unsafe { core::slice::from_raw_parts(data.as_ptr(), data.len()) };
    parse_single_signature(data)
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation)] // small fixed test inputs
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    /// The instructions sysvar's serialization: count, offsets, instructions
    /// (`[n_accounts u16][accounts: flags u8 + key][program id][data_len u16][data]`), then
    /// the current index.
    fn sysvar(instructions: &[(&[u8; 32], &[u8])], current: u16) -> Vec<u8> {
        let mut body = Vec::new();
        let mut offsets = Vec::new();
        let header = 2 + 2 * instructions.len();
        for (program, data) in instructions {
            offsets.push((header + body.len()) as u16);
            body.extend_from_slice(&0u16.to_le_bytes());
            body.extend_from_slice(&program[..]);
            body.extend_from_slice(&(data.len() as u16).to_le_bytes());
            body.extend_from_slice(data);
        }
        let mut out = (instructions.len() as u16).to_le_bytes().to_vec();
        for o in offsets {
            out.extend_from_slice(&o.to_le_bytes());
        }
        out.extend_from_slice(&body);
        out.extend_from_slice(&current.to_le_bytes());
        out
    }

    fn ed25519_data(message: &[u8]) -> Vec<u8> {
        let mut d = std::vec![1u8, 0];
        for v in [
            48u16,
            u16::MAX,
            16,
            u16::MAX,
            112,
            message.len() as u16,
            u16::MAX,
        ] {
            d.extend_from_slice(&v.to_le_bytes());
        }
        d.extend_from_slice(&[5; 32]);
        d.extend_from_slice(&[6; 64]);
        d.extend_from_slice(message);
        d
    }

    const ORACLE: &[u8; 32] = crate::ID.as_array();
    const ED25519: &[u8; 32] = ED25519_PROGRAM_ID.as_array();

    #[test]
    fn returns_the_message_of_the_check_right_before_a_top_level_push() {
        let sig = ed25519_data(b"payload");
        let data = sysvar(&[(ED25519, &sig), (ORACLE, &[3])], 1);
        let signed = signed_message(&data).ok().unwrap();
        assert_eq!(
            (signed.signer, signed.message),
            (&[5u8; 32], &b"payload"[..])
        );
    }

    #[test]
    fn rejects_a_push_reached_through_cpi() {
        // The top-level instruction at the current index belongs to another program that
        // calls the oracle; the instruction before it is a valid-looking Ed25519 check.
        let sig = ed25519_data(b"payload");
        let other = [9u8; 32];
        let data = sysvar(&[(ED25519, &sig), (&other, &[0])], 1);
        assert_eq!(signed_message(&data).err(), Some(OracleError::NotTopLevel));
    }

    #[test]
    fn rejects_a_push_first_in_the_transaction_or_after_another_program() {
        let data = sysvar(&[(ORACLE, &[3])], 0);
        assert_eq!(
            signed_message(&data).err(),
            Some(OracleError::MissingEd25519Instruction)
        );
        let other = [9u8; 32];
        let data = sysvar(&[(&other, &[1]), (ORACLE, &[3])], 1);
        assert_eq!(
            signed_message(&data).err(),
            Some(OracleError::MissingEd25519Instruction)
        );
    }
}
