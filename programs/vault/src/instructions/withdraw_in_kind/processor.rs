use super::{parse, WithdrawInKindAccounts};
use crate::{
    error::VaultError,
    events::{InKindNotPaidEvent, WithdrawInKindEvent},
    holdings,
    instructions::{admin, shared},
    nav,
    share_math::{in_kind_amount, SHARE_DECIMALS, STABLE_DECIMALS},
    state::MAX_ASSETS,
    token_cpi::{self, Amount},
    words::address_is,
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::{math::Rounding, token2022::TOKEN_2022_PROGRAM_ID, CommonError};
use pinocchio::{
    cpi::Signer,
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = WithdrawInKindAccounts::try_from(accounts)?;
    let (shares, accept_unpaid) = parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. Vault-level guards and the configured accounts.
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if shares == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    shared::check_cash_and_shares(
        state,
        accounts.stable_mint,
        accounts.cash_holding,
        accounts.share_mint,
    )?;
    let n = state.asset_count as usize;
    if accounts.assets.len() < n.checked_mul(3).ok_or(CommonError::MathOverflow)? {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    // Never into the vault's own accounts: the payout would stay in the vault uncounted.
    shared::check_not_vault_owned(accounts.stable_destination, accounts.vault)?;

    // 2. The spec's guards apply to every vault instruction: a fresh snapshot, and for every
    //    asset paid out: Active, not flagged, multiplier equal to the mint's, checked before
    //    any transfer. Nothing is priced: the payout is a raw pro-rata share of each book.
    let now = Clock::get()?.unix_timestamp;
    // Nothing is priced here; the rounding field is unused by the guards.
    let pricing = nav::Pricing::fresh(accounts.nav_snapshot, state, now, Rounding::Down)?;
    let shared::Accrual { supply, accrued } =
        shared::accrue_mgmt_fee(state, accounts.share_mint, now)?;
    let mut amounts = [0u64; MAX_ASSETS];
    let mut paid_any = false;
    for (i, triple) in accounts.assets.chunks_exact(3).take(n).enumerate() {
        // Pro rata of what is really held: a holding short of its book (a seizure) is
        // reconciled before the slice is computed.
        let held = holdings::reconcile(state, i, &triple[1])?;
        let asset = &state.assets[i];
        let amount = in_kind_amount(shares, asset.holdings_raw.get(), supply)?;
        if amount == 0 {
            continue;
        }
        // The mint's address before its pause flag: a lookalike paused mint is refused by
        // name, never taken as this asset's pause (which would skip the slice).
        if !address_is(&triple[0], &asset.mint) {
            return Err(VaultError::WrongMint.into());
        }
        // A frozen holding or a paused mint: this slice cannot move and stays in the book;
        // the event says so and every other slice is paid.
        if let Some(reason) = holdings::blocked(held, asset, &triple[0]) {
            // Only with the owner's signed consent for this slot (decision 0102).
            if accept_unpaid & (1u32 << i) == 0 {
                return Err(VaultError::UnpaidNotAccepted.into());
            }
            let mint = asset.mint;
            let seq = state.next_event_sequence();
            InKindNotPaidEvent {
                sku_id: state.sku_id,
                asset_index: u8::try_from(i).unwrap_or(u8::MAX),
                reason,
                owner: *accounts.owner.address().as_array(),
                mint,
                event_sequence: PodU64::new(seq),
            }
            .emit();
            continue;
        }
        if !nav::guard_from_cache(state, asset, &triple[0], &pricing)? {
            nav::guard_held_asset(asset, i, &triple[0], &pricing)?;
        }
        shared::check_not_vault_owned(&triple[2], accounts.vault)?;
        // The owner's own account is frozen: refused by name (the whole transaction, burn
        // included, is undone), not skipped, which would hand the owner's slice to the other
        // holders (docs/decisions/0080-withdraw-in-kind-refuses-a-frozen-receiving-account.md).
        if holdings::destination_frozen(&triple[2]) {
            return Err(VaultError::DestinationFrozen.into());
        }
        amounts[i] = amount;
        paid_any = true;
    }
    let cash_out = in_kind_amount(shares, state.cash_raw.get(), supply)?;
    if !paid_any && cash_out == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if cash_out > 0 && holdings::destination_frozen(accounts.stable_destination) {
        return Err(VaultError::DestinationFrozen.into());
    }

    // 3. Books, counters and the event, before any CPI (decision 0100: a hook's logs can
    //    never push the event past the runtime's log limit); any failure below undoes all.
    state.invalidate_nav_cache();
    for (asset, amount) in state.assets.iter_mut().zip(amounts).take(n) {
        let left = asset
            .holdings_raw
            .get()
            .checked_sub(amount)
            .ok_or(CommonError::MathOverflow)?;
        asset.holdings_raw.set(left);
    }
    let cash_left = state
        .cash_raw
        .get()
        .checked_sub(cash_out)
        .ok_or(CommonError::MathOverflow)?;
    state.cash_raw.set(cash_left);
    shared::add_u128(&mut state.total_shares_burned, shares)?;
    let seq = state.next_event_sequence();
    WithdrawInKindEvent {
        sku_id: state.sku_id,
        owner: *accounts.owner.address().as_array(),
        shares: PodU64::new(shares),
        cash_out: PodU64::new(cash_out),
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
        amounts: amounts.map(PodU64::new),
    }
    .emit();

    // 4. Burn (the owner signs; the token program refuses more than the balance), then pay
    //    each holding with TransferChecked on its own token program, signed by the vault.
    token_cpi::burn_checked(
        &TOKEN_2022_PROGRAM_ID,
        &[accounts.share_source, accounts.share_mint, accounts.owner],
        &Amount {
            raw: shares,
            decimals: SHARE_DECIMALS,
        },
    )?;
    let seeds = state.signer_seeds();
    let signer = [Signer::from(&seeds)];
    if cash_out > 0 {
        let program = state.stable_token_program()?.address();
        token_cpi::transfer_checked(
            program,
            &[
                accounts.cash_holding,
                accounts.stable_mint,
                accounts.stable_destination,
                accounts.vault,
            ],
            &Amount {
                raw: cash_out,
                decimals: STABLE_DECIMALS,
            },
            &signer,
        )?;
    }
    // The transfer-hook accounts: whatever follows the asset triples, passed to every asset
    // transfer (a mint without a hook program ignores them).
    let hook = accounts.assets.get(n.saturating_mul(3)..).unwrap_or(&[]);
    for (i, triple) in accounts.assets.chunks_exact(3).take(n).enumerate() {
        if amounts[i] == 0 {
            continue;
        }
        let asset = &state.assets[i];
        token_cpi::transfer_checked_hooked(
            &token_cpi::HookedTransfer {
                program: asset.token_program()?.address(),
                accounts: [&triple[1], &triple[0], &triple[2], accounts.vault],
                amount: Amount {
                    raw: amounts[i],
                    decimals: asset.decimals,
                },
                hook,
            },
            &signer,
        )?;
    }
    Ok(())
}
