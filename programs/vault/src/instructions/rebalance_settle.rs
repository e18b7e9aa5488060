//! `rebalance_settle`: the trailing check of a rebalance transaction. `rebalance_leg`
//! recorded the receiving holding's balance and locked the vault; whatever route ran since
//! (an aggregator's CPIs, an RFQ provider's transfers, the trade authority's own), the
//! holding must now hold at least the quoted amount more. The real increase is booked, the
//! lock released.
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[]` the vault's holding that received the incoming leg

use crate::{
    error::VaultError,
    events::RebalanceSettledEvent,
    instructions::{admin, rebalance_leg::book, shared},
    state::CASH_SLOT,
};
use basket_common::event::Event as _;
use basket_common::layout::PodU64;
use basket_common::{token2022, CommonError};
use pinocchio::{AccountView, ProgramResult};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let [vault, holding, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    // The one instruction that runs under the re-entrancy lock.
    let state = admin::load_vault_unlocked(vault)?;
    if !state
        .leg_pending
        .get()
        .map_err(|_| VaultError::CorruptState)?
    {
        return Err(VaultError::NoPendingLeg.into());
    }
    // 1. The holding is the one the leg recorded (its PDA fixes the owner program too,
    //    since only the vault's init creates it).
    let slot = state.leg_receive_slot;
    if slot == CASH_SLOT {
        shared::check_cash_holding(state, holding)?;
    } else {
        shared::check_asset_holding(state, usize::from(slot), holding)?;
    }
    // 2. The measured increase covers the quoted amount; the real increase is booked (a
    //    route that delivers more leaves the surplus to the holders, never unbooked).
    // SAFETY: read-only view; nothing writes the holding in this instruction.
    let now = token2022::token_account(unsafe { holding.borrow_unchecked() })?.amount;
    let received = now
        .checked_sub(state.leg_balance_before.get())
        .ok_or(VaultError::LegShortfall)?;
    let expected = state.leg_expected_raw.get();
    if received < expected {
        return Err(VaultError::LegShortfall.into());
    }
    let book_after = book(state, slot, received, false)?;
    state.leg_pending.set(false);
    state.leg_receive_slot = 0;
    state.leg_expected_raw.set(0);
    state.leg_balance_before.set(0);
    let seq = state.next_event_sequence();
    RebalanceSettledEvent {
        sku_id: state.sku_id,
        receive_slot: slot,
        expected_raw: PodU64::new(expected),
        received_raw: PodU64::new(received),
        event_sequence: PodU64::new(seq),
        book_after: PodU64::new(book_after),
    }
    .emit();
    Ok(())
}
