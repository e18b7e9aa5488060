//! The oracle's instruction set: the single definition the IDL (and so the TypeScript
//! client) is generated from. Instruction data is `[discriminator u8][fields, packed LE]`.

use codama_macros::CodamaInstructions;

/// Discriminator bytes, checked against [`OracleInstruction`] by a unit test so the two
/// cannot drift.
pub mod discriminator {
    pub const INITIALIZE_CONFIG: u8 = 0;
}

#[repr(C, u8)]
#[derive(CodamaInstructions)]
#[allow(dead_code)] // only read by the IDL generator and the drift test
pub enum OracleInstruction {
    /// Creates the oracle configuration with its admin signer set and first keeper set.
    /// At least `threshold` of the listed admins must sign (passed as remaining accounts).
    #[codama(account(name = "payer", signer, writable, docs = "Pays for the account"))]
    #[codama(account(name = "config", writable, docs = "PDA [\"oracle_config\"], created here"))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(remaining_accounts(argument("adminSigners"), signer, docs = "Admin signers (at least `threshold` distinct admins)"))]
    InitializeConfig {
        #[codama(type = array(public_key, 5))]
        admins: [[u8; 32]; 5],
        threshold: u8,
        keeper_count: u8,
        #[codama(type = array(public_key, 8))]
        keepers: [[u8; 32]; 8],
        max_deviation_bps: u16,
    } = 0,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(ix: &OracleInstruction) -> u8 {
        // SAFETY: `repr(C, u8)` puts the discriminant in the first byte.
        unsafe { *(ix as *const OracleInstruction as *const u8) }
    }

    #[test]
    fn discriminator_constants_match_the_idl_enum() {
        let ix = OracleInstruction::InitializeConfig {
            admins: [[0; 32]; 5],
            threshold: 0,
            keeper_count: 0,
            keepers: [[0; 32]; 8],
            max_deviation_bps: 0,
        };
        assert_eq!(tag(&ix), discriminator::INITIALIZE_CONFIG);
    }
}
