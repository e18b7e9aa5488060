use super::{parse, PayRedemptionAccounts, CASH_BIT};
use crate::{
    error::VaultError,
    events::RedemptionPaidEvent,
    holdings,
    instructions::{admin, shared},
    nav,
    share_math::STABLE_DECIMALS,
    state::{AssetStatus, RedemptionClaim, MAX_ASSETS, VAULT_SEED},
    token_cpi::{self, Amount},
    words::{address_is, key_eq, owned_by},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{layout::AccountLayout, math::Rounding, token2022, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// `destination` is a token account of `mint` on `program` owned by `owner`.
pub fn check_destination(
    destination: &AccountView,
    program: &Address,
    mint: &[u8; 32],
    owner: &[u8; 32],
) -> Result<(), ProgramError> {
    if !owned_by(destination, program) {
        return Err(VaultError::WrongDestination.into());
    }
    // SAFETY: read-only view; the token program writes it only in the CPI after this check.
    let view = token2022::token_account(unsafe { destination.borrow_unchecked() })
        .map_err(|_| VaultError::WrongDestination)?;
    if !key_eq(view.mint, mint) || !key_eq(view.owner, owner) {
        return Err(VaultError::WrongDestination.into());
    }
    Ok(())
}

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = PayRedemptionAccounts::try_from(accounts)?;
    let mask = parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. The claim is this vault's, the owner account is its owner; not paused; fresh
    //    snapshot (the spec's guards apply to every vault instruction).
    if !owned_by(accounts.claim, &crate::ID) {
        return Err(CommonError::InvalidOwner.into());
    }
    let mut claim_account = *accounts.claim;
    // SAFETY: the claim is borrowed once, here; the token CPIs below never touch it.
    let claim_data = unsafe { claim_account.borrow_unchecked_mut() };
    let claim = RedemptionClaim::load_mut(claim_data)?;
    if !address_is(accounts.vault, &claim.vault) || !address_is(accounts.owner, &claim.owner) {
        return Err(VaultError::WrongClaim.into());
    }
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    let now = Clock::get()?.unix_timestamp;
    // Nothing is priced; the rounding is unused by the guards.
    let pricing = nav::Pricing::fresh(accounts.nav_snapshot, state, now, Rounding::Down)?;

    let bump = [state.bump];
    // A copy: the vault's books are written below while the signer seeds are alive.
    let sku_id = state.sku_id;
    let seeds = [
        Seed::from(VAULT_SEED),
        Seed::from(&sku_id),
        Seed::from(&bump),
    ];
    let signer = [Signer::from(&seeds)];
    let owner_key = claim.owner;

    // 2. Cash first, if named: checked and booked now, paid after the event.
    let mut paid = [0u64; MAX_ASSETS];
    let mut cash_paid = 0;
    if mask & CASH_BIT != 0 {
        cash_paid = claim.cash_owed.get();
        if cash_paid == 0 {
            return Err(VaultError::NothingOwed.into());
        }
        if !address_is(accounts.stable_mint, &state.stable_mint) {
            return Err(VaultError::WrongMint.into());
        }
        shared::check_cash_holding(state, accounts.cash_holding)?;
        let program = state.stable_token_program()?.address();
        check_destination(
            accounts.stable_destination,
            program,
            &state.stable_mint,
            &owner_key,
        )?;
        claim.cash_owed.set(0);
    }

    // 3. Each named asset slot, ascending, with its three accounts in order: guarded,
    //    reconciled and booked; every transfer waits until the event is out (below).
    // The transfer-hook accounts follow the named slots' triples (see `withdraw_in_kind`).
    let named = (mask & ((1u32 << MAX_ASSETS) - 1)).count_ones() as usize;
    let hook = accounts
        .assets
        .get(named.saturating_mul(3)..)
        .unwrap_or(&[]);
    let count = usize::from(claim.asset_count).min(MAX_ASSETS);
    let mut triples = accounts.assets.chunks_exact(3);
    for (slot, paid_slot) in paid.iter_mut().enumerate() {
        if mask & (1 << slot) == 0 {
            continue;
        }
        if slot >= count {
            return Err(VaultError::InvalidAssetCount.into());
        }
        let amount = claim.owed[slot].get();
        if amount == 0 {
            return Err(VaultError::NothingOwed.into());
        }
        let [mint, holding, destination] = triples.next().ok_or(CommonError::NotEnoughAccounts)?
        else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        let asset = &state.assets[slot];
        // A Retired asset (weight 0, book 0, never priced again) may still be owed to
        // claims made before it retired: those raw amounts are paid without the pricing
        // guards, which exist for assets the vault still holds and prices.
        if asset.status()? == AssetStatus::Retired {
            if !address_is(mint, &asset.mint) {
                return Err(VaultError::WrongMint.into());
            }
        } else if !nav::guard_from_cache(state, asset, mint, &pricing)? {
            nav::guard_held_asset(asset, slot, mint, &pricing)?;
        }
        let program = asset.token_program()?.address();
        check_destination(destination, program, &asset.mint, &owner_key)?;
        // Real balance: a seizure since the claim was made is shared pro rata between the
        // book and the claims, once (`holdings`); a frozen holding or a paused mint delays
        // only this slot, which stays owed.
        let held = holdings::reconcile(state, slot, holding)?;
        let asset = &state.assets[slot];
        if holdings::blocked(held, asset, mint).is_some() {
            continue;
        }
        let owed_total = asset.claims_owed_raw.get();
        let unbacked = state.claims_unbacked_raw[slot].get();
        // This claim's own share of the seizures since it was made (the haircut index it
        // recorded against the asset's now), not the ratio of all the claims open.
        let index = holdings::ClaimIndex::of(
            state,
            slot,
            claim.epoch.get(),
            claim.haircut_at_open[slot].get(),
        );
        let pay = holdings::claim_payment(
            amount,
            owed_total,
            owed_total.saturating_sub(unbacked),
            index,
        )?;
        let (owed_after, unbacked_after) =
            holdings::after_claim_paid(owed_total, unbacked, amount, pay);
        state.assets[slot].claims_owed_raw.set(owed_after);
        state.claims_unbacked_raw[slot].set(unbacked_after);
        if owed_after == 0 {
            // No claim is open on the asset: the index restarts whole (no claim recorded it).
            state.claims_haircut[slot].set(0);
        }
        claim.owed[slot].set(0);
        *paid_slot = pay;
    }

    // 4. Event: RedemptionPaid, before any transfer, so no hook's logs can push it past the
    //    runtime's log limit (decision 0100).
    let nonce = claim.nonce.get();
    let settled = claim.is_settled();
    let seq = state.next_event_sequence();
    RedemptionPaidEvent {
        sku_id: state.sku_id,
        owner: owner_key,
        nonce: PodU64::new(nonce),
        cash_paid: PodU64::new(cash_paid),
        unix_time: PodI64::new(now),
        event_sequence: PodU64::new(seq),
        paid: paid.map(PodU64::new),
    }
    .emit();

    // 5. The transfers: cash, then each paid slot (the accounts were checked above).
    if cash_paid > 0 {
        token_cpi::transfer_checked(
            state.stable_token_program()?.address(),
            &[
                accounts.cash_holding,
                accounts.stable_mint,
                accounts.stable_destination,
                accounts.vault,
            ],
            &Amount {
                raw: cash_paid,
                decimals: STABLE_DECIMALS,
            },
            &signer,
        )?;
    }
    let mut triples = accounts.assets.chunks_exact(3);
    for (slot, pay) in paid.iter().enumerate() {
        if mask & (1 << slot) == 0 {
            continue;
        }
        let [mint, holding, destination] = triples.next().ok_or(CommonError::NotEnoughAccounts)?
        else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        if *pay == 0 {
            continue;
        }
        let asset = &state.assets[slot];
        token_cpi::transfer_checked_hooked(
            &token_cpi::HookedTransfer {
                program: asset.token_program()?.address(),
                accounts: [holding, mint, destination, accounts.vault],
                amount: Amount {
                    raw: *pay,
                    decimals: asset.decimals,
                },
                hook,
            },
            &signer,
        )?;
    }

    // 6. Settled: close the claim (data zeroed so it can never be read again, rent to the
    //    owner).
    if settled {
        claim_data.fill(0);
        let rent = accounts.claim.lamports();
        let to = accounts
            .owner
            .lamports()
            .checked_add(rent)
            .ok_or(CommonError::MathOverflow)?;
        // AccountView is a handle: the copies write the runtime's lamport fields in place.
        let mut owner = *accounts.owner;
        owner.set_lamports(to);
        claim_account.set_lamports(0);
    }
    Ok(())
}
