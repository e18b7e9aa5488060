use super::{WithdrawUsdcAccounts, WithdrawUsdcData};
use crate::{
    error::VaultError,
    events::WithdrawStableEvent,
    instructions::{admin, shared},
    nav,
    share_math::{stable_withdrawal, BPS, SHARE_DECIMALS, STABLE_DECIMALS},
    state::VAULT_SEED,
    token_cpi::{self, Amount},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{
    math::{mul_div, Rounding},
    token2022::TOKEN_2022_PROGRAM_ID,
    CommonError,
};
use pinocchio::{
    cpi::{Seed, Signer},
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

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
    shared::check_cash_and_shares(
        state,
        accounts.stable_mint,
        accounts.cash_holding,
        accounts.share_mint,
    )?;
    let stable_program = state.stable_token_program()?.address();
    crate::words::check_address(
        accounts.stable_token_program,
        stable_program,
        CommonError::InvalidTokenProgram,
    )?;
    shared::check_treasury_account(
        state,
        accounts.treasury_stable,
        &state.stable_mint,
        stable_program,
    )?;

    // 2. NAV from a fresh snapshot with every held asset guarded, rounded down: a lower NAV
    //    pays less. The management fee accrues into the supply first.
    let now = Clock::get()?.unix_timestamp;
    let pricing = nav::Pricing::fresh(accounts.nav_snapshot, state, now, Rounding::Down)?;
    let nav_usd = nav::vault_nav(state, accounts.asset_pairs, &pricing)?;
    let supply = shared::accrue_mgmt_fee(state, accounts.share_mint, now)?;

    // 3. Value (down), fee (up), the caller's slippage bound, and the cash available.
    let w = stable_withdrawal(args.shares, nav_usd, supply, state.withdraw_fee_bps.get())?;
    if w.net_usd == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    let keep_bps = BPS
        .checked_sub(u64::from(args.max_slip_bps))
        .ok_or(CommonError::MathOverflow)?;
    let min_out =
        mul_div(args.quoted_out, keep_bps, BPS, Rounding::Up).ok_or(CommonError::MathOverflow)?;
    if w.net_usd < min_out {
        return Err(VaultError::SlippageExceeded.into());
    }
    let cash_left = state
        .cash_raw
        .get()
        .checked_sub(w.gross_usd)
        .ok_or(VaultError::InsufficientCash)?;

    // 4. Burn (owner signs), pay the user and the treasury from the cash buffer (vault signs).
    token_cpi::burn_checked(
        &TOKEN_2022_PROGRAM_ID,
        &[accounts.share_source, accounts.share_mint, accounts.owner],
        &Amount {
            raw: args.shares,
            decimals: SHARE_DECIMALS,
        },
    )?;
    let bump = [state.bump];
    let seeds = [
        Seed::from(VAULT_SEED),
        Seed::from(&state.sku_id),
        Seed::from(&bump),
    ];
    let signer = [Signer::from(&seeds)];
    token_cpi::transfer_checked(
        stable_program,
        &[
            accounts.cash_holding,
            accounts.stable_mint,
            accounts.destination,
            accounts.vault,
        ],
        &Amount {
            raw: w.net_usd,
            decimals: STABLE_DECIMALS,
        },
        &signer,
    )?;
    if w.fee_usd > 0 {
        token_cpi::transfer_checked(
            stable_program,
            &[
                accounts.cash_holding,
                accounts.stable_mint,
                accounts.treasury_stable,
                accounts.vault,
            ],
            &Amount {
                raw: w.fee_usd,
                decimals: STABLE_DECIMALS,
            },
            &signer,
        )?;
    }

    // 5. Books, counters, event (the keeper's withdrawal-router refills the buffer from it).
    state.cash_raw.set(cash_left);
    shared::add_u128(&mut state.total_shares_burned, args.shares)?;
    shared::add_u128(&mut state.total_withdrawn_usd, w.gross_usd)?;
    shared::add_u128(&mut state.total_withdraw_fees_usd, w.fee_usd)?;
    state.last_nav_usd.set(nav_usd.saturating_sub(w.gross_usd));
    state.last_nav_time.set(now);
    state
        .last_snapshot_sequence
        .set(pricing.snapshot.sequence.get());
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
        snapshot_sequence: PodU64::new(pricing.snapshot.sequence.get()),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
    }
    .emit();
    Ok(())
}
