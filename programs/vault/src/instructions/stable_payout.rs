//! The stablecoin payout `withdraw_usdc` (immediate) and `fulfil_withdrawal` (a request)
//! share: one copy in the binary (the 150 KB budget) and one behaviour for both paths.
//! Checks the configured accounts, prices the shares at a fresh snapshot (NAV rounded
//! down, management fee accrued into the supply first), takes the fee (rounded up), refuses
//! a net below the caller's minimum or more than the cash book, burns the owner's shares if
//! asked (immediate path; a request's shares were burned into escrow already), pays the
//! owner from the cash buffer, books the fee as owed to the treasury (it stays in the
//! buffer until `collect_withdraw_fees`) and updates the books and counters.

use crate::{
    error::VaultError,
    instructions::shared,
    nav,
    share_math::{stable_withdrawal, StableWithdrawal, SHARE_DECIMALS, STABLE_DECIMALS},
    state::VaultState,
    token_cpi::{self, Amount},
};
use basket_common::{math::Rounding, token2022::TOKEN_2022_PROGRAM_ID, CommonError};
use pinocchio::{
    cpi::Signer,
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView,
};

/// The accounts and terms of one payout.
pub struct Payout<'a> {
    pub vault: &'a AccountView,
    pub nav_snapshot: &'a AccountView,
    pub share_mint: &'a AccountView,
    pub stable_mint: &'a AccountView,
    pub cash_holding: &'a AccountView,
    pub destination: &'a AccountView,
    pub stable_token_program: &'a AccountView,
    /// Per asset: mint, holding.
    pub asset_pairs: &'a [AccountView],
    /// `(share account, its owner)` to burn from, or none (shares already in escrow).
    pub burn_from: Option<(&'a AccountView, &'a AccountView)>,
    pub shares: u64,
    /// Least net payout accepted (`SlippageExceeded` below it).
    pub min_net: u64,
    /// Forward pricing: the snapshot must be published after this time (0: any fresh one).
    pub not_before: i64,
}

/// What was paid and what priced it.
pub struct Paid {
    pub w: StableWithdrawal,
    pub nav_usd: u64,
    pub supply: u64,
    /// Management-fee shares accrued before pricing.
    pub accrued: u64,
    /// Effective supply after: `supply` less the shares paid (burned or released from escrow).
    pub supply_after: u64,
    pub cash_left: u64,
    pub sequence: u64,
    pub now: i64,
}

/// Prices, checks and books a payout (steps 1-3 and 5 below); the caller emits its event and
/// then calls [`transfer`], so the event is logged before any CPI (decision 0100).
#[inline(never)]
pub fn price(state: &mut VaultState, p: &Payout) -> Result<Paid, ProgramError> {
    // 1. The configured accounts: stablecoin mint and program, cash buffer, share mint.
    shared::check_cash_and_shares(state, p.stable_mint, p.cash_holding, p.share_mint)?;
    let stable_program = state.stable_token_program()?.address();
    crate::words::check_address(
        p.stable_token_program,
        stable_program,
        CommonError::InvalidTokenProgram,
    )?;

    // 2. NAV from a fresh snapshot (published after `not_before`) with every held asset
    //    guarded, rounded down: a lower NAV pays less. The fee accrues into the supply first.
    let now = Clock::get()?.unix_timestamp;
    let pricing = nav::Pricing::fresh(p.nav_snapshot, state, now, Rounding::Down)?;
    if pricing.snapshot.publish_unix_time.get() <= p.not_before {
        return Err(VaultError::SnapshotBeforeRequest.into());
    }
    let nav_usd = nav::vault_nav(state, p.asset_pairs, &pricing)?;
    let shared::Accrual { supply, accrued } = shared::accrue_mgmt_fee(state, p.share_mint, now)?;

    // 3. Value (down), fee (up), the caller's minimum, the cash available.
    let w = stable_withdrawal(p.shares, nav_usd, supply, state.withdraw_fee_bps.get())?;
    if w.net_usd == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if w.net_usd < p.min_net {
        return Err(VaultError::SlippageExceeded.into());
    }
    let cash_left = state
        .cash_raw
        .get()
        .checked_sub(w.gross_usd)
        .ok_or(VaultError::InsufficientCash)?;
    // The fee stays in the cash buffer, booked as owed to the treasury (out of `cash_raw`,
    // so out of NAV and of every spendable amount) and paid by `collect_withdraw_fees`: one
    // transfer instead of two (docs/decisions/0058-the-withdrawal-fee-stays-in-the-cash-buffer-until-collected.md).
    let fees_owed = state
        .withdraw_fees_owed
        .get()
        .checked_add(w.fee_usd)
        .ok_or(CommonError::MathOverflow)?;

    // 5. Books and counters (the transfers follow the caller's event; any failure undoes all).
    state.cash_raw.set(cash_left);
    state.withdraw_fees_owed.set(fees_owed);
    shared::add_u128(&mut state.total_shares_burned, p.shares)?;
    shared::add_u128(&mut state.total_withdrawn_usd, w.gross_usd)?;
    shared::add_u128(&mut state.total_withdraw_fees_usd, w.fee_usd)?;
    state.last_nav_usd.set(nav_usd.saturating_sub(w.gross_usd));
    state.last_nav_time.set(now);
    let sequence = pricing.snapshot.sequence.get();
    state.last_snapshot_sequence.set(sequence);
    Ok(Paid {
        w,
        nav_usd,
        supply,
        accrued,
        supply_after: supply
            .checked_sub(p.shares)
            .ok_or(CommonError::MathOverflow)?,
        cash_left,
        sequence,
        now,
    })
}

/// 4. Burn (the owner signs) if asked, then pay the owner the net (the vault signs).
#[inline(never)]
pub fn transfer(state: &VaultState, p: &Payout, paid: &Paid) -> Result<(), ProgramError> {
    if let Some((source, owner)) = p.burn_from {
        token_cpi::burn_checked(
            &TOKEN_2022_PROGRAM_ID,
            &[source, p.share_mint, owner],
            &Amount {
                raw: p.shares,
                decimals: SHARE_DECIMALS,
            },
        )?;
    }
    let seeds = state.signer_seeds();
    token_cpi::transfer_checked(
        state.stable_token_program()?.address(),
        &[p.cash_holding, p.stable_mint, p.destination, p.vault],
        &Amount {
            raw: paid.w.net_usd,
            decimals: STABLE_DECIMALS,
        },
        &[Signer::from(&seeds)],
    )
}
