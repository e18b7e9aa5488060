use super::{parse, BeginRedemptionAccounts};
use crate::{
    create::{create_account, NewAccount},
    error::VaultError,
    events::RedemptionBegunEvent,
    holdings,
    instructions::{admin, shared},
    nav,
    share_math::{in_kind_amount, SHARE_DECIMALS},
    state::{RedemptionClaim, CLAIM_SEED, MAX_ASSETS},
    token_cpi::{self, Amount},
    words::{address_is, owned_by},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{layout::AccountLayout, pda, token2022::TOKEN_2022_PROGRAM_ID, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = BeginRedemptionAccounts::try_from(accounts)?;
    let (shares, nonce) = parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. Vault-level guards, the share mint, a fresh snapshot (the spec's guards apply to
    //    every vault instruction; the per-asset ones run when each asset is paid).
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if shares == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if !address_is(accounts.share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }
    let now = Clock::get()?.unix_timestamp;
    let snapshot = nav::load_snapshot(accounts.nav_snapshot, state)?;
    nav::check_fresh(snapshot, now)?;

    // 2. The claim is the canonical PDA of (vault, owner, nonce) and does not exist yet.
    let nonce_bytes = nonce.to_le_bytes();
    let vault_key = *accounts.vault.address().as_array();
    let owner_key = *accounts.owner.address().as_array();
    if owned_by(accounts.claim, &crate::ID) || accounts.claim.data_len() != 0 {
        return Err(CommonError::AlreadyInitialized.into());
    }
    let bump = pda::find_canonical(
        accounts.claim,
        &[CLAIM_SEED, &vault_key, &owner_key, &nonce_bytes],
        &crate::ID,
    )?;

    // 3. Pro-rata raw amounts of every book (the virtual shares' part stays), fixed now,
    //    each book first reconciled with its holding's real balance (a seizure since the
    //    last instruction is shared now, not after the claim took its part of a phantom).
    holdings::reconcile_each(state, accounts.holdings)?;
    let shared::Accrual { supply, accrued } =
        shared::accrue_mgmt_fee(state, accounts.share_mint, now)?;
    let mut owed = [0u64; MAX_ASSETS];
    let mut any = false;
    state.invalidate_nav_cache();
    for (slot, asset) in owed.iter_mut().zip(state.assets_mut().iter_mut()) {
        let amount = in_kind_amount(shares, asset.holdings_raw.get(), supply)?;
        let left = asset
            .holdings_raw
            .get()
            .checked_sub(amount)
            .ok_or(CommonError::MathOverflow)?;
        asset.holdings_raw.set(left);
        // The tokens stay in the holding until paid: it now backs the claim too.
        let claims = asset
            .claims_owed_raw
            .get()
            .checked_add(amount)
            .ok_or(CommonError::MathOverflow)?;
        asset.claims_owed_raw.set(claims);
        *slot = amount;
        any |= amount > 0;
    }
    let cash_owed = in_kind_amount(shares, state.cash_raw.get(), supply)?;
    if !any && cash_owed == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    let cash_left = state
        .cash_raw
        .get()
        .checked_sub(cash_owed)
        .ok_or(CommonError::MathOverflow)?;
    state.cash_raw.set(cash_left);
    shared::add_u128(&mut state.total_shares_burned, shares)?;

    // 4. Event: RedemptionBegun, before the burn and the claim's creation (decision 0100).
    let seq = state.next_event_sequence();
    RedemptionBegunEvent {
        sku_id: state.sku_id,
        owner: owner_key,
        nonce: PodU64::new(nonce),
        shares: PodU64::new(shares),
        cash_owed: PodU64::new(cash_owed),
        supply_before: PodU64::new(supply),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        mgmt_fee_accrued: PodU64::new(accrued),
        supply_after: PodU64::new(
            supply
                .checked_sub(shares)
                .ok_or(CommonError::MathOverflow)?,
        ),
        cash_after: PodU64::new(cash_left),
        owed: owed.map(PodU64::new),
    }
    .emit();

    // 5. Burn (the owner signs; the token program refuses more than the balance).
    token_cpi::burn_checked(
        &TOKEN_2022_PROGRAM_ID,
        &[accounts.share_source, accounts.share_mint, accounts.owner],
        &Amount {
            raw: shares,
            decimals: SHARE_DECIMALS,
        },
    )?;

    // 6. The claim, rent paid by the owner (returned when it is settled).
    let bump_bytes = [bump];
    let seeds = [
        Seed::from(CLAIM_SEED),
        Seed::from(&vault_key),
        Seed::from(&owner_key),
        Seed::from(&nonce_bytes),
        Seed::from(&bump_bytes),
    ];
    create_account(&NewAccount {
        payer: accounts.owner,
        account: accounts.claim,
        space: RedemptionClaim::LEN,
        owner: &crate::ID,
        signer: &[Signer::from(&seeds)],
    })?;
    let mut claim_account = *accounts.claim;
    // SAFETY: the claim was just created by this instruction; no other borrow of it exists.
    let claim_data = unsafe { claim_account.borrow_unchecked_mut() };
    // The system program just created it zeroed (it was not the vault's and held no data,
    // checked in step 2): only the header is written, not `init`'s byte-by-byte check that it
    // is empty (~6 CU a byte of the 424).
    if claim_data.len() != RedemptionClaim::LEN {
        return Err(CommonError::InvalidAccountLength.into());
    }
    claim_data[0] = RedemptionClaim::DISCRIMINATOR;
    claim_data[1] = RedemptionClaim::VERSION;
    let claim = RedemptionClaim::load_mut(claim_data)?;
    claim.bump = bump;
    claim.asset_count = state.asset_count;
    claim.vault = vault_key;
    claim.owner = owner_key;
    claim.nonce.set(nonce);
    claim.shares.set(shares);
    claim.created_at.set(now);
    claim.cash_owed.set(cash_owed);
    for (cell, amount) in claim.owed.iter_mut().zip(owed) {
        cell.set(amount);
    }
    // Where each asset's haircut index stands now: the claim shares only later seizures.
    claim.epoch = state.claims_epoch;
    copy_index(&mut claim.haircut_at_open, &state.claims_haircut);
    Ok(())
}

/// The 160-byte index copy as one `sol_memcpy_` (the inlined copy cost ~500 bytes of binary).
#[inline(always)]
fn copy_index(dst: &mut [PodU64; MAX_ASSETS], src: &[PodU64; MAX_ASSETS]) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: two distinct arrays of the same size (the new claim's and the vault state's
    // accounts), byte-typed, so no alignment applies.
    unsafe {
        pinocchio::syscalls::sol_memcpy_(
            dst.as_mut_ptr() as *mut u8,
            src.as_ptr() as *const u8,
            core::mem::size_of::<[PodU64; MAX_ASSETS]>() as u64,
        );
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    dst.copy_from_slice(src);
}
