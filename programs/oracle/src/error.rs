//! Oracle error codes: 2000-2099 (codes 100-199 are the shared checks of `basket-common`).

use basket_common::upgrade_authority::UpgradeAuthorityError;
use codama_macros::CodamaErrors;
use pinocchio::error::ProgramError;

/// A failure specific to the oracle program. Append-only: never renumber.
#[repr(u32)]
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaErrors)]
pub enum OracleError {
    /// The program was invoked under an address other than its declared id.
    #[codama(error(message = "The program was invoked under an unexpected address"))]
    WrongProgramId = 2000,
    /// The snapshot is older than MAX_STALE_SECS for the current market state.
    #[codama(error(message = "The NAV snapshot is stale"))]
    StaleNav = 2001,
    /// The keeper set is empty, too large, or contains a zero or repeated key.
    #[codama(error(message = "The keeper set is invalid"))]
    InvalidKeeperSet = 2002,
    /// The instruction right before `push_snapshot` is not a call of the Ed25519 program.
    #[codama(error(
        message = "The instruction before push_snapshot must be an Ed25519 signature check"
    ))]
    MissingEd25519Instruction = 2003,
    /// The Ed25519 instruction does not hold exactly one signature whose key, signature and
    /// message all lie inside that same instruction.
    #[codama(error(
        message = "The Ed25519 instruction must hold exactly one signature with all offsets inside itself"
    ))]
    InvalidEd25519Instruction = 2004,
    /// The payload was signed by a key that is not in the authorized keeper set.
    #[codama(error(message = "The NAV payload was not signed by an authorized keeper"))]
    UnauthorizedKeeper = 2005,
    /// The signed payload is malformed or bound to another program or snapshot account.
    #[codama(error(
        message = "The signed NAV payload is malformed or bound to another program or snapshot account"
    ))]
    InvalidPayload = 2006,
    /// The payload's sequence is not strictly above the snapshot's last sequence (replay).
    #[codama(error(message = "The NAV payload sequence is not above the last pushed sequence"))]
    SequenceNotIncreasing = 2007,
    /// The payload or mint list has more than 20 entries.
    #[codama(error(message = "A NAV snapshot holds at most 20 entries"))]
    TooManyEntries = 2008,
    /// The same mint appears twice in a snapshot's mint list.
    #[codama(error(message = "A mint appears more than once in the snapshot"))]
    DuplicateMint = 2009,
    /// An entry has a zero price.
    #[codama(error(message = "A NAV entry has a zero price"))]
    ZeroPrice = 2010,
    /// An entry has a zero multiplier.
    #[codama(error(message = "A NAV entry has a zero multiplier"))]
    ZeroMultiplier = 2011,
    /// An entry sets flag bits this layout version does not define.
    #[codama(error(message = "A NAV entry sets undefined flag bits"))]
    UndefinedFlags = 2012,
    /// The payload names another SKU than the snapshot account's.
    #[codama(error(message = "The NAV payload is for another SKU"))]
    WrongSku = 2013,
    /// An entry's value per raw unit moved beyond the configured cap and the admin
    /// threshold did not co-sign.
    #[codama(error(
        message = "A price moved beyond the deviation cap without admin co-signature"
    ))]
    DeviationTooLarge = 2014,
    /// The payload's entry count differs from the snapshot's mint count.
    #[codama(error(
        message = "The NAV payload entry count differs from the snapshot's mint count"
    ))]
    EntryCountMismatch = 2015,
    /// The SKU id is empty, not printable ASCII, or not zero-padded on the right.
    #[codama(error(message = "The SKU id must be printable ASCII, zero-padded on the right"))]
    InvalidSkuId = 2016,
    /// An entry's updated_slot is after the current slot or too far behind it.
    #[codama(error(message = "A NAV entry's updated_slot is in the future or too old"))]
    EntrySlotOutOfRange = 2017,
    /// `push_snapshot` was invoked through CPI instead of as a top-level instruction.
    #[codama(error(message = "push_snapshot must be a top-level instruction"))]
    NotTopLevel = 2018,
    /// The mint list is empty, has a zero mint, or has non-zero slots past its count.
    #[codama(error(message = "The snapshot mint list is empty or malformed"))]
    InvalidMintList = 2019,
    /// `initialize_config` was not signed by the program's upgrade authority (the account
    /// passed as the upgrade authority is another key).
    #[codama(error(
        message = "initialize_config must be signed by the oracle program's upgrade authority"
    ))]
    NotUpgradeAuthority = 2020,
    /// The oracle program has no upgrade authority (it was made immutable before
    /// `initialize_config`), so nobody can prove to be its deployer.
    #[codama(error(
        message = "The oracle program is immutable: initialize_config needs an upgrade authority"
    ))]
    ImmutableProgram = 2021,
    /// The payload's sequence is more than `MAX_SEQUENCE_STEP` above the snapshot's last one
    /// (a jump towards `u64::MAX` would stop every later push).
    #[codama(error(
        message = "The NAV payload sequence is too far above the last pushed sequence"
    ))]
    SequenceTooFarAhead = 2022,
    /// `approve_deviation` names a sequence that is not one of the next `MAX_SEQUENCE_STEP`
    /// pushes of the snapshot.
    #[codama(error(message = "The approved sequence is not one of the snapshot's next pushes"))]
    ApprovalSequenceOutOfRange = 2023,
    /// The deviation reference account is not the snapshot's (another SKU's, or not one).
    #[codama(error(message = "The deviation reference is not the snapshot's"))]
    WrongReference = 2024,
    /// `reset_sequence` names a sequence that is not strictly above the snapshot's: the
    /// vault's price memo and NAV cache follow a sequence that only rises, so it is never
    /// lowered or repeated.
    #[codama(error(message = "reset_sequence must raise the snapshot's sequence"))]
    SequenceNotRaised = 2025,
    /// `reset_sequence` names a sequence less than `MIN_SEQUENCE_ROOM` (2^32) below
    /// `u64::MAX`, which would leave the snapshot too few pushes.
    #[codama(error(message = "reset_sequence must leave 2^32 sequences below u64::MAX"))]
    SequenceRoomTooSmall = 2026,
}

impl From<OracleError> for ProgramError {
    #[inline(always)]
    fn from(e: OracleError) -> Self {
        ProgramError::Custom(e as u32)
    }
}

/// The oracle's codes for a failed upgrade-authority check (shared codes pass through).
pub fn upgrade_authority_error(e: UpgradeAuthorityError) -> ProgramError {
    match e {
        UpgradeAuthorityError::Common(e) => e.into(),
        UpgradeAuthorityError::ImmutableProgram => OracleError::ImmutableProgram.into(),
        UpgradeAuthorityError::NotUpgradeAuthority => OracleError::NotUpgradeAuthority.into(),
    }
}
