//! `TransferChecked` by CPI, forwarding a transfer hook's extra accounts.
//!
//! Token-2022 calls a mint's transfer-hook program with the accounts that follow the four
//! `TransferChecked` accounts (the resolved extra metas, the hook program and its
//! validation account, in the order the client resolved them), so the venue passes them
//! through unchanged: same order, the writability the transaction gave them, never as signers.

use crate::error::SwapError;
use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount, Signer},
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};

const TRANSFER_CHECKED: u8 = 12;
/// The most extra accounts forwarded to one transfer.
pub const MAX_EXTRA_ACCOUNTS: usize = 16;
const MAX_ACCOUNTS: usize = 4 + MAX_EXTRA_ACCOUNTS;

/// One transfer: `amount` raw units of `mint` from `from` to `to`, authorized by `authority`.
pub struct Transfer<'a> {
    pub token_program: &'a Address,
    pub from: &'a AccountView,
    pub mint: &'a AccountView,
    pub to: &'a AccountView,
    pub authority: &'a AccountView,
    pub amount: u64,
    pub decimals: u8,
    /// The mint's transfer-hook accounts (empty when no hook is set).
    pub extra: &'a [AccountView],
}

/// Invokes `TransferChecked` described by `t`, signed by `signers` when the authority is a PDA.
#[inline(never)]
pub fn transfer_checked(t: &Transfer, signers: &[Signer]) -> ProgramResult {
    if t.extra.len() > MAX_EXTRA_ACCOUNTS {
        return Err(SwapError::TooManyExtraAccounts.into());
    }
    let mut data = [0u8; 10];
    data[0] = TRANSFER_CHECKED;
    data[1..9].copy_from_slice(&t.amount.to_le_bytes());
    data[9] = t.decimals;

    let mut metas: [InstructionAccount; MAX_ACCOUNTS] =
        core::array::from_fn(|_| InstructionAccount::readonly(t.mint.address()));
    let mut views = [CpiAccount::from(t.mint); MAX_ACCOUNTS];
    metas[0] = InstructionAccount::writable(t.from.address());
    views[0] = CpiAccount::from(t.from);
    metas[2] = InstructionAccount::writable(t.to.address());
    views[2] = CpiAccount::from(t.to);
    metas[3] = InstructionAccount::readonly_signer(t.authority.address());
    views[3] = CpiAccount::from(t.authority);
    for (i, account) in t.extra.iter().enumerate() {
        // i < MAX_EXTRA_ACCOUNTS, checked above.
        #[allow(clippy::arithmetic_side_effects)]
        let slot = 4 + i;
        metas[slot] = InstructionAccount::new(account.address(), account.is_writable(), false);
        views[slot] = CpiAccount::from(account);
    }
    // Bounded by MAX_ACCOUNTS through the check above.
    #[allow(clippy::arithmetic_side_effects)]
    let count = 4 + t.extra.len();
    let ix = InstructionView {
        program_id: t.token_program,
        accounts: &metas[..count],
        data: &data,
    };
    // SAFETY: every meta is built from the view at the same index; the venue holds no borrow
    // of any of these accounts' data across the call (balances and the pool are copied out
    // before). A failing token program aborts the whole transaction.
    unsafe { invoke_signed_unchecked(&ix, &views[..count], signers) };
    Ok(())
}
