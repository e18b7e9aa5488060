use super::{WithdrawUsdcAccounts, WithdrawUsdcData};
use crate::{
    error::VaultError,
    events::WithdrawStableEvent,
    instructions::{self, admin, stable_payout},
    share_math::BPS,
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{
    math::{mul_div, Rounding},
    CommonError,
};
use pinocchio::{AccountView, ProgramResult};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = WithdrawUsdcAccounts::try_from(accounts)?;
    let args = WithdrawUsdcData::parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. Vault-level guards and the configured accounts.
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if args.shares == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    instructions::shared::check_not_vault_owned(accounts.destination, accounts.vault)?;
    let keep_bps = BPS
        .checked_sub(u64::from(args.max_slip_bps))
        .ok_or(CommonError::MathOverflow)?;
    let min_net =
        mul_div(args.quoted_out, keep_bps, BPS, Rounding::Up).ok_or(CommonError::MathOverflow)?;

    // 2. Priced, checked, burned and paid (`stable_payout`): NAV rounded down at a fresh
    //    snapshot, fee rounded up, the caller's slippage bound, the cash available.
    let payout = stable_payout::Payout {
        vault: accounts.vault,
        nav_snapshot: accounts.nav_snapshot,
        share_mint: accounts.share_mint,
        stable_mint: accounts.stable_mint,
        cash_holding: accounts.cash_holding,
        destination: accounts.destination,
        stable_token_program: accounts.stable_token_program,
        asset_pairs: accounts.asset_pairs,
        burn_from: Some((accounts.share_source, accounts.owner)),
        shares: args.shares,
        min_net,
        not_before: i64::MIN,
    };
    let paid = stable_payout::price(state, &payout)?;
    let (w, nav_usd, supply, cash_left, now) =
        (paid.w, paid.nav_usd, paid.supply, paid.cash_left, paid.now);

    // 3. Event (the keeper's withdrawal-router refills the buffer from it), before the burn
    //    and the transfer (decision 0100), then those two.
    let seq = state.next_event_sequence();
    WithdrawStableEvent {
        sku_id: state.sku_id,
        owner: *accounts.owner.address().as_array(),
        shares: PodU64::new(args.shares),
        gross_usd: PodU64::new(w.gross_usd),
        fee_usd: PodU64::new(w.fee_usd),
        net_usd: PodU64::new(w.net_usd),
        nav_usd: PodU64::new(nav_usd),
        supply_before: PodU64::new(supply),
        cash_left: PodU64::new(cash_left),
        snapshot_sequence: PodU64::new(paid.sequence),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(paid.accrued),
        supply_after: PodU64::new(paid.supply_after),
    }
    .emit();
    stable_payout::transfer(state, &payout, &paid)
}
