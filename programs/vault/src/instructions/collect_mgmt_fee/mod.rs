//! `collect_mgmt_fee`: permissionless. Accrues the management fee up to now and mints every
//! owed fee share to the treasury's share account.
//!
//! Accounts:
//! 0. `[WRITE]` vault state
//! 1. `[WRITE]` share mint
//! 2. `[WRITE]` the treasury's share token account (owner = `vault.treasury`)
//! 3. `[]` Token-2022 program
//!
//! No data. Not blocked by the pause and needs no snapshot: the fee depends on time and
//! supply only, and minting what is owed changes no holder's claim on the assets.

use super::{admin, shared};
use crate::{
    error::VaultError,
    events::MgmtFeeCollectedEvent,
    share_math::SHARE_DECIMALS,
    token_cpi::{self, Amount},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{token2022::TOKEN_2022_PROGRAM_ID, validate, CommonError};
use pinocchio::{
    cpi::Signer,
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, share_mint, treasury_shares, token2022_program, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    validate::check_writable(share_mint)?;
    validate::check_writable(treasury_shares)?;
    crate::words::check_address(
        token2022_program,
        &TOKEN_2022_PROGRAM_ID,
        CommonError::InvalidTokenProgram,
    )?;
    let state = admin::load_vault_mut(vault)?;
    if !crate::words::address_is(share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }
    shared::check_treasury_account(
        state,
        treasury_shares,
        &state.share_mint,
        &TOKEN_2022_PROGRAM_ID,
    )?;

    let now = Clock::get()?.unix_timestamp;
    let shared::Accrual { supply, accrued } = shared::accrue_mgmt_fee(state, share_mint, now)?;
    let owed = state.fee_shares_owed.get();
    if owed == 0 {
        return Err(VaultError::NothingToCollect.into());
    }
    state.fee_shares_owed.set(0);
    let seq = state.next_event_sequence();
    MgmtFeeCollectedEvent {
        sku_id: state.sku_id,
        shares_minted: PodU64::new(owed),
        supply: PodU64::new(supply),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(accrued),
    }
    .emit();
    // The CPI after the event (decision 0100): nothing it logs can push the event out.
    let seeds = state.signer_seeds();
    token_cpi::mint_to_checked(
        &TOKEN_2022_PROGRAM_ID,
        &[share_mint, treasury_shares, vault],
        &Amount {
            raw: owed,
            decimals: SHARE_DECIMALS,
        },
        &[Signer::from(&seeds)],
    )?;
    Ok(())
}
