//! `fulfil_withdrawal`: the keeper pays an open request at the snapshot in force.
//!
//! Accounts:
//! 0. `[SIGNER]` keeper (must equal `vault.keeper`)
//! 1. `[WRITE]` vault state
//! 2. `[]` NAV snapshot of the vault (oracle), published after the request
//! 3. `[WRITE]` the request
//! 4. `[WRITE]` the request's owner (receives the request's rent)
//! 5. `[]` share mint (supply)
//! 6. `[]` stablecoin mint
//! 7. `[WRITE]` the vault's cash buffer
//! 8. `[WRITE]` the owner's stablecoin account (receives the payout)
//! 9. `[WRITE]` the treasury's stablecoin account (receives the fee)
//! 10. `[]` token program of the stablecoin
//! 11. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding

use super::{close_request, load_request, release_escrow};
use crate::{
    error::VaultError,
    events::WithdrawalFulfilledEvent,
    instructions::{admin, pay_redemption::check_destination, shared},
    nav,
    share_math::{stable_withdrawal, STABLE_DECIMALS},
    state::VAULT_SEED,
    token_cpi::{self, Amount},
    words::key_eq,
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{math::Rounding, validate, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [keeper, vault, nav_snapshot, request, owner, share_mint, stable_mint, cash_holding, destination, treasury_stable, stable_token_program, asset_pairs @ ..] =
        accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    validate::check_signer(keeper)?;
    for account in [request, owner, cash_holding, destination, treasury_stable] {
        validate::check_writable(account)?;
    }
    let state = admin::load_vault_mut(vault)?;

    // 1. The keeper, not paused, the request of this vault and owner, the configured accounts.
    if !key_eq(keeper.address().as_array(), &state.keeper) {
        return Err(VaultError::NotKeeper.into());
    }
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    let req = load_request(request, vault, owner)?;
    let (shares, min_out, requested_at, nonce) = (
        req.shares.get(),
        req.min_out.get(),
        req.requested_at.get(),
        req.nonce.get(),
    );
    shared::check_cash_and_shares(state, stable_mint, cash_holding, share_mint)?;
    let stable_program = state.stable_token_program()?.address();
    crate::words::check_address(
        stable_token_program,
        stable_program,
        CommonError::InvalidTokenProgram,
    )?;
    check_destination(destination, stable_program, &state.stable_mint, &req.owner)?;
    shared::check_treasury_account(state, treasury_stable, &state.stable_mint, stable_program)?;

    // 2. Forward pricing: a fresh snapshot published after the request, NAV rounded down,
    //    the management fee accrued into the supply (escrow included) first.
    let now = Clock::get()?.unix_timestamp;
    let pricing = nav::Pricing::fresh(nav_snapshot, state, now, Rounding::Down)?;
    if pricing.snapshot.publish_unix_time.get() <= requested_at {
        return Err(VaultError::SnapshotBeforeRequest.into());
    }
    let nav_usd = nav::vault_nav(state, asset_pairs, &pricing)?;
    let supply = shared::accrue_mgmt_fee(state, share_mint, now)?;

    // 3. Value (down), fee (up), the owner's minimum, the cash available.
    let w = stable_withdrawal(shares, nav_usd, supply, state.withdraw_fee_bps.get())?;
    if w.net_usd == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if w.net_usd < min_out {
        return Err(VaultError::SlippageExceeded.into());
    }
    let cash_left = state
        .cash_raw
        .get()
        .checked_sub(w.gross_usd)
        .ok_or(VaultError::InsufficientCash)?;

    // 4. Pay the owner and the treasury from the cash buffer (the vault signs).
    let bump = [state.bump];
    let seeds = [
        Seed::from(VAULT_SEED),
        Seed::from(&state.sku_id),
        Seed::from(&bump),
    ];
    let signer = [Signer::from(&seeds)];
    for (to, raw) in [(destination, w.net_usd), (treasury_stable, w.fee_usd)] {
        if raw > 0 {
            token_cpi::transfer_checked(
                stable_program,
                &[cash_holding, stable_mint, to, vault],
                &Amount {
                    raw,
                    decimals: STABLE_DECIMALS,
                },
                &signer,
            )?;
        }
    }

    // 5. Books, escrow, counters; the request is closed; event.
    state.cash_raw.set(cash_left);
    release_escrow(state, shares)?;
    shared::add_u128(&mut state.total_shares_burned, shares)?;
    shared::add_u128(&mut state.total_withdrawn_usd, w.gross_usd)?;
    shared::add_u128(&mut state.total_withdraw_fees_usd, w.fee_usd)?;
    state.last_nav_usd.set(nav_usd.saturating_sub(w.gross_usd));
    state.last_nav_time.set(now);
    let sequence = pricing.snapshot.sequence.get();
    state.last_snapshot_sequence.set(sequence);
    let owner_key = *owner.address().as_array();
    close_request(req, request, owner)?;
    let seq = state.next_event_sequence();
    WithdrawalFulfilledEvent {
        sku_id: state.sku_id,
        owner: owner_key,
        nonce: PodU64::new(nonce),
        shares: PodU64::new(shares),
        gross_usd: PodU64::new(w.gross_usd),
        fee_usd: PodU64::new(w.fee_usd),
        net_usd: PodU64::new(w.net_usd),
        nav_usd: PodU64::new(nav_usd),
        supply_before: PodU64::new(supply),
        cash_left: PodU64::new(cash_left),
        snapshot_sequence: PodU64::new(sequence),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
    }
    .emit();
    Ok(())
}
