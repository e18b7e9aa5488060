//! `rebalance_settle`: the trailing check of a rebalance transaction. `rebalance_leg`
//! recorded the receiving holding's balance before the incoming transfer ran; here the
//! balance must have grown by at least the booked amount. Introspection already requires
//! the transfer; this measures that it delivered (for example, no fee was withheld).
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[]` the vault's holding that received the incoming leg

use crate::{
    error::VaultError,
    instructions::{admin, shared},
    state::CASH_SLOT,
};
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
    let state = admin::load_vault_mut(vault)?;
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
    // 2. The measured increase covers the booked amount.
    // SAFETY: read-only view; nothing writes the holding in this instruction.
    let now = token2022::token_account(unsafe { holding.borrow_unchecked() })?.amount;
    let received = now
        .checked_sub(state.leg_balance_before.get())
        .ok_or(VaultError::LegShortfall)?;
    if received < state.leg_expected_raw.get() {
        return Err(VaultError::LegShortfall.into());
    }
    state.leg_pending.set(false);
    state.leg_receive_slot = 0;
    state.leg_expected_raw.set(0);
    state.leg_balance_before.set(0);
    Ok(())
}
