//! The oracle's instruction set: the single definition the IDL (and so the TypeScript
//! client) is generated from. Instruction data is `[discriminator u8][fields, packed LE]`.

use codama_macros::CodamaInstructions;

/// Discriminator bytes, checked against [`OracleInstruction`] by a unit test so the two
/// cannot drift.
pub mod discriminator {
    pub const INITIALIZE_CONFIG: u8 = 0;
    pub const ROTATE_KEEPERS: u8 = 1;
    pub const CREATE_SNAPSHOT: u8 = 2;
    pub const PUSH_SNAPSHOT: u8 = 3;
    pub const APPROVE_DEVIATION: u8 = 4;
    pub const RESET_SEQUENCE: u8 = 5;
}

#[repr(C, u8)]
#[derive(CodamaInstructions)]
#[allow(dead_code)] // only read by the IDL generator and the drift test
#[allow(clippy::large_enum_variant)] // never built at run time: it describes the wire format
pub enum OracleInstruction {
    /// Creates the oracle configuration with its admin signer set and first keeper set.
    /// The program's upgrade authority must sign (so nobody else can initialize first), and
    /// at least `threshold` of the listed admins (passed as remaining accounts).
    #[codama(account(name = "payer", signer, writable, docs = "Pays for the account"))]
    #[codama(account(
        name = "config",
        writable,
        docs = "PDA [\"oracle_config\"], created here"
    ))]
    #[codama(account(name = "system_program", docs = "System program"))]
    // The default is the PDA of [program id] under the upgradeable loader for the id in
    // lib.rs; tests/initialize-config.test.ts checks it against the derivation.
    #[codama(account(
        name = "program_data",
        docs = "The oracle's ProgramData account: PDA [program id] under BPFLoaderUpgradeab1e11111111111111111111111",
        default_value = public_key("8jchqDS3wapMbvgWJGd9wVkBJqcqySrPF6LxPsqhR9rq")
    ))]
    #[codama(account(
        name = "upgrade_authority",
        signer,
        docs = "The oracle program's upgrade authority (defaults to the payer)",
        default_value = account("payer")
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    InitializeConfig {
        #[codama(type = array(public_key, 5))]
        admins: [[u8; 32]; 5],
        threshold: u8,
        keeper_count: u8,
        #[codama(type = array(public_key, 8))]
        keepers: [[u8; 32]; 8],
        max_deviation_bps: u16,
    } = 0,
    /// Replaces the keeper set and increments the keeper-set version. At least `threshold`
    /// distinct configured admins must sign (passed as remaining accounts).
    #[codama(account(
        name = "config",
        writable,
        docs = "Oracle configuration PDA [\"oracle_config\"]"
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    RotateKeepers {
        keeper_count: u8,
        #[codama(type = array(public_key, 8))]
        keepers: [[u8; 32]; 8],
    } = 1,
    /// Creates a SKU's snapshot account with its fixed mint list (no prices yet), and its
    /// deviation reference. The mint list is part of what the vault trusts, so the admin
    /// threshold must sign.
    #[codama(account(name = "payer", signer, writable, docs = "Pays for the accounts"))]
    #[codama(account(name = "config", docs = "Oracle configuration PDA [\"oracle_config\"]"))]
    #[codama(account(
        name = "snapshot",
        writable,
        docs = "PDA [\"nav_snapshot\", sku_id], created here"
    ))]
    #[codama(account(
        name = "reference",
        writable,
        docs = "PDA [\"nav_reference\", sku_id], the deviation reference, created here"
    ))]
    #[codama(account(name = "system_program", docs = "System program"))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    CreateSnapshot {
        #[codama(type = fixed_size(bytes, 16))]
        sku_id: [u8; 16],
        mint_count: u8,
        #[codama(type = array(public_key, 20))]
        mints: [[u8; 32]; 20],
    } = 2,
    /// Writes a keeper-signed NAV payload into the snapshot. The instruction right before
    /// this one must be an Ed25519 check of exactly one keeper signature over the canonical
    /// payload (see `payload.rs`); the payload is read from there. Its sequence is 1 to
    /// `MAX_SEQUENCE_STEP` above the last. Every entry is capped against the SKU's deviation
    /// reference, which holds for `DEVIATION_WINDOW_SLOTS`; admin signers (or an approval of
    /// this sequence) are only needed when an entry moves beyond that cap.
    #[codama(account(name = "snapshot", writable, docs = "The SKU's snapshot PDA"))]
    #[codama(account(name = "config", docs = "Oracle configuration PDA [\"oracle_config\"]"))]
    #[codama(account(
        name = "instructions_sysvar",
        docs = "Instructions sysvar (Sysvar1nstructions1111111111111111111111111)"
    ))]
    #[codama(account(
        name = "reference",
        writable,
        docs = "The SKU's deviation reference PDA [\"nav_reference\", sku_id]"
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin co-signers, only for a move beyond the deviation cap"
    ))]
    PushSnapshot = 3,
    /// Lets the push of this snapshot with exactly `sequence` (one of its next
    /// `MAX_SEQUENCE_STEP`; 0 names the next push as the snapshot stands when the approval
    /// lands) move entries beyond the deviation cap, for baskets too large to carry admin
    /// co-signatures in the push transaction; no other push can use it. At least
    /// `threshold` distinct configured admins must sign (remaining accounts).
    #[codama(account(name = "snapshot", docs = "The SKU's snapshot PDA"))]
    #[codama(account(name = "config", docs = "Oracle configuration PDA [\"oracle_config\"]"))]
    #[codama(account(
        name = "reference",
        writable,
        docs = "The SKU's deviation reference PDA [\"nav_reference\", sku_id]"
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    ApproveDeviation { sequence: u64 } = 4,
    /// Recovery: raises the snapshot's sequence (the next push is then 1 to
    /// `MAX_SEQUENCE_STEP` above it) and drops any pending approval, to void leaked signed
    /// payloads or skip past a stuck approval. The new sequence must be strictly above the
    /// stored one and at least 2^32 below `u64::MAX`. At least `threshold` distinct
    /// configured admins must sign (remaining accounts).
    #[codama(account(name = "snapshot", writable, docs = "The SKU's snapshot PDA"))]
    #[codama(account(name = "config", docs = "Oracle configuration PDA [\"oracle_config\"]"))]
    #[codama(account(
        name = "reference",
        writable,
        docs = "The SKU's deviation reference PDA [\"nav_reference\", sku_id]"
    ))]
    #[codama(remaining_accounts(
        argument("adminSigners"),
        signer,
        docs = "Admin signers (at least `threshold` distinct admins)"
    ))]
    ResetSequence { sequence: u64 } = 5,
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
        let ix = OracleInstruction::RotateKeepers {
            keeper_count: 0,
            keepers: [[0; 32]; 8],
        };
        assert_eq!(tag(&ix), discriminator::ROTATE_KEEPERS);
        let ix = OracleInstruction::CreateSnapshot {
            sku_id: [0; 16],
            mint_count: 0,
            mints: [[0; 32]; 20],
        };
        assert_eq!(tag(&ix), discriminator::CREATE_SNAPSHOT);
        assert_eq!(
            tag(&OracleInstruction::PushSnapshot),
            discriminator::PUSH_SNAPSHOT
        );
        assert_eq!(
            tag(&OracleInstruction::ApproveDeviation { sequence: 0 }),
            discriminator::APPROVE_DEVIATION
        );
        assert_eq!(
            tag(&OracleInstruction::ResetSequence { sequence: 0 }),
            discriminator::RESET_SEQUENCE
        );
    }
}
