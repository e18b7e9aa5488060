//! Errors raised by the shared checks. Codes 100-199 are reserved for them in every program
//! (each program's own codes start at a program-specific base), so one decoder works for all.

use codama_macros::CodamaErrors;
use pinocchio::error::ProgramError;

/// A failure detected by a shared check. Append-only: never renumber.
#[repr(u32)]
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaErrors)]
pub enum CommonError {
    /// An account that must sign the transaction did not.
    #[codama(error(message = "A required signer did not sign the transaction"))]
    MissingSigner = 100,
    /// An account that must be writable was passed read-only.
    #[codama(error(message = "An account that must be writable was passed read-only"))]
    NotWritable = 101,
    /// The account is owned by another program than the expected one.
    #[codama(error(message = "The account is owned by an unexpected program"))]
    InvalidOwner = 102,
    /// The account data does not start with the expected type discriminator.
    #[codama(error(message = "The account is not of the expected type"))]
    InvalidDiscriminator = 103,
    /// The account data has a layout version this program does not understand.
    #[codama(error(message = "The account has an unsupported layout version"))]
    UnsupportedVersion = 104,
    /// The account data is shorter or longer than the layout requires.
    #[codama(error(message = "The account data has the wrong length"))]
    InvalidAccountLength = 105,
    /// The account address is not the program-derived address its seeds and bump give.
    #[codama(error(message = "The account is not the expected program-derived address"))]
    InvalidPda = 106,
    /// The account is already initialized.
    #[codama(error(message = "The account is already initialized"))]
    AlreadyInitialized = 107,
    /// Fewer distinct configured admin signers signed than the threshold requires.
    #[codama(error(message = "Not enough distinct admin signers signed the transaction"))]
    AdminThresholdNotMet = 108,
    /// An admin signer set is malformed (duplicate or zero key, threshold out of range).
    #[codama(error(message = "The admin signer set is invalid"))]
    InvalidSignerSet = 109,
    /// An arithmetic operation overflowed or divided by zero.
    #[codama(error(message = "Arithmetic overflow"))]
    MathOverflow = 110,
    /// A token program account is neither SPL Token nor Token-2022, or does not own the mint.
    #[codama(error(
        message = "The token program is not the mint's owner or not a known token program"
    ))]
    InvalidTokenProgram = 111,
    /// A mint's Token-2022 extension data is malformed.
    #[codama(error(message = "The mint's extension data is malformed"))]
    InvalidMintExtensions = 112,
    /// A mint carries a Token-2022 extension the vault does not support.
    #[codama(error(message = "The mint carries an unsupported Token-2022 extension"))]
    UnsupportedMintExtension = 113,
    /// The ScaledUiAmount multiplier is not a finite positive number in the supported range.
    #[codama(error(message = "The ScaledUiAmount multiplier is out of the supported range"))]
    InvalidMultiplier = 114,
    /// A sysvar account is not at the sysvar's address.
    #[codama(error(message = "The sysvar account has the wrong address"))]
    InvalidSysvar = 115,
    /// The instruction data is malformed (wrong length or unknown discriminator).
    #[codama(error(message = "The instruction data is malformed"))]
    InvalidInstructionData = 116,
    /// Not enough accounts were passed to the instruction.
    #[codama(error(message = "Not enough accounts were passed"))]
    NotEnoughAccounts = 117,
    /// A token account has the wrong mint or owner.
    #[codama(error(message = "The token account has the wrong mint or owner"))]
    InvalidTokenAccount = 118,
    /// The system program account is not the system program.
    #[codama(error(message = "The system program account is not the system program"))]
    InvalidSystemProgram = 119,
}

impl From<CommonError> for ProgramError {
    #[inline(always)]
    fn from(e: CommonError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
