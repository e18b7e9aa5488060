//! Helpers the instructions share: token transfers, mint checks, program-owned account loads.

use crate::error::RewardsError;
use basket_common::{token2022, token2022::extension, validate, CommonError};
use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    AccountView, ProgramResult,
};

/// `TransferChecked` instruction tag, identical on SPL Token and Token-2022.
const TRANSFER_CHECKED: u8 = 12;

/// Token-2022 extensions the staking mint may carry. Anything else (transfer fees,
/// transfer hooks, permanent delegates, interest, non-transferable, unknown types) changes
/// what a transfer delivers or who can move the staked tokens, so such mints are rejected.
pub const ALLOWED_MINT_EXTENSIONS: [u16; 8] = [
    extension::SCALED_UI_AMOUNT,
    extension::METADATA_POINTER,
    extension::TOKEN_METADATA,
    extension::GROUP_POINTER,
    extension::TOKEN_GROUP,
    extension::GROUP_MEMBER_POINTER,
    extension::TOKEN_GROUP_MEMBER,
    extension::PAUSABLE,
];

/// Token-2022 `ConfidentialTransferMint` (not among `basket_common`'s named types).
pub const CONFIDENTIAL_TRANSFER_MINT: u16 = 4;

/// Token-2022 extensions a reward mint may carry: the staking list plus the issuer's own
/// tokenized-stock set, each handled on purpose (docs/rewards.md, "Reward mints as the issuer
/// makes them"): a permanent delegate can take from an epoch holding, so a claim never pays
/// more than the holding really has; a default state of Frozen, or a later freeze, defers
/// that mint's payment instead of failing the claim; a set transfer hook gets its extra
/// accounts passed through; the confidential-transfer mint is accepted because the epoch's
/// holdings are never configured for confidential balances. Transfer fees, interest,
/// non-transferable and unknown types stay refused.
pub const ALLOWED_REWARD_MINT_EXTENSIONS: [u16; 12] = [
    extension::SCALED_UI_AMOUNT,
    extension::METADATA_POINTER,
    extension::TOKEN_METADATA,
    extension::GROUP_POINTER,
    extension::TOKEN_GROUP,
    extension::GROUP_MEMBER_POINTER,
    extension::TOKEN_GROUP_MEMBER,
    extension::PAUSABLE,
    extension::PERMANENT_DELEGATE,
    extension::DEFAULT_ACCOUNT_STATE,
    CONFIDENTIAL_TRANSFER_MINT,
    extension::TRANSFER_HOOK,
];

/// Checks a mint for use as the staking mint and returns its decimals. The token program is
/// the mint's owner, which must be one of the two token programs.
pub fn checked_mint(mint: &AccountView) -> Result<u8, CommonError> {
    checked_mint_with(mint, &ALLOWED_MINT_EXTENSIONS)
}

/// Checks a mint for use as a reward mint (the issuer's extension set allowed) and returns
/// its decimals and whether it carries Pausable, in one pass over its extensions.
pub fn checked_reward_mint(mint: &AccountView) -> Result<(u8, bool), CommonError> {
    if !mint.owned_by(&token2022::TOKEN_PROGRAM_ID)
        && !mint.owned_by(&token2022::TOKEN_2022_PROGRAM_ID)
    {
        return Err(CommonError::InvalidTokenProgram);
    }
    // SAFETY: read-only view; no mutable borrow of the mint is alive.
    let data = unsafe { mint.borrow_unchecked() };
    let mut pausable = false;
    for entry in token2022::mint_extensions(data)? {
        let (ty, _) = entry?;
        if !ALLOWED_REWARD_MINT_EXTENSIONS.contains(&ty) {
            return Err(CommonError::UnsupportedMintExtension);
        }
        pausable |= ty == extension::PAUSABLE;
    }
    Ok((token2022::mint_decimals(data)?, pausable))
}

fn checked_mint_with(mint: &AccountView, allowed: &[u16]) -> Result<u8, CommonError> {
    if !mint.owned_by(&token2022::TOKEN_PROGRAM_ID)
        && !mint.owned_by(&token2022::TOKEN_2022_PROGRAM_ID)
    {
        return Err(CommonError::InvalidTokenProgram);
    }
    // SAFETY: read-only view; no mutable borrow of the mint is alive.
    let data = unsafe { mint.borrow_unchecked() };
    token2022::check_mint_extensions(data, allowed)?;
    token2022::mint_decimals(data)
}

/// `TransferChecked` through `token_program`, after checking it is a token program that
/// owns the mint.
#[inline(always)]
pub fn transfer_checked(
    accounts: [&AccountView; 5],
    amount: u64,
    decimals: u8,
    signers: &[Signer],
) -> ProgramResult {
    validate::check_token_program_for_mint(accounts[4], accounts[1])?;
    transfer_checked_unverified(accounts, amount, decimals, signers)
}

