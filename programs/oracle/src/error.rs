//! Oracle error codes: 2000-2099 (codes 100-199 are the shared checks of `basket-common`).

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
}

impl From<OracleError> for ProgramError {
    #[inline(always)]
    fn from(e: OracleError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
