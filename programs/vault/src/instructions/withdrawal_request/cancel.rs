//! `cancel_withdrawal`: an open request's exact shares go back to its owner. The owner may
//! cancel at any time; anyone may from `REQUEST_DEADLINE_SECS` after the request (the keeper
//! ignored it), always in the owner's favour. Not blocked by the pause: it only gives back.
//!
//! Accounts:
//! 0. `[SIGNER]` the owner, or anyone past the deadline
//! 1. `[WRITE]` vault state
//! 2. `[WRITE]` the request
//! 3. `[WRITE]` the request's owner (receives the request's rent)
//! 4. `[WRITE]` share mint
//! 5. `[WRITE]` the owner's share account (receives the shares)
//! 6. `[]` Token-2022 program

use super::{close_request, load_request, release_escrow};
use crate::{
    error::VaultError,
    events::WithdrawalCancelledEvent,
    instructions::{admin, pay_redemption::check_destination},
    share_math::SHARE_DECIMALS,
    state::REQUEST_DEADLINE_SECS,
    token_cpi::{self, Amount},
    words::address_is,
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
    let [caller, vault, request, owner, share_mint, share_destination, token2022_program, ..] =
        accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    validate::check_signer(caller)?;
    for account in [request, owner, share_mint, share_destination] {
        validate::check_writable(account)?;
    }
    crate::words::check_address(
        token2022_program,
        &TOKEN_2022_PROGRAM_ID,
        CommonError::InvalidTokenProgram,
    )?;
    let state = admin::load_vault_mut(vault)?;
    let req = load_request(request, vault, owner)?;
    let (shares, nonce) = (req.shares.get(), req.nonce.get());

    // 1. Who may cancel: the owner, or anyone once the keeper's deadline has passed.
    let now = Clock::get()?.unix_timestamp;
    if !address_is(caller, &req.owner) {
        let deadline = req
            .requested_at
            .get()
            .checked_add(REQUEST_DEADLINE_SECS)
            .ok_or(CommonError::MathOverflow)?;
        if now < deadline {
            return Err(VaultError::RequestNotExpired.into());
        }
    }
    // 2. The shares go back to a share account of the owner (never the caller's).
    if !address_is(share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }
    check_destination(
        share_destination,
        &TOKEN_2022_PROGRAM_ID,
        &state.share_mint,
        &req.owner,
    )?;
    // 3. Escrow released (the supply is unchanged: escrowed shares became minted ones).
    release_escrow(state, shares)?;
    let owner_key = *owner.address().as_array();
    close_request(req, request, owner)?;
    let seq = state.next_event_sequence();
    WithdrawalCancelledEvent {
        sku_id: state.sku_id,
        owner: owner_key,
        canceller: *caller.address().as_array(),
        nonce: PodU64::new(nonce),
        shares: PodU64::new(shares),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
    }
    .emit();
    // The CPI after the event (decision 0100): nothing it logs can push the event out.
    let seeds = state.signer_seeds();
    token_cpi::mint_to_checked(
        &TOKEN_2022_PROGRAM_ID,
        &[share_mint, share_destination, vault],
        &Amount {
            raw: shares,
            decimals: SHARE_DECIMALS,
        },
        &[Signer::from(&seeds)],
    )?;
    Ok(())
}
