//! `refresh_nav`: permissionless. Prices every held asset at the current snapshot with every
//! guard and caches the assets' value (see `nav::vault_nav`), so deposits and withdrawals at
//! this snapshot pay only for re-verifying the mints' multipliers. The keeper sends it right
//! after each push; anyone may. It also reports a changed permanent delegate of any asset
//! mint (`PermanentDelegateChanged`).
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[]` NAV snapshot of the vault (oracle)
//! 2. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding
//!
//! No data. Not blocked by the pause: it moves nothing, and the NAV it publishes keeps the
//! vault's analytics and its rebalance-loss budget current while deposits are stopped.

use super::admin;
use crate::{events::NavRefreshedEvent, nav};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{math::Rounding, CommonError};
use pinocchio::{
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, nav_snapshot, asset_pairs @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let state = admin::load_vault_mut(vault)?;
    let now = Clock::get()?.unix_timestamp;
    let pricing = nav::Pricing::fresh(nav_snapshot, state, now, Rounding::Down)?;
    let nav_down = nav::vault_nav(state, asset_pairs, &pricing)?;
    crate::issuer_mint::report_delegate_changes(state, asset_pairs)?;
    // Both directions are cached by the call above; the up value needs no second pricing.
    let nav_up = state
        .cash_raw
        .get()
        .checked_add(state.nav_cache_assets_up.get())
        .ok_or(CommonError::MathOverflow)?;
    state.last_nav_usd.set(nav_down);
    state.last_nav_time.set(now);
    state
        .last_snapshot_sequence
        .set(pricing.snapshot.sequence.get());
    let seq = state.next_event_sequence();
    NavRefreshedEvent {
        sku_id: state.sku_id,
        snapshot_sequence: PodU64::new(pricing.snapshot.sequence.get()),
        nav_up_usd: PodU64::new(nav_up),
        nav_down_usd: PodU64::new(nav_down),
        cash_raw: PodU64::new(state.cash_raw.get()),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
    }
    .emit();
    Ok(())
}
