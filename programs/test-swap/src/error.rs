//! Test-swap error codes: 9000-9099 (codes 100-199 are the shared checks of `basket-common`).

use pinocchio::error::ProgramError;

/// A failure specific to the swap venue. Append-only: never renumber.
#[repr(u32)]
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum SwapError {
    /// The program was invoked under an address other than its declared id.
    WrongProgramId = 9000,
    /// The fee is above `MAX_FEE_BPS`.
    FeeTooHigh = 9001,
    /// The two mints of a pool are the same mint.
    SameMint = 9002,
    /// A vault is not a token account of the pool's mint owned by the pool, or has a
    /// delegate or close authority someone else could use.
    InvalidVault = 9003,
    /// A vault, mint or token program passed does not match the pool.
    PoolAccountMismatch = 9004,
    /// Only the pool's owner may add liquidity.
    NotPoolOwner = 9005,
    /// An amount in of zero (swap) or a deposit of nothing (add liquidity).
    ZeroAmount = 9006,
    /// A pool side holds nothing, so no price exists.
    EmptyPool = 9007,
    /// The swap would pay out zero.
    ZeroAmountOut = 9008,
    /// The swap would pay out less than `min_amount_out`.
    SlippageExceeded = 9009,
    /// The direction byte is neither 0 (stock in) nor 1 (stablecoin in).
    InvalidDirection = 9010,
    /// The mint carries a Token-2022 extension the venue cannot quote exactly (a transfer
    /// fee, non-transferable, interest-bearing).
    UnsupportedMint = 9011,
    /// More transfer-hook extra accounts than the venue forwards.
    TooManyExtraAccounts = 9012,
    /// The user's token account is not of the side's mint.
    InvalidUserAccount = 9013,
}

impl From<SwapError> for ProgramError {
    #[inline(always)]
    fn from(e: SwapError) -> Self {
        ProgramError::Custom(e as u32)
    }
}
