//! Paying a reward out of an epoch holding: whether it can move now, and the
//! `TransferChecked` that carries a transfer hook's extra accounts.
//!
//! Claims and sweeps name their reward accounts in fixed groups; the accounts after those
//! groups (claim) or among the admin signers (sweep) are the transfer hooks' extra accounts,
//! resolved off-chain from each hooked mint's extra-account-meta list (the resolved metas,
//! the hook program, its validation account). Token-2022 looks up what each hook needs by
//! address among the accounts it receives, so one list serves every hooked mint of the
//! instruction, and a mint without a hook ignores it. The epoch PDA is not a multisig, so
//! the token program never reads those accounts as signers either.

use super::shared;
use basket_common::token2022;
use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount, Signer},
    instruction::{InstructionAccount, InstructionView},
    AccountView, ProgramResult,
};

const TRANSFER_CHECKED: u8 = 12;
/// The most hook accounts forwarded to one transfer.
pub const MAX_HOOK_ACCOUNTS: usize = 16;
const MAX_ACCOUNTS: usize = 4 + MAX_HOOK_ACCOUNTS;
/// Token account state byte: 2 = frozen.
const FROZEN: u8 = 2;

/// One reward payment: `amount` raw units of `mint` from the epoch `holding` to
/// `destination`, signed by the `epoch` PDA.
pub struct RewardTransfer<'a> {
    pub holding: &'a AccountView,
    pub mint: &'a AccountView,
    pub destination: &'a AccountView,
    pub epoch: &'a AccountView,
    pub token_program: &'a AccountView,
    pub amount: u64,
    pub decimals: u8,
    /// Transfer-hook extra accounts (empty when no mint of the instruction has a hook).
    pub hook_accounts: &'a [AccountView],
    pub is_token_2022: bool,
    /// The mint carries Pausable (the epoch's `pausable` bit), so its flag is read.
    pub pausable: bool,
}

impl RewardTransfer<'_> {
    /// Whether the payment can move now: the holding is not frozen and really holds the
    /// amount (a permanent delegate may have taken from it), the destination is not frozen,
    /// and the mint is not paused. A payment that cannot move is deferred by the caller, so
    /// one mint's trouble never fails the other mints of the claim.
    ///
    /// Naming the epoch holding itself as the destination defers the mint on purpose: the
    /// claimant's way around a transfer hook that refuses (its failure would fail the whole
    /// claim, since a failed CPI cannot be caught), so the other mints still pay.
    #[inline(always)]
    pub fn can_move(&self) -> bool {
        if shared::eq32(
            self.destination.address().as_array(),
            self.holding.address().as_array(),
        ) {
            return false;
        }
        // SAFETY: read-only views, dropped before any CPI.
        let holding = unsafe { self.holding.borrow_unchecked() };
        let Ok(held) = token2022::token_account(holding) else {
            return false;
        };
        if held.state == FROZEN || held.amount < self.amount {
            return false;
        }
        // SAFETY: as above. A destination that is not a token account is the claimant's
        // mistake: left to the token program to refuse.
        let destination = unsafe { self.destination.borrow_unchecked() };
        if destination.get(108).copied() == Some(FROZEN) {
            return false;
        }
        // SAFETY: as above.
        !(self.pausable
            && token2022::validated_mint_paused(unsafe { self.mint.borrow_unchecked() }))
    }

    /// Moves the payment, signed by the epoch PDA through `signers`.
    #[inline(never)]
    pub fn pay(&self, signers: &[Signer]) -> ProgramResult {
        if self.hook_accounts.is_empty() || !self.is_token_2022 {
            return shared::transfer_checked_unverified(
                [
                    self.holding,
                    self.mint,
                    self.destination,
                    self.epoch,
                    self.token_program,
                ],
                self.amount,
                self.decimals,
                signers,
            );
        }
        let extra = &self.hook_accounts[..self.hook_accounts.len().min(MAX_HOOK_ACCOUNTS)];
        let mut data = [0u8; 10];
        data[0] = TRANSFER_CHECKED;
        data[1..9].copy_from_slice(&self.amount.to_le_bytes());
        data[9] = self.decimals;
        let mut metas: [InstructionAccount; MAX_ACCOUNTS] =
            core::array::from_fn(|_| InstructionAccount::readonly(self.mint.address()));
        let mut views = [CpiAccount::from(self.mint); MAX_ACCOUNTS];
        metas[0] = InstructionAccount::writable(self.holding.address());
        views[0] = CpiAccount::from(self.holding);
        metas[2] = InstructionAccount::writable(self.destination.address());
        views[2] = CpiAccount::from(self.destination);
        metas[3] = InstructionAccount::readonly_signer(self.epoch.address());
        views[3] = CpiAccount::from(self.epoch);
        for (i, account) in extra.iter().enumerate() {
            // i < MAX_HOOK_ACCOUNTS (the slice is capped above).
            #[allow(clippy::arithmetic_side_effects)]
            let slot = 4 + i;
            metas[slot] = InstructionAccount::new(account.address(), account.is_writable(), false);
            views[slot] = CpiAccount::from(account);
        }
        // At most MAX_ACCOUNTS (the slice is capped above).
        #[allow(clippy::arithmetic_side_effects)]
        let count = 4 + extra.len();
        let ix = InstructionView {
            program_id: self.token_program.address(),
            accounts: &metas[..count],
            data: &data,
        };
        // SAFETY: every meta is built from the view at the same index; the only live borrow
        // the callers hold is of the epoch's own data, which no token program or hook writes
        // (the epoch is passed read-only). A failing callee aborts the whole transaction.
        unsafe { invoke_signed_unchecked(&ix, &views[..count], signers) };
        Ok(())
    }
}
