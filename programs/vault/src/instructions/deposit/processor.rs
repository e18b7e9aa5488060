use super::{DepositAccounts, DepositData};
use crate::{
    error::VaultError,
    events::{kind, EventWriter},
    instructions::admin,
    nav,
    share_math::{mgmt_fee_shares, shares_for_deposit, SHARE_DECIMALS, STABLE_DECIMALS},
    state::{VaultState, HOLDING_SEED, VAULT_SEED},
    token_cpi,
};
use basket_common::{math::Rounding, pda, token2022, validate, CommonError};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = DepositAccounts::try_from(accounts)?;
    let args = DepositData::parse(data)?;
    let state = admin::load_vault_mut(accounts.vault)?;

    // 1. Vault-level guards and limits.
    if state.is_paused()? {
        return Err(VaultError::VaultPaused.into());
    }
    if args.raw_amount < state.min_deposit_raw.get() {
        return Err(VaultError::DepositBelowMinimum.into());
    }
    check_config_accounts(state, &accounts)?;

    // 2. NAV from a fresh snapshot, every held asset guarded (status, freeze flags,
    //    multiplier equal to the mint's), rounded up: a higher NAV mints fewer shares.
    let now = Clock::get()?.unix_timestamp;
    let snapshot = nav::load_snapshot(accounts.nav_snapshot, state)?;
    nav::check_fresh(snapshot, now)?;
    let nav_usd = nav::vault_nav(state, snapshot, accounts.asset_mints, now, Rounding::Up)?;

    // 3. Management fee accrued up to now joins the supply before pricing, so the new
    //    depositor neither pays for nor escapes the time before the deposit.
    // SAFETY: read-only view of the share mint; the CPI below starts after this borrow ends.
    let minted = token2022::mint_supply(unsafe { accounts.share_mint.borrow_unchecked() })?;
    let owed_before = state.fee_shares_owed.get();
    let supply_before = minted
        .checked_add(owed_before)
        .ok_or(CommonError::MathOverflow)?;
    let elapsed = now.saturating_sub(state.last_mgmt_fee_time.get());
    let accrued = mgmt_fee_shares(supply_before, state.mgmt_fee_bps.get(), elapsed)?;
    let supply = supply_before
        .checked_add(accrued)
        .ok_or(CommonError::MathOverflow)?;

    // 4. Cap, price and the depositor's bound. The stablecoin has 6 decimals and is valued
    //    at par, so its raw amount is its value in 1e-6 USD.
    let deposit_usd = args.raw_amount;
    let nav_after = nav_usd
        .checked_add(deposit_usd)
        .ok_or(CommonError::MathOverflow)?;
    if nav_after > state.deposit_cap_usd.get() {
        return Err(VaultError::DepositCapExceeded.into());
    }
    let shares = shares_for_deposit(deposit_usd, nav_usd, supply)?;
    if shares == 0 {
        return Err(VaultError::AmountTooSmall.into());
    }
    if shares < args.min_shares_out {
        return Err(VaultError::SlippageExceeded.into());
    }

    // 5. Stablecoin in (TransferChecked, signed by the depositor), shares out (signed by the vault).
    token_cpi::transfer_checked(
        accounts.stable_token_program.address(),
        [
            accounts.source,
            accounts.stable_mint,
            accounts.cash_holding,
            accounts.depositor,
        ],
        args.raw_amount,
        STABLE_DECIMALS,
        &[],
    )?;
    let bump = [state.bump];
    let seeds = [
        Seed::from(VAULT_SEED),
        Seed::from(&state.sku_id),
        Seed::from(&bump),
    ];
    token_cpi::mint_to_checked(
        &token2022::TOKEN_2022_PROGRAM_ID,
        [accounts.share_mint, accounts.destination, accounts.vault],
        shares,
        SHARE_DECIMALS,
        &[Signer::from(&seeds)],
    )?;

    // 6. Books, counters and the event.
    let cash = state
        .cash_raw
        .get()
        .checked_add(args.raw_amount)
        .ok_or(CommonError::MathOverflow)?;
    state.cash_raw.set(cash);
    state.fee_shares_owed.set(
        owed_before
            .checked_add(accrued)
            .ok_or(CommonError::MathOverflow)?,
    );
    state.last_mgmt_fee_time.set(now);
    add_u128(&mut state.total_deposited_raw, args.raw_amount)?;
    add_u128(&mut state.total_shares_minted, shares)?;
    add_u128(&mut state.total_mgmt_fee_shares, accrued)?;
    state.last_nav_usd.set(nav_after);
    state.last_nav_time.set(now);
    state.last_snapshot_sequence.set(snapshot.sequence.get());
    let seq = state.next_event_sequence();
    // Event: [2][1] sku (16) | depositor (32) | raw_amount | shares | nav before (1e-6 USD,
    // rounded up) | effective supply before | snapshot sequence | unix time | event sequence
    // (8 each) = 106 bytes.
    EventWriter::<106>::new(kind::DEPOSIT)
        .bytes(&state.sku_id)
        .bytes(accounts.depositor.address().as_ref())
        .u64(args.raw_amount)
        .u64(shares)
        .u64(nav_usd)
        .u64(supply)
        .u64(snapshot.sequence.get())
        .i64(now)
        .u64(seq)
        .emit();
    Ok(())
}

/// The stablecoin mint and program, the cash buffer and the share mint are the vault's.
fn check_config_accounts(
    state: &VaultState,
    accounts: &DepositAccounts,
) -> Result<(), ProgramError> {
    if accounts.stable_mint.address().as_array() != &state.stable_mint {
        return Err(VaultError::WrongMint.into());
    }
    validate::check_address(
        accounts.stable_token_program,
        state.stable_token_program()?.address(),
        CommonError::InvalidTokenProgram,
    )?;
    pda::check_pda(
        accounts.cash_holding,
        &[HOLDING_SEED, &state.sku_id, &state.stable_mint],
        state.cash_holding_bump,
        &crate::ID,
    )
    .map_err(|_| VaultError::WrongHolding)?;
    if accounts.share_mint.address().as_array() != &state.share_mint {
        return Err(VaultError::WrongShareMint.into());
    }
    Ok(())
}

fn add_u128(counter: &mut basket_common::layout::PodU128, v: u64) -> Result<(), CommonError> {
    let next = counter
        .get()
        .checked_add(v as u128)
        .ok_or(CommonError::MathOverflow)?;
    counter.set(next);
    Ok(())
}
