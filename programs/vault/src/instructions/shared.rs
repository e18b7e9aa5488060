//! Steps several user instructions share: checking the vault's configured accounts and
//! accruing the management fee into the supply before any pricing.

use crate::words::{address_is, key_eq, owned_by};
use crate::{error::VaultError, share_math::mgmt_fee_shares, state::VaultState};
use basket_common::{layout::PodU128, token2022, CommonError};
use pinocchio::Address;
use pinocchio::{error::ProgramError, AccountView};

/// The stablecoin mint, its cash buffer PDA and the share mint are the vault's.
#[inline(never)]
pub fn check_cash_and_shares(
    state: &VaultState,
    stable_mint: &AccountView,
    cash_holding: &AccountView,
    share_mint: &AccountView,
) -> Result<(), ProgramError> {
    if !crate::words::address_is(stable_mint, &state.stable_mint) {
        return Err(VaultError::WrongMint.into());
    }
    check_cash_holding(state, cash_holding)?;
    if !crate::words::address_is(share_mint, &state.share_mint) {
        return Err(VaultError::WrongShareMint.into());
    }
    Ok(())
}

/// `holding` is the vault's cash buffer PDA (its address, recorded at init_vault).
#[inline(never)]
pub fn check_cash_holding(state: &VaultState, holding: &AccountView) -> Result<(), ProgramError> {
    if address_is(holding, &state.cash_holding) {
        Ok(())
    } else {
        Err(VaultError::WrongHolding.into())
    }
}

/// Offset of the owner in a token account (both token programs).
const TOKEN_OWNER_OFFSET: usize = 32;

/// A user's payout `destination` is not a token account of the vault itself (its cash buffer,
/// a holding, any account the vault PDA owns): paying one would burn the user's shares and
/// leave the payout in the vault uncounted. Refused with `WrongDestination`, as
/// `pay_redemption` and `fulfil_withdrawal` refuse any account not the owner's.
#[inline(never)]
pub fn check_not_vault_owned(
    destination: &AccountView,
    vault: &AccountView,
) -> Result<(), ProgramError> {
    // SAFETY: read-only view; the token program writes it only in a CPI after this check.
    let data = unsafe { destination.borrow_unchecked() };
    let vault_key = vault.address().as_array();
    let owner = data
        .get(TOKEN_OWNER_OFFSET..TOKEN_OWNER_OFFSET + 32)
        .and_then(|o| <&[u8; 32]>::try_from(o).ok());
    if address_is(destination, vault_key) || owner.is_some_and(|o| key_eq(o, vault_key)) {
        return Err(VaultError::WrongDestination.into());
    }
    Ok(())
}

/// `holding` is the vault's holding PDA of asset `index` (its address, recorded at init_vault).
#[inline(never)]
pub fn check_asset_holding(
    state: &VaultState,
    index: usize,
    holding: &AccountView,
) -> Result<(), ProgramError> {
    let asset = state
        .assets()
        .get(index)
        .ok_or(VaultError::InvalidAssetCount)?;
    if address_is(holding, &asset.holding) {
        Ok(())
    } else {
        Err(VaultError::WrongHolding.into())
    }
}

/// The effective supply that prices an instruction and the fee shares its accrual added.
pub struct Accrual {
    /// Minted shares + owed shares + shares escrowed by withdrawal requests, accrual included.
    pub supply: u64,
    /// Management-fee shares this accrual added to `fee_shares_owed` (carried by the event, so
    /// an indexer follows the supply exactly).
    pub accrued: u64,
}

/// Accrues the management fee up to `now` into `fee_shares_owed` and returns the effective
/// supply (minted shares + owed shares + shares escrowed by withdrawal requests) that prices
/// this instruction, with the shares accrued.
pub fn accrue_mgmt_fee(
    state: &mut VaultState,
    share_mint: &AccountView,
    now: i64,
) -> Result<Accrual, ProgramError> {
    // SAFETY: read-only view of the share mint; every CPI touching it starts after this returns.
    let minted = token2022::mint_supply(unsafe { share_mint.borrow_unchecked() })?;
    let owed = state.fee_shares_owed.get();
    // Shares escrowed by open withdrawal requests are burned on the mint but still own their
    // part of the vault until fulfilled or cancelled: they count in the supply.
    let supply = minted
        .checked_add(owed)
        .and_then(|s| s.checked_add(state.escrowed_shares.get()))
        .ok_or(CommonError::MathOverflow)?;
    let elapsed = now.saturating_sub(state.last_mgmt_fee_time.get());
    let accrued = mgmt_fee_shares(supply, state.mgmt_fee_bps.get(), elapsed)?;
    // Time only moves forward for the accrual: a clock earlier than the last accrual accrues
    // nothing and does not rewind the mark.
    if elapsed > 0 {
        state.last_mgmt_fee_time.set(now);
    }
    // Nothing accrued (no time passed, no fee or no supply): nothing to write.
    if accrued != 0 {
        state
            .fee_shares_owed
            .set(owed.checked_add(accrued).ok_or(CommonError::MathOverflow)?);
        add_u128(&mut state.total_mgmt_fee_shares, accrued)?;
    }
    Ok(Accrual {
        supply: supply
            .checked_add(accrued)
            .ok_or(CommonError::MathOverflow)?,
        accrued,
    })
}

/// `account` is a token account of `mint` owned by the vault's treasury, on `program`.
#[inline(never)]
pub fn check_treasury_account(
    state: &VaultState,
    account: &AccountView,
    mint: &[u8; 32],
    program: &Address,
) -> Result<(), ProgramError> {
    if !owned_by(account, program) {
        return Err(VaultError::WrongTreasury.into());
    }
    // SAFETY: no mutable borrow of this account is alive; the runtime keeps the data in place.
    let view = token2022::token_account(unsafe { account.borrow_unchecked() })
        .map_err(|_| VaultError::WrongTreasury)?;
    if !key_eq(view.mint, mint) || !key_eq(view.owner, &state.treasury) {
        return Err(VaultError::WrongTreasury.into());
    }
    Ok(())
}

/// Adds to a lifetime counter.
pub fn add_u128(counter: &mut PodU128, v: u64) -> Result<(), CommonError> {
    let next = counter
        .get()
        .checked_add(u128::from(v))
        .ok_or(CommonError::MathOverflow)?;
    counter.set(next);
    Ok(())
}