/// `TransferChecked` through `token_program` when the caller already matched the mint and
/// its token program against stored, checked values (the claim hot path).
#[inline(always)]
pub fn transfer_checked_unverified(
    accounts: [&AccountView; 5],
    amount: u64,
    decimals: u8,
    signers: &[Signer],
) -> ProgramResult {
    let [from, mint, to, authority, token_program] = accounts;
    let mut data = [0u8; 10];
    data[0] = TRANSFER_CHECKED;
    data[1..9].copy_from_slice(&amount.to_le_bytes());
    data[9] = decimals;
    let metas = [
        InstructionAccount::writable(from.address()),
        InstructionAccount::readonly(mint.address()),
        InstructionAccount::writable(to.address()),
        InstructionAccount::readonly_signer(authority.address()),
    ];
    let ix = InstructionView {
        program_id: token_program.address(),
        accounts: &metas,
        data: &data,
    };
    let cpi_accounts = [
        CpiAccount::from(from),
        CpiAccount::from(mint),
        CpiAccount::from(to),
        CpiAccount::from(authority),
    ];
    // SAFETY: the accounts match `metas` one to one (built from the same views above), and no
    // borrow of the source or destination data is alive: the only live borrow the callers
    // hold is of the authority PDA's own data, which the token program never writes.
    unsafe { invoke_signed_unchecked(&ix, &cpi_accounts, signers) };
    Ok(())
}

/// The system program, compared a word at a time.
#[inline(always)]
pub fn check_system_program(account: &AccountView) -> Result<(), CommonError> {
    if eq32(account.address().as_array(), &[0u8; 32]) {
        Ok(())
    } else {
        Err(CommonError::InvalidSystemProgram)
    }
}

/// Views the data of an account this instruction has just created (all zero, exact
/// length) as `T` and writes its header, without re-scanning the zeroed bytes.
#[inline(always)]
pub fn init_created<T: basket_common::layout::AccountLayout>(
    data: &mut [u8],
) -> Result<&mut T, CommonError> {
    if data.len() != T::LEN {
        return Err(CommonError::InvalidAccountLength);
    }
    data[0] = T::DISCRIMINATOR;
    data[1] = T::VERSION;
    // SAFETY: length checked; `AccountLayout` types have alignment 1 and accept any bytes.
    Ok(unsafe { &mut *(data.as_mut_ptr() as *mut T) })
}

pub use basket_common::bytes::eq32;

/// Whether `account` is owned by `program`, compared a word at a time.
#[inline(always)]
pub fn owned_by(account: &AccountView, program: &pinocchio::Address) -> bool {
    eq32(account.owner().as_array(), program.as_array())
}

/// Checks `account` is owned by this program and writable.
#[inline(always)]
pub fn check_program_account(account: &AccountView, writable: bool) -> Result<(), CommonError> {
    if !owned_by(account, &crate::ID) {
        return Err(CommonError::InvalidOwner);
    }
    if writable {
        validate::check_writable(account)?;
    }
    Ok(())
}

/// Current unix time from the Clock sysvar (read through its syscall, never an account).
#[inline(always)]
pub fn now() -> Result<i64, ProgramError> {
    use pinocchio::sysvars::{clock::Clock, Sysvar};
    Ok(Clock::get()?.unix_timestamp)
}

/// Reads a little-endian u64 at `at`; the caller checked the length.
#[inline(always)]
pub fn read_u64(data: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&data[at..at.saturating_add(8)]);
    u64::from_le_bytes(b)
}

/// `Ok` when `condition` holds, else `error` (so processors read as a list of rules).
#[inline(always)]
pub fn require(condition: bool, error: RewardsError) -> Result<(), RewardsError> {
    if condition {
        Ok(())
    } else {
        Err(error)
    }
}

/// Copies all of `src` to the start of `dst` (which must be at least as long). A copy of
/// variable length compiles to a `memcpy` call, which this toolchain cannot link; on the
/// target it goes to the runtime's memcpy syscall instead.
#[inline(always)]
pub fn copy_prefix(dst: &mut [u8], src: &[u8]) {
    let n = src.len().min(dst.len());
    #[cfg(target_arch = "bpf")]
    // SAFETY: `n` bytes are readable in `src` and writable in `dst`; two distinct borrows
    // cannot overlap.
    unsafe {
        pinocchio::syscalls::sol_memcpy_(dst.as_mut_ptr(), src.as_ptr(), n as u64);
    }
    #[cfg(not(target_arch = "bpf"))]
    dst[..n].copy_from_slice(&src[..n]);
}
