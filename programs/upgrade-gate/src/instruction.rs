//! The gate's instruction set: the single definition the IDL (and so the TypeScript client)
//! is generated from. Instruction data is `[discriminator u8][fields, packed LE]`.

use codama_macros::CodamaInstructions;

/// Discriminator bytes, checked against [`GateInstruction`] by a unit test.
pub mod discriminator {
    pub const INITIALIZE: u8 = 0;
    pub const UPGRADE: u8 = 1;
    pub const SET_AUTHORITY: u8 = 2;
    pub const SET_ADMINS: u8 = 3;
}

#[repr(C, u8)]
#[derive(CodamaInstructions)]
#[allow(dead_code)] // only read by the IDL generator and the drift test
pub enum GateInstruction {
    /// Creates the gate's configuration with its admin set. The gate program's own upgrade
    /// authority must sign (so nobody else initializes first), and at least `threshold` of
    /// the listed admins, who approve their installation (remaining accounts).
    #[codama(account(name = "payer", signer, writable, docs = "Pays for the account"))]
    #[codama(account(
        name = "config",
        writable,
        docs = "PDA [\"gate_config\"], created here"
    ))]
    #[codama(account(
        name = "system_program",
        docs = "System program",
        default_value = public_key("11111111111111111111111111111111")
    ))]
    #[codama(account(
        name = "program_data",
        docs = "The gate's own ProgramData account: PDA [gate program id] under BPFLoaderUpgradeab1e11111111111111111111111"
    ))]
    #[codama(account(
        name = "upgrade_authority",
        signer,
        docs = "The gate program's upgrade authority (defaults to the payer)",
        default_value = account("payer")
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Approving admins (at least `threshold` distinct admins, no others)"
    ))]
    Initialize {
        #[codama(type = array(public_key, 5))]
        admins: [[u8; 32]; 5],
        threshold: u8,
    } = 0,
    /// Upgrades a program whose upgrade authority is the gate's PDA from a buffer whose
    /// authority is that PDA too, once `threshold` distinct admins sign, the buffer's program
    /// bytes hash to `expected_sha256` (what the admins reviewed) and `nonce` is the gate's
    /// present proposal nonce (no other gate action landed since the proposal was made).
    #[codama(account(
        name = "config",
        writable,
        docs = "Gate configuration PDA [\"gate_config\"]"
    ))]
    #[codama(account(
        name = "program_data",
        writable,
        docs = "The program's ProgramData account"
    ))]
    #[codama(account(name = "program", writable, docs = "The program to upgrade"))]
    #[codama(account(name = "buffer", writable, docs = "The buffer holding the new program"))]
    #[codama(account(name = "spill", writable, docs = "Receives the buffer's lamports"))]
    #[codama(account(
        name = "rent",
        docs = "Rent sysvar",
        default_value = public_key("SysvarRent111111111111111111111111111111111")
    ))]
    #[codama(account(
        name = "clock",
        docs = "Clock sysvar",
        default_value = public_key("SysvarC1ock11111111111111111111111111111111")
    ))]
    #[codama(account(name = "authority", docs = "The gate's PDA [\"upgrade_authority\"]"))]
    #[codama(account(
        name = "loader",
        docs = "The upgradeable BPF loader",
        default_value = public_key("BPFLoaderUpgradeab1e11111111111111111111111")
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Approving admins (at least `threshold` distinct admins, no others)"
    ))]
    Upgrade {
        #[codama(type = fixed_size(bytes, 32))]
        expected_sha256: [u8; 32],
        nonce: u64,
    } = 1,
    /// Hands a program (its ProgramData account) or a buffer held by the gate to a new
    /// authority (another gate, or a key during an emergency), once `threshold` distinct
    /// admins sign and `nonce` is the gate's present proposal nonce.
    #[codama(account(
        name = "config",
        writable,
        docs = "Gate configuration PDA [\"gate_config\"]"
    ))]
    #[codama(account(
        name = "target",
        writable,
        docs = "The ProgramData or Buffer account whose authority changes"
    ))]
    #[codama(account(name = "authority", docs = "The gate's PDA [\"upgrade_authority\"]"))]
    #[codama(account(name = "new_authority", docs = "The new authority"))]
    #[codama(account(
        name = "loader",
        docs = "The upgradeable BPF loader",
        default_value = public_key("BPFLoaderUpgradeab1e11111111111111111111111")
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Approving admins (at least `threshold` distinct admins, no others)"
    ))]
    SetAuthority { nonce: u64 } = 2,
    /// Replaces the admin set, once `threshold` distinct admins of the current set sign, and
    /// `threshold` of the new set too (so the new keys are proven held: a mistyped set cannot
    /// lock the gate), and `nonce` is the gate's present proposal nonce.
    #[codama(account(
        name = "config",
        writable,
        docs = "Gate configuration PDA [\"gate_config\"]"
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Approving admins: at least the current set's threshold of its admins and the new set's threshold of its admins (a key in both counts for both), no others"
    ))]
    SetAdmins {
        #[codama(type = array(public_key, 5))]
        admins: [[u8; 32]; 5],
        threshold: u8,
        nonce: u64,
    } = 3,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(ix: &GateInstruction) -> u8 {
        // SAFETY: `repr(C, u8)` puts the discriminant in the first byte.
        unsafe { *(ix as *const GateInstruction as *const u8) }
    }

    #[test]
    fn discriminator_constants_match_the_idl_enum() {
        let set = GateInstruction::SetAdmins {
            admins: [[0; 32]; 5],
            threshold: 3,
            nonce: 0,
        };
        let init = GateInstruction::Initialize {
            admins: [[0; 32]; 5],
            threshold: 3,
        };
        let upgrade = GateInstruction::Upgrade {
            expected_sha256: [0; 32],
            nonce: 0,
        };
        assert_eq!(tag(&init), discriminator::INITIALIZE);
        assert_eq!(tag(&upgrade), discriminator::UPGRADE);
        assert_eq!(
            tag(&GateInstruction::SetAuthority { nonce: 0 }),
            discriminator::SET_AUTHORITY
        );
        assert_eq!(tag(&set), discriminator::SET_ADMINS);
    }
}
