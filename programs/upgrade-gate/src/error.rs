//! Upgrade-gate error codes: 7000-7099 (codes 100-199 are the shared checks of
//! `basket-common`). One code per cause, so an operator reads why a proposal was refused.

use basket_common::upgrade_authority::UpgradeAuthorityError;
use codama_macros::CodamaErrors;
use pinocchio::error::ProgramError;

/// A failure specific to the upgrade gate. Append-only: never renumber.
#[repr(u32)]
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaErrors)]
pub enum GateError {
    /// The program was invoked under an address other than its declared id.
    #[codama(error(message = "The program was invoked under an unexpected address"))]
    WrongProgramId = 7000,
    /// Fewer distinct configured admins signed than the gate's threshold.
    #[codama(error(message = "Fewer distinct configured admins signed than the threshold"))]
    ThresholdNotMet = 7001,
    /// An approving account signed but is not one of the configured admins.
    #[codama(error(message = "An approving signer is not a configured admin"))]
    NonAdminSigner = 7002,
    /// The same admin was passed twice among the approving accounts.
    #[codama(error(message = "An admin was passed twice among the approving signers"))]
    DuplicateSigner = 7003,
    /// An approving account did not sign the transaction.
    #[codama(error(message = "An approving account did not sign the transaction"))]
    ApproverNotSigned = 7004,
    /// The loader account is not the upgradeable BPF loader (the gate would sign for another
    /// program with its authority).
    #[codama(error(message = "The loader account is not the upgradeable BPF loader"))]
    WrongLoader = 7005,
    /// The upgrade-authority account is not the gate's PDA ["upgrade_authority"].
    #[codama(error(message = "The upgrade authority is not the gate's PDA"))]
    WrongAuthority = 7006,
    /// The buffer is not a loader buffer whose authority is the gate's PDA.
    #[codama(error(message = "The buffer's authority is not the gate's PDA"))]
    WrongBufferAuthority = 7007,
    /// The sha256 of the buffer's program bytes is not the one the admins approved.
    #[codama(error(message = "The buffer's sha256 is not the approved hash"))]
    BufferHashMismatch = 7008,
    /// The program has no upgrade authority: it is immutable, nobody can act as deployer.
    #[codama(error(message = "The gate program is immutable: nobody can initialize it"))]
    ImmutableProgram = 7009,
    /// The initializing signer is not the gate program's own upgrade authority.
    #[codama(error(message = "Only the gate program's upgrade authority may initialize it"))]
    NotUpgradeAuthority = 7010,
    /// The account whose authority is being set is not a loader ProgramData or Buffer account.
    #[codama(error(message = "The target is not a loader ProgramData or Buffer account"))]
    NotLoaderAccount = 7011,
    /// `set_admins`: fewer distinct keys of the new admin set signed than its threshold (the
    /// new keys must be shown to be held before they can lock or unlock the gate).
    #[codama(error(message = "Fewer distinct admins of the new set signed than its threshold"))]
    NewAdminsThresholdNotMet = 7012,
    /// The proposal names another nonce than the gate's: another gate action landed after
    /// it was approved (a superseded upgrade, handover or admin change), so it is void.
    #[codama(error(
        message = "The proposal's nonce is not the gate's present one: it was superseded"
    ))]
    StaleProposal = 7013,
}

impl From<GateError> for ProgramError {
    #[inline(always)]
    fn from(e: GateError) -> Self {
        ProgramError::Custom(e as u32)
    }
}

/// The gate's error for a failed check of its own upgrade authority.
pub fn upgrade_authority_error(e: UpgradeAuthorityError) -> ProgramError {
    match e {
        UpgradeAuthorityError::Common(e) => e.into(),
        UpgradeAuthorityError::ImmutableProgram => GateError::ImmutableProgram.into(),
        UpgradeAuthorityError::NotUpgradeAuthority => GateError::NotUpgradeAuthority.into(),
    }
}
