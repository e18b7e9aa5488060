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
use basket_common::{
    math::{mul_div, Rounding},
    token2022,
};
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

/// What a claim of `amount` is paid from a holding that really has `held` while the epoch
/// still owes `outstanding` of the mint, this claim included (`amount <= outstanding`: a
/// claim is counted in the epoch's totals before it is paid). The whole amount while the
/// holding covers everything still owed; after a seizure, the claim's part of the real
/// balance, `amount * held / outstanding` rounded down (the dust stays in the holding, for
/// the later claims or the sweep). Paying each claim that part leaves the ratio of what is
/// held to what is owed at least where it was, so no later claim gets less than its part and
/// the claims together never take more than the holding has. 0 when the part rounds to
/// nothing: the claim then waits (deferred) rather than settling for nothing.
#[inline(always)]
pub fn due(amount: u64, held: u64, outstanding: u64) -> u64 {
    if held >= outstanding {
        return amount;
    }
    pro_rata(amount, held, outstanding)
}

/// `amount * held / outstanding` rounded down. Out of line: the wide division is only for a
/// seized holding and would otherwise crowd the claim loop's registers (~60 CU per mint).
#[inline(never)]
fn pro_rata(amount: u64, held: u64, outstanding: u64) -> u64 {
    // held < outstanding, so the divisor is not zero and the quotient is below `held`.
    mul_div(amount, held, outstanding, Rounding::Down).unwrap_or(0)
}

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
    /// What the payment can move now, 0 if it must wait (the caller defers it, so one mint's
    /// trouble never fails the other mints of the claim): nothing while the holding or the
    /// destination is frozen or the mint paused; otherwise [`due`] of the holding's real
    /// balance, `outstanding` being what the epoch still owes of this mint, this payment
    /// included (a permanent delegate may have burned or moved part of the holding).
    ///
    /// Naming the epoch holding itself as the destination defers the mint on purpose: the
    /// claimant's way around a transfer hook that refuses (its failure would fail the whole
    /// claim, since a failed CPI cannot be caught), so the other mints still pay.
    #[inline(always)]
    pub fn payable(&self, outstanding: u64) -> u64 {
        const WAIT: u64 = 0;
        if shared::eq32(
            self.destination.address().as_array(),
            self.holding.address().as_array(),
        ) {
            return WAIT;
        }
        // SAFETY: read-only views, dropped before any CPI.
        let holding = unsafe { self.holding.borrow_unchecked() };
        let Ok(held) = token2022::token_account(holding) else {
            return WAIT;
        };
        if held.state == FROZEN {
            return WAIT;
        }
        // SAFETY: as above. A destination that is not a token account is the claimant's
        // mistake: left to the token program to refuse.
        let destination = unsafe { self.destination.borrow_unchecked() };
        if destination.get(108).copied() == Some(FROZEN) {
            return WAIT;
        }
        // SAFETY: as above.
        if self.pausable
            && token2022::validated_mint_paused(unsafe { self.mint.borrow_unchecked() })
        {
            return WAIT;
        }
        due(self.amount, held.amount, outstanding)
    }

    /// The holding's real balance (0 if it is not a token account), for the shortfall event.
    #[inline(never)]
    pub fn held(&self) -> u64 {
        // SAFETY: read-only view, dropped before any CPI.
        token2022::token_account(unsafe { self.holding.borrow_unchecked() })
            .map(|t| t.amount)
            .unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::due;

    #[test]
    fn pays_in_full_while_the_holding_covers_what_is_owed() {
        assert_eq!(due(600, 1_000, 1_000), 600);
        assert_eq!(due(600, 1_500, 1_000), 600); // excess funding
        assert_eq!(due(0, 0, 0), 0);
    }

    #[test]
    fn pays_the_claims_part_of_the_real_balance_after_a_seizure() {
        // Half of the holding burned: everyone is owed half.
        assert_eq!(due(600, 500, 1_000), 300);
        assert_eq!(due(400, 200, 400), 200);
        // Rounded down, in the epoch's favour: 1 * 2 / 3 = 0.67 -> 0, 2 * 2 / 3 = 1.33 -> 1.
        assert_eq!(due(1, 2, 3), 0);
        assert_eq!(due(2, 2, 3), 1);
        // The last claim takes what is left.
        assert_eq!(due(7, 5, 7), 5);
        // The whole holding burned: nothing to pay, the claim waits.
        assert_eq!(due(600, 0, 1_000), 0);
        // No overflow at the extremes (128-bit intermediate).
        assert_eq!(due(u64::MAX, u64::MAX - 1, u64::MAX), u64::MAX - 1);
    }

    #[test]
    fn claims_in_any_order_never_take_more_than_the_holding_and_each_gets_its_part() {
        // Amounts owed 5, 3, 9, 1, 7 (25), holding 11 after a seizure, claimed in every
        // rotation as `claim` does: a claim paid settles its whole amount, one whose part
        // rounds to nothing stays owed. Each claim paid gets at least its exact part of 11/25
        // rounded down, and the claims never take more than the 11 there are.
        let owed = [5u64, 3, 9, 1, 7];
        for start in 0..owed.len() {
            let (mut held, mut outstanding, mut total) = (11u64, 25u64, 0u64);
            for k in 0..owed.len() {
                let a = owed[(start + k) % owed.len()];
                let paid = due(a, held, outstanding);
                assert!(paid <= held);
                if paid == 0 {
                    assert_eq!(a * 11 / 25, 0, "{a} deferred");
                    continue;
                }
                assert!(paid >= a * 11 / 25, "{a} paid {paid}");
                held -= paid;
                outstanding -= a;
                total += paid;
            }
            assert!(total <= 11);
            assert_eq!(total + held, 11);
        }
    }
}
