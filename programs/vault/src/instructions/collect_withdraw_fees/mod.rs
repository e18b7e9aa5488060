//! `collect_withdraw_fees`: permissionless. Pays the withdrawal fees that `withdraw_usdc` and
//! `fulfil_withdrawal` kept in the cash buffer (`withdraw_fees_owed`, never part of
//! `cash_raw`) to the treasury's stablecoin account.
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[]` stablecoin mint
//! 2. `[WRITE]` the vault's cash buffer
//! 3. `[WRITE]` the treasury's stablecoin account (owner = `vault.treasury`)
//! 4. `[]` token program of the stablecoin
//!
//! No data. Not blocked by the pause: the fee is already out of every holder's claim, paying
//! it changes none. Nothing owed fails with `NothingToCollect`, so a second collect of the
//! same fees moves nothing.

use super::{admin, shared};
use crate::{
    error::VaultError,
    events::WithdrawFeesCollectedEvent,
    share_math::STABLE_DECIMALS,
    token_cpi::{self, Amount},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::CommonError;
use pinocchio::{
    cpi::Signer,
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, stable_mint, cash_holding, treasury_stable, _stable_token_program, ..] = accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    // Writability, the mint and the program are left to the transfer below (150 KB budget):
    // the runtime refuses a CPI that writes a read-only account, TransferChecked refuses a
    // mint other than the cash buffer's (the vault's own PDA, checked here), and the CPI
    // goes to the program the vault recorded, not to the account passed.
    let state = admin::load_vault_mut(vault)?;
    shared::check_cash_holding(state, cash_holding)?;
    // The transfer invokes the recorded stablecoin program, whatever account sits in slot 4.
    let stable_program = state.stable_token_program()?.address();
    shared::check_treasury_account(state, treasury_stable, &state.stable_mint, stable_program)?;

    let owed = state.withdraw_fees_owed.get();
    if owed == 0 {
        return Err(VaultError::NothingToCollect.into());
    }
    state.withdraw_fees_owed.set(0);
    let seq = state.next_event_sequence();
    WithdrawFeesCollectedEvent {
        sku_id: state.sku_id,
        fee_usd: PodU64::new(owed),
        unix_time: PodI64::new(Clock::get()?.unix_timestamp),
        event_sequence: PodU64::new(seq),
    }
    .emit();
    // The CPI after the event (decision 0100): nothing it logs can push the event out.
    let seeds = state.signer_seeds();
    token_cpi::transfer_checked(
        stable_program,
        &[cash_holding, stable_mint, treasury_stable, vault],
        &Amount {
            raw: owed,
            decimals: STABLE_DECIMALS,
        },
        &[Signer::from(&seeds)],
    )?;
    Ok(())
}
