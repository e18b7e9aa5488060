//! `collect_perf_fee`: permissionless performance-fee crystallization at fixed period ends.
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[]` NAV snapshot of the vault (oracle)
//! 2. `[WRITE]` share mint
//! 3. `[WRITE]` the treasury's share token account (owner = `vault.treasury`)
//! 4. `[]` Token-2022 program
//! 5. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding
//!
//! No data. The periods are a fixed grid from the vault's creation (`init_vault` sets
//! `last_perf_fee_time` to it; every crystallization advances it to the period end it
//! crystallized, never to the call's time): period `k` ends at `created + k x
//! PERF_FEE_PERIOD_SECS`. A fee is crystallized only within `PERF_FEE_WINDOW_SECS` after a
//! period end, valued by a snapshot published at or after that end, so whoever calls it
//! cannot pick a peak: outside the window it is refused (`PerfFeeNotDue`) and the next
//! chance is the next period end (decision 0101). A missed window crystallizes nothing
//! (the mark is kept: the holders never pay for the keeper's miss). Calls inside a period
//! are refused, so the outcome does not depend on how often the crank runs.

use super::{admin, shared};
use crate::{
    error::VaultError,
    events::PerfFeeCrystallizedEvent,
    nav,
    share_math::{perf_fee, SHARE_DECIMALS},
    token_cpi::{self, Amount},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{math::Rounding, token2022::TOKEN_2022_PROGRAM_ID, validate, CommonError};
use pinocchio::{
    cpi::Signer,
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

/// Length of a performance-fee period: 90 days (a calendar quarter, the usual fund practice).
pub const PERF_FEE_PERIOD_SECS: i64 = 90 * 86_400;

/// How long after a period end the fee may be crystallized (and its snapshot published):
/// two days, so the keeper's daily collect-fees run always meets one window (with a day's
/// slack for an outage), while the caller's choice of moment stays within those two days.
pub const PERF_FEE_WINDOW_SECS: i64 = 2 * 86_400;

/// The period end open at `now` for a vault whose last crystallized end (or creation) is
/// `last`: the latest grid point `last + k x PERF_FEE_PERIOD_SECS` (k >= 1) at or before
/// `now`, if `now` is within `PERF_FEE_WINDOW_SECS` of it.
pub fn open_period_end(last: i64, now: i64) -> Option<i64> {
    let elapsed = now.checked_sub(last)?;
    if elapsed < PERF_FEE_PERIOD_SECS {
        return None;
    }
    let periods = elapsed / PERF_FEE_PERIOD_SECS;
    let end = last.checked_add(periods.checked_mul(PERF_FEE_PERIOD_SECS)?)?;
    (now.checked_sub(end)? <= PERF_FEE_WINDOW_SECS).then_some(end)
}

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, nav_snapshot, share_mint, treasury_shares, token2022_program, asset_pairs @ ..] =
        accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    validate::check_writable(share_mint)?;
    validate::check_writable(treasury_shares)?;
    crate::words::check_address(
        token2022_program,
        &TOKEN_2022_PROGRAM_ID,
        CommonError::InvalidTokenProgram,
    )?;
    let state = admin::load_vault_mut(vault)?;
    // Pricing under a pause could crystallize a fee on a NAV the admins distrust.
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if !crate::words::address_is(share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }
    shared::check_treasury_account(
        state,
        treasury_shares,
        &state.share_mint,
        &TOKEN_2022_PROGRAM_ID,
    )?;

    let now = Clock::get()?.unix_timestamp;
    let end =
        open_period_end(state.last_perf_fee_time.get(), now).ok_or(VaultError::PerfFeeNotDue)?;
    // NAV rounded down: a lower NAV charges a smaller fee. Valued at the period end: by a
    // snapshot published at or after it (within the window, as `now` is).
    let pricing = nav::Pricing::fresh(nav_snapshot, state, now, Rounding::Down)?;
    if pricing.snapshot.publish_unix_time.get() < end {
        return Err(VaultError::SnapshotBeforePeriodEnd.into());
    }
    let nav_usd = nav::vault_nav(state, asset_pairs, &pricing)?;
    let shared::Accrual { supply, accrued } = shared::accrue_mgmt_fee(state, share_mint, now)?;
    let fee = perf_fee(
        nav_usd,
        supply,
        state.high_water_mark_pps.get(),
        state.perf_fee_bps.get(),
    )?;

    state.high_water_mark_pps.set(fee.new_hwm_pps);
    // The grid point, not the call's time: the periods stay fixed whoever calls when.
    state.last_perf_fee_time.set(end);
    shared::add_u128(&mut state.total_perf_fee_shares, fee.fee_shares)?;
    let seq = state.next_event_sequence();
    PerfFeeCrystallizedEvent {
        sku_id: state.sku_id,
        fee_shares: PodU64::new(fee.fee_shares),
        new_hwm_pps: PodU64::new(fee.new_hwm_pps),
        nav_usd: PodU64::new(nav_usd),
        supply_before: PodU64::new(supply),
        snapshot_sequence: PodU64::new(pricing.snapshot.sequence.get()),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(accrued),
        supply_after: PodU64::new(
            supply
                .checked_add(fee.fee_shares)
                .ok_or(CommonError::MathOverflow)?,
        ),
    }
    .emit();
    // The mint after the event (decision 0100).
    if fee.fee_shares > 0 {
        let seeds = state.signer_seeds();
        token_cpi::mint_to_checked(
            &TOKEN_2022_PROGRAM_ID,
            &[share_mint, treasury_shares, vault],
            &Amount {
                raw: fee.fee_shares,
                decimals: SHARE_DECIMALS,
            },
            &[Signer::from(&seeds)],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: i64 = PERF_FEE_PERIOD_SECS;
    const W: i64 = PERF_FEE_WINDOW_SECS;

    #[test]
    fn only_within_the_window_after_a_fixed_period_end() {
        let created = 1_000;
        assert_eq!(open_period_end(created, created), None);
        assert_eq!(open_period_end(created, created + P - 1), None);
        assert_eq!(open_period_end(created, created + P), Some(created + P));
        assert_eq!(open_period_end(created, created + P + W), Some(created + P));
        // Past the window: nothing until the next end, which stays on the grid.
        assert_eq!(open_period_end(created, created + P + W + 1), None);
        assert_eq!(open_period_end(created, created + 2 * P - 1), None);
        assert_eq!(
            open_period_end(created, created + 2 * P + 5),
            Some(created + 2 * P)
        );
        assert_eq!(open_period_end(created, created - 1), None);
    }
}
