use super::{introspect::check_settle_follows, RebalanceLegAccounts, RebalanceLegData};
use crate::{
    error::VaultError,
    events::RebalanceLegEvent,
    instructions::{admin, shared},
    nav,
    share_math::{asset_value_usd, BPS, STABLE_DECIMALS},
    state::{VaultState, CASH_SLOT},
    token_cpi::{self, Amount},
    words::key_eq,
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{
    math::{mul_div, Rounding},
    token2022, CommonError,
};
use pinocchio::{
    cpi::Signer,
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// One side of a leg: an asset slot or the cash buffer, with its decimals and token program.
#[derive(Clone, Copy)]
pub struct Side {
    pub slot: u8,
    pub decimals: u8,
    pub program: &'static Address,
}

/// The side `mint` names, after checking `holding` is the vault's account for it.
pub fn resolve_side(
    state: &VaultState,
    mint: &AccountView,
    holding: &AccountView,
) -> Result<Side, ProgramError> {
    let key = mint.address().as_array();
    if key_eq(key, &state.stable_mint) {
        shared::check_cash_holding(state, holding)?;
        return Ok(Side {
            slot: CASH_SLOT,
            decimals: STABLE_DECIMALS,
            program: state.stable_token_program()?.address(),
        });
    }
    let index = state
        .assets()
        .iter()
        .position(|a| key_eq(&a.mint, key))
        .ok_or(VaultError::WrongMint)?;
    shared::check_asset_holding(state, index, holding)?;
    let asset = &state.assets[index];
    Ok(Side {
        slot: u8::try_from(index).map_err(|_| VaultError::CorruptState)?,
        decimals: asset.decimals,
        program: asset.token_program()?.address(),
    })
}

/// Value in 1e-6 USD of `raw` units of a side: at par for the cash buffer, else at the
/// snapshot's price and multiplier after the asset's guards (Active, priced, not flagged,
/// mint multiplier = snapshot multiplier).
#[inline(always)] // five arguments plus the result slot: must not be a real call on BPF
fn side_value(
    state: &VaultState,
    side: Side,
    mint: &AccountView,
    raw: u64,
    pricing: &nav::Pricing,
) -> Result<u64, ProgramError> {
    if side.slot == CASH_SLOT {
        return Ok(raw);
    }
    let asset = &state.assets[usize::from(side.slot)];
    let (entry, _) = nav::guard_held_asset(asset, usize::from(side.slot), mint, pricing)?;
    Ok(asset_value_usd(
        raw,
        entry.multiplier_num.get(),
        entry.price_usd_1e8.get(),
        asset.decimals,
        pricing.rounding,
    )?)
}

/// Adds `delta` to (or, with `take`, removes it from) the book of `side`; returns the book
/// after (the events carry it, so an indexer follows every book exactly).
pub fn book(state: &mut VaultState, slot: u8, delta: u64, take: bool) -> Result<u64, VaultError> {
    let short = if slot == CASH_SLOT {
        VaultError::InsufficientCash
    } else {
        VaultError::InsufficientHolding
    };
    let cell = if slot == CASH_SLOT {
        &mut state.cash_raw
    } else {
        state.invalidate_nav_cache();
        &mut state.assets[usize::from(slot)].holdings_raw
    };
    let next = if take {
        cell.get().checked_sub(delta).ok_or(short)?
    } else {
        cell.get()
            .checked_add(delta)
            .ok_or(VaultError::InsufficientHolding)?
    };
    cell.set(next);
    Ok(next)
}

/// Seconds per UTC day.
const DAY_SECS: u64 = 86_400;

/// Adds a leg's loss against the oracle to today's total, refusing a total above
/// `max_slip_bps` of the last recorded NAV: a keeper chaining legs at the worst accepted
/// price loses at most that much per UTC day.
fn charge_daily_loss(state: &mut VaultState, now: i64, loss: u64) -> Result<(), ProgramError> {
    let day = i64::try_from(u64::try_from(now).unwrap_or(0) / DAY_SECS)
        .map_err(|_| CommonError::MathOverflow)?;
    let spent = if state.rebalance_day.get() == day {
        state.rebalance_loss_usd.get()
    } else {
        0
    };
    let total = spent.checked_add(loss).ok_or(CommonError::MathOverflow)?;
    let budget = mul_div(
        state.last_nav_usd.get(),
        u64::from(state.max_slip_bps.get()),
        BPS,
        Rounding::Down,
    )
    .ok_or(CommonError::MathOverflow)?;
    if total > budget {
        return Err(VaultError::RebalanceBudgetExceeded.into());
    }
    state.rebalance_day.set(day);
    state.rebalance_loss_usd.set(total);
    Ok(())
}

/// The stack height of a top-level instruction (`TRANSACTION_LEVEL_STACK_HEIGHT`).
const TOP_LEVEL: u64 = 1;

#[cfg(any(target_os = "solana", target_arch = "bpf"))]
fn stack_height() -> u64 {
    // SAFETY: the syscall takes no arguments and only reads the invoke context.
    unsafe { pinocchio::syscalls::sol_get_stack_height() }
}

#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
fn stack_height() -> u64 {
    TOP_LEVEL
}

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = RebalanceLegAccounts::try_from(accounts)?;
    let args = RebalanceLegData::parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. The keeper, top level, not paused, non-zero amounts.
    if !key_eq(accounts.keeper.address().as_array(), &state.keeper) {
        return Err(VaultError::NotKeeper.into());
    }
    if stack_height() != TOP_LEVEL {
        return Err(VaultError::NotTopLevel.into());
    }
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if args.expected_amount_raw == 0 || args.pay_amount_raw == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }

    // 2. Both sides are the vault's: configured mints, their holding PDAs, the paying
    //    mint's own token program.
    if !key_eq(
        accounts.receive_mint.address().as_array(),
        &args.expected_mint,
    ) {
        return Err(VaultError::WrongMint.into());
    }
    let pay = resolve_side(state, accounts.pay_mint, accounts.pay_holding)?;
    let receive = resolve_side(state, accounts.receive_mint, accounts.receive_holding)?;
    if pay.slot == receive.slot {
        return Err(VaultError::SameMint.into());
    }
    // Real balances: both asset sides reconciled with their holdings, a frozen one refused.
    crate::holdings::prepare_leg_side(state, pay.slot, accounts.pay_holding)?;
    crate::holdings::prepare_leg_side(state, receive.slot, accounts.receive_holding)?;
    if !key_eq(
        accounts.pay_token_program.address().as_array(),
        pay.program.as_array(),
    ) {
        return Err(CommonError::InvalidTokenProgram.into());
    }

    // 3. The outgoing side goes only to the registered trade authority (a token account it
    //    owns, of the paying mint), and this transaction settles the leg later at top level:
    //    whatever route runs in between, the settle measures what reached the vault.
    if !crate::words::owned_by(accounts.trade_account, pay.program) {
        return Err(VaultError::WrongTradeAccount.into());
    }
    // SAFETY: read-only view; the token program writes it only in the CPI below.
    let payee = token2022::token_account(unsafe { accounts.trade_account.borrow_unchecked() })
        .map_err(|_| VaultError::WrongTradeAccount)?;
    if !key_eq(payee.owner, &state.trade_authority)
        || !key_eq(payee.mint, accounts.pay_mint.address().as_array())
    {
        return Err(VaultError::WrongTradeAccount.into());
    }
    // SAFETY: the account's address is the instructions sysvar (checked in accounts.rs);
    // the runtime writes it and nothing borrows it mutably.
    let sysvar = unsafe { accounts.instructions.borrow_unchecked() };
    check_settle_follows(sysvar, accounts.vault.address().as_array())?;

    // 4. Price both sides at a fresh snapshot, against the vault: what it pays rounded up,
    //    what it receives rounded down; the exchange must be within max_slip_bps.
    let now = Clock::get()?.unix_timestamp;
    let up = nav::Pricing::fresh(accounts.nav_snapshot, state, now, Rounding::Up)?;
    let down = nav::Pricing {
        rounding: Rounding::Down,
        ..up
    };
    let value_out = side_value(state, pay, accounts.pay_mint, args.pay_amount_raw, &up)?;
    let value_in = side_value(
        state,
        receive,
        accounts.receive_mint,
        args.expected_amount_raw,
        &down,
    )?;
    let keep_bps = BPS
        .checked_sub(u64::from(state.max_slip_bps.get()))
        .ok_or(CommonError::MathOverflow)?;
    let floor_in =
        mul_div(value_out, keep_bps, BPS, Rounding::Up).ok_or(CommonError::MathOverflow)?;
    if value_in < floor_in {
        return Err(VaultError::RebalanceSlippage.into());
    }
    charge_daily_loss(state, now, value_out.saturating_sub(value_in))?;

    // 5. Books: the paying side now; the receiving side at the settle, by the real delta.
    //    The pending leg locks the vault until then (`admin::load_vault_mut`).
    let pay_book_after = book(state, pay.slot, args.pay_amount_raw, true)?;
    crate::words::check_owner(accounts.receive_holding, receive.program)?;
    // SAFETY: read-only view; the holding is not written by this instruction.
    let holding = token2022::token_account(unsafe { accounts.receive_holding.borrow_unchecked() })?;
    state.leg_pending.set(true);
    state.leg_receive_slot = receive.slot;
    state.leg_expected_raw.set(args.expected_amount_raw);
    state.leg_balance_before.set(holding.amount);

    // 6. Event: RebalanceLeg (version 2, with both mints), before the transfer, whose hook
    //    may log (decision 0100).
    let seq = state.next_event_sequence();
    RebalanceLegEvent {
        sku_id: state.sku_id,
        pay_slot: pay.slot,
        receive_slot: receive.slot,
        pay_mint: *accounts.pay_mint.address().as_array(),
        receive_mint: *accounts.receive_mint.address().as_array(),
        pay_amount_raw: PodU64::new(args.pay_amount_raw),
        received_amount_raw: PodU64::new(args.expected_amount_raw),
        value_out: PodU64::new(value_out),
        value_in: PodU64::new(value_in),
        snapshot_sequence: PodU64::new(up.snapshot.sequence.get()),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        pay_book_after: PodU64::new(pay_book_after),
    }
    .emit();

    // 7. The outgoing side, paid by the vault itself (the PDA signs its own CPI).
    let seeds = state.signer_seeds();
    token_cpi::transfer_checked_hooked(
        &token_cpi::HookedTransfer {
            program: pay.program,
            accounts: [
                accounts.pay_holding,
                accounts.pay_mint,
                accounts.trade_account,
                accounts.vault,
            ],
            amount: Amount {
                raw: args.pay_amount_raw,
                decimals: pay.decimals,
            },
            hook: accounts.hook,
        },
        &[Signer::from(&seeds)],
    )?;
    Ok(())
}
