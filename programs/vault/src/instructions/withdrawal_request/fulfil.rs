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
//! 9. `[]` unused since the fee stays in the cash buffer (`collect_withdraw_fees` pays it)
//! 10. `[]` token program of the stablecoin
//! 11. onwards: per asset in the vault's order, `[]` its mint then `[]` its holding

use super::{close_request, load_request, release_escrow};
use crate::{
    error::VaultError,
    events::WithdrawalFulfilledEvent,
    instructions::{admin, pay_redemption::check_destination, stable_payout},
    words::key_eq,
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{validate, CommonError};
use pinocchio::{AccountView, ProgramResult};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [keeper, vault, nav_snapshot, request, owner, share_mint, stable_mint, cash_holding, destination, _treasury_stable, stable_token_program, asset_pairs @ ..] =
        accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    validate::check_signer(keeper)?;
    for account in [request, owner, cash_holding, destination] {
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
    check_destination(
        destination,
        state.stable_token_program()?.address(),
        &state.stable_mint,
        &req.owner,
    )?;

    // 2. Forward pricing: a fresh snapshot published after the request pays it, NAV rounded
    //    down with the escrow in the supply, fee rounded up, never below the owner's minimum;
    //    paid from the cash buffer (`stable_payout`, shared with `withdraw_usdc`).
    let payout = stable_payout::Payout {
        vault,
        nav_snapshot,
        share_mint,
        stable_mint,
        cash_holding,
        destination,
        stable_token_program,
        asset_pairs,
        burn_from: None,
        shares,
        min_net: min_out,
        not_before: requested_at,
    };
    let paid = stable_payout::price(state, &payout)?;
    let (w, now) = (paid.w, paid.now);

    // 3. Escrow released; the request is closed; the event, then the transfer (decision 0100).
    release_escrow(state, shares)?;
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
        nav_usd: PodU64::new(paid.nav_usd),
        supply_before: PodU64::new(paid.supply),
        cash_left: PodU64::new(paid.cash_left),
        snapshot_sequence: PodU64::new(paid.sequence),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(paid.accrued),
        supply_after: PodU64::new(paid.supply_after),
    }
    .emit();
    stable_payout::transfer(state, &payout, &paid)
}
