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
