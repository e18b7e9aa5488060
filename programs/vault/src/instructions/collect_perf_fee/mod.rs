//! `collect_perf_fee`: permissionless performance-fee crystallization, at most once per
//! `PERF_FEE_PERIOD_SECS`.
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[]` NAV snapshot of the vault (oracle)
//! 2. `[WRITE]` share mint
//! 3. `[WRITE]` the treasury's share token account (owner = `vault.treasury`)
//! 4. `[]` Token-2022 program
//! 5. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding
//!
//! No data. Performance fees paid in shares are path dependent: crystallizing more often
//! changes the total. A fixed minimum period makes the outcome independent of how often the
//! crank is called (calls inside a period are refused with `PerfFeeNotDue`). A period with no
//! gain above the mark still ends (the mark is kept), so gains are measured period by period.

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

/// Minimum time between two crystallizations: 90 days (a calendar quarter, the usual fund
/// practice).
pub const PERF_FEE_PERIOD_SECS: i64 = 90 * 86_400;

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
    let due = state
        .last_perf_fee_time
        .get()
        .checked_add(PERF_FEE_PERIOD_SECS)
        .ok_or(CommonError::MathOverflow)?;
    if now < due {
        return Err(VaultError::PerfFeeNotDue.into());
    }
    // NAV rounded down: a lower NAV charges a smaller fee.
    let pricing = nav::Pricing::fresh(nav_snapshot, state, now, Rounding::Down)?;
    let nav_usd = nav::vault_nav(state, asset_pairs, &pricing)?;
    let supply = shared::accrue_mgmt_fee(state, share_mint, now)?;
    let fee = perf_fee(
        nav_usd,
        supply,
        state.high_water_mark_pps.get(),
        state.perf_fee_bps.get(),
    )?;

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
    state.high_water_mark_pps.set(fee.new_hwm_pps);
    state.last_perf_fee_time.set(now);
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
    }
    .emit();
    Ok(())
}
