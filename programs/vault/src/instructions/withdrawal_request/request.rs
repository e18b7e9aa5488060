//! `request_withdraw_usdc(shares, min_out, nonce)`.
//!
//! Accounts:
//! 0. `[SIGNER, WRITE]` owner of the share account (pays the request's rent)
//! 1. `[WRITE]` vault state
//! 2. `[WRITE]` share mint
//! 3. `[WRITE]` share account the shares are burned from
//! 4. `[WRITE]` the request PDA `["wreq", vault, owner, nonce u64 LE]`, created here
//! 5. `[]` system program
//! 6. `[]` Token-2022 program

use super::parse_u64s;
use crate::{
    create::{create_account, NewAccount},
    error::VaultError,
    events::WithdrawalRequestedEvent,
    instructions::{admin, shared},
    share_math::{value_of_shares, SHARE_DECIMALS},
    state::{WithdrawalRequest, REQUEST_SEED},
    token_cpi::{self, Amount},
    words::{address_is, owned_by},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{
    layout::AccountLayout, pda, token2022::TOKEN_2022_PROGRAM_ID, validate, CommonError,
};
use pinocchio::{
    cpi::{Seed, Signer},
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [owner, vault, share_mint, share_source, request, _system, token2022_program, ..] =
        accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let [shares, min_out, nonce] = parse_u64s::<3>(data)?;
    validate::check_signer(owner)?;
    for account in [owner, share_mint, share_source, request] {
        validate::check_writable(account)?;
    }
    crate::words::check_address(
        token2022_program,
        &TOKEN_2022_PROGRAM_ID,
        CommonError::InvalidTokenProgram,
    )?;
    let state = admin::load_vault_mut(vault)?;

    // 1. Guards: not paused, something to withdraw, the vault's share mint.
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if shares == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if !address_is(share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }

    // 2. The request is the canonical PDA of (vault, owner, nonce) and does not exist yet.
    let nonce_bytes = nonce.to_le_bytes();
    let vault_key = *vault.address().as_array();
    let owner_key = *owner.address().as_array();
    if owned_by(request, &crate::ID) || request.data_len() != 0 {
        return Err(CommonError::AlreadyInitialized.into());
    }
    let bump = pda::find_canonical(
        request,
        &[REQUEST_SEED, &vault_key, &owner_key, &nonce_bytes],
        &crate::ID,
    )?;

    // 3. Escrow: the shares are burned (the owner signs) and counted in `escrowed_shares`,
    //    so the supply that prices everyone is unchanged until the request is settled.
    let now = Clock::get()?.unix_timestamp;
    let shared::Accrual { supply, accrued } = shared::accrue_mgmt_fee(state, share_mint, now)?;
    // The event, before the burn and the request's creation (decision 0100): what the
    // router should raise, at the last recorded NAV (an estimate; the payment is priced at
    // fulfilment).
    let estimate = value_of_shares(shares, state.last_nav_usd.get(), supply).unwrap_or(0);
    let seq = state.next_event_sequence();
    WithdrawalRequestedEvent {
        sku_id: state.sku_id,
        owner: owner_key,
        nonce: PodU64::new(nonce),
        shares: PodU64::new(shares),
        min_out: PodU64::new(min_out),
        estimated_gross_usd: PodU64::new(estimate),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(accrued),
        // The escrow keeps the burned shares in the supply.
        supply_after: PodU64::new(supply),
    }
    .emit();
    token_cpi::burn_checked(
        &TOKEN_2022_PROGRAM_ID,
        &[share_source, share_mint, owner],
        &Amount {
            raw: shares,
            decimals: SHARE_DECIMALS,
        },
    )?;
    state.escrowed_shares.set(
        state
            .escrowed_shares
            .get()
            .checked_add(shares)
            .ok_or(CommonError::MathOverflow)?,
    );
    state
        .open_requests
        .set(state.open_requests.get().saturating_add(1));

    // 4. The request account, rent paid by the owner (returned when it is settled).
    let bump_bytes = [bump];
    let seeds = [
        Seed::from(REQUEST_SEED),
        Seed::from(&vault_key),
        Seed::from(&owner_key),
        Seed::from(&nonce_bytes),
        Seed::from(&bump_bytes),
    ];
    create_account(&NewAccount {
        payer: owner,
        account: request,
        space: WithdrawalRequest::LEN,
        owner: &crate::ID,
        signer: &[Signer::from(&seeds)],
    })?;
    let mut request_account = *request;
    // SAFETY: the request was just created by this instruction; no other borrow of it exists.
    let req = WithdrawalRequest::init(unsafe { request_account.borrow_unchecked_mut() })?;
    req.bump = bump;
    req.vault = vault_key;
    req.owner = owner_key;
    req.nonce.set(nonce);
    req.shares.set(shares);
    req.min_out.set(min_out);
    req.requested_at.set(now);

    Ok(())
}
