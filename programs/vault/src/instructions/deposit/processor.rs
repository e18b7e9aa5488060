use super::{DepositAccounts, DepositData};
use crate::{
    error::VaultError,
    events::DepositEvent,
    instructions::{admin, shared},
    nav,
    share_math::{shares_for_deposit, SHARE_DECIMALS, STABLE_DECIMALS},
    token_cpi::{self, Amount},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{math::Rounding, token2022, CommonError};
use pinocchio::{cpi::Signer, AccountView, ProgramResult};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = DepositAccounts::try_from(accounts)?;
    let args = DepositData::parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. Vault-level guards and limits.
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if args.raw_amount < state.min_deposit_raw.get() {
        return Err(VaultError::DepositBelowMinimum.into());
    }
    shared::check_cash_and_shares(
        state,
        accounts.stable_mint,
        accounts.cash_holding,
        accounts.share_mint,
    )?;
    crate::words::check_address(
        accounts.stable_token_program,
        state.stable_token_program()?.address(),
        CommonError::InvalidTokenProgram,
    )?;

    // 2. NAV from a fresh snapshot, every held asset guarded (status, freeze flags,
    //    multiplier equal to the mint's), rounded up: a higher NAV mints fewer shares.
    let now = accounts.unix_timestamp()?;
    let pricing = nav::Pricing::fresh(accounts.nav_snapshot, state, now, Rounding::Up)?;
    let nav_usd = nav::vault_nav(state, accounts.asset_pairs, &pricing)?;

    // 3. Management fee accrued up to now joins the supply before pricing, so the new
    //    depositor neither pays for nor escapes the time before the deposit.
    let shared::Accrual { supply, accrued } =
        shared::accrue_mgmt_fee(state, accounts.share_mint, now)?;

    // 4. Cap, price and the depositor's bound. The stablecoin has 6 decimals and is valued
    //    at par, so its raw amount is its value in 1e-6 USD.
    let deposit_usd = args.raw_amount;
    let nav_after = nav_usd
        .checked_add(deposit_usd)
        .ok_or(CommonError::MathOverflow)?;
    if nav_after > state.deposit_cap_usd.get() {
        return Err(VaultError::DepositCapExceeded.into());
    }
    let shares = shares_for_deposit(deposit_usd, nav_usd, supply)?;
    if shares == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if shares < args.min_shares_out {
        return Err(VaultError::SlippageExceeded.into());
    }

    // 5. Books, counters and the event, before any CPI (decision 0100).
    let cash = state
        .cash_raw
        .get()
        .checked_add(args.raw_amount)
        .ok_or(CommonError::MathOverflow)?;
    state.cash_raw.set(cash);
    shared::add_u128(&mut state.total_deposited_raw, args.raw_amount)?;
    shared::add_u128(&mut state.total_shares_minted, shares)?;
    state.last_nav_usd.set(nav_after);
    state.last_nav_time.set(now);
    state
        .last_snapshot_sequence
        .set(pricing.snapshot.sequence.get());
    let seq = state.next_event_sequence();
    DepositEvent {
        sku_id: state.sku_id,
        depositor: *accounts.depositor.address().as_array(),
        raw_amount: PodU64::new(args.raw_amount),
        shares: PodU64::new(shares),
        nav_usd: PodU64::new(nav_usd),
        supply_before: PodU64::new(supply),
        snapshot_sequence: PodU64::new(pricing.snapshot.sequence.get()),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(accrued),
    }
    .emit();

    // 6. Stablecoin in (TransferChecked, signed by the depositor), shares out (signed by the vault).
    token_cpi::transfer_checked(
        accounts.stable_token_program.address(),
        &[
            accounts.source,
            accounts.stable_mint,
            accounts.cash_holding,
            accounts.depositor,
        ],
        &Amount {
            raw: args.raw_amount,
            decimals: STABLE_DECIMALS,
        },
        &[],
    )?;
    let seeds = state.signer_seeds();
    token_cpi::mint_to_checked(
        &token2022::TOKEN_2022_PROGRAM_ID,
        &[accounts.share_mint, accounts.destination, accounts.vault],
        &Amount {
            raw: shares,
            decimals: SHARE_DECIMALS,
        },
        &[Signer::from(&seeds)],
    )?;
    Ok(())
}
