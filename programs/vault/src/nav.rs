//! The vault's NAV from its book, the oracle snapshot and the asset mints, with the guards
//! every NAV-sensitive instruction applies before any transfer:
//!
//! 1. the snapshot is this vault's (address, owner, SKU) and fresh (MAX_STALE_SECS);
//! 2. every asset with a non-zero book is Active, priced, not frozen by the snapshot flags;
//! 3. the mint's current ScaledUiAmount multiplier (floor at 1e12, as the keeper writes it)
//!    equals the snapshot entry's `multiplier_num`.
//!
//! Assets whose book is zero contribute exactly zero whatever their price, so they are not
//! guarded: a frozen asset the vault does not hold never blocks the vault.

use crate::{
    error::VaultError,
    share_math::asset_value_usd,
    state::{AssetEntry, AssetStatus, TokenProgramKind, VaultState},
};
use basket_common::{
    layout::AccountLayout,
    math::Rounding,
    multiplier::{decode_f64_bits, MULTIPLIER_SCALE},
    token2022, validate, CommonError,
};
use oracle::state::{entry_flags, NavEntry, NavSnapshot};
use pinocchio::{error::ProgramError, AccountView};

/// Snapshot entry flags that refuse deposits and withdrawals touching the asset.
pub const BLOCKING_FLAGS: u32 = entry_flags::CORPORATE_ACTION_FREEZE | entry_flags::TRADING_HALTED;

/// Checks the snapshot account is the vault's, then views it.
///
/// # Safety contract
/// The returned view borrows the account data without a runtime borrow; the caller must not
/// hold a mutable borrow of the snapshot (the vault never writes it).
pub fn load_snapshot<'a>(
    account: &'a AccountView,
    vault: &VaultState,
) -> Result<&'a NavSnapshot, ProgramError> {
    if account.address().as_array() != &vault.nav_snapshot {
        return Err(VaultError::WrongSnapshot.into());
    }
    validate::check_owner(account, &oracle::ID)?;
    // SAFETY: the vault never borrows the oracle's account mutably; the data stays in place.
    let data = unsafe { account.borrow_unchecked() };
    let snapshot = NavSnapshot::load(data)?;
    if snapshot.sku_id != vault.sku_id {
        return Err(VaultError::WrongSnapshot.into());
    }
    Ok(snapshot)
}

/// Fails with the vault's `StaleNav` unless the snapshot was published at most
/// MAX_STALE_SECS before `now` (and not after it).
pub fn check_fresh(snapshot: &NavSnapshot, now: i64) -> Result<(), VaultError> {
    let age = now
        .checked_sub(snapshot.publish_unix_time.get())
        .ok_or(VaultError::StaleNav)?;
    if age < 0 || age > oracle::staleness::max_stale_secs(now) {
        return Err(VaultError::StaleNav);
    }
    Ok(())
}

/// The multiplier in force at `now`, as `floor(multiplier * 1e12)`; 1e12 for SPL Token mints
/// and Token-2022 mints without ScaledUiAmount.
pub fn mint_multiplier_num(
    mint_data: &[u8],
    kind: TokenProgramKind,
    now: i64,
) -> Result<u64, CommonError> {
    if kind == TokenProgramKind::SplToken {
        return Ok(MULTIPLIER_SCALE);
    }
    match token2022::scaled_ui_amount(mint_data)? {
        None => Ok(MULTIPLIER_SCALE),
        Some(s) => Ok(decode_f64_bits(s.bits_at(now))?.floor),
    }
}

/// Guards 2 and 3 for one asset; returns the snapshot entry to price it with.
pub fn check_asset<'s>(
    asset: &AssetEntry,
    snapshot: &'s NavSnapshot,
    mint_multiplier: u64,
) -> Result<&'s NavEntry, VaultError> {
    if asset.status()? != AssetStatus::Active {
        return Err(VaultError::AssetNotActive);
    }
    let entry = snapshot
        .entry(&asset.mint)
        .ok_or(VaultError::AssetNotPriced)?;
    if entry.price_usd_1e8.get() == 0 {
        return Err(VaultError::AssetNotPriced);
    }
    if entry.flags.get() & BLOCKING_FLAGS != 0 {
        return Err(VaultError::AssetFrozen);
    }
    if entry.multiplier_num.get() != mint_multiplier {
        return Err(VaultError::MultiplierMismatch);
    }
    Ok(entry)
}

/// What pricing needs besides the vault: the checked, fresh snapshot, the Clock's time and
/// the rounding direction.
/// (One struct so no function takes more than the five register arguments BPF allows.)
pub struct Pricing<'a> {
    pub snapshot: &'a NavSnapshot,
    pub now: i64,
    /// Direction of every value rounding: up to price deposits, down to price payouts.
    pub rounding: Rounding,
}

/// Guards 2 and 3 for one held asset, reading its mint account: returns the snapshot entry.
pub fn guard_held_asset<'s>(
    asset: &AssetEntry,
    mint: &AccountView,
    pricing: &Pricing<'s>,
) -> Result<&'s NavEntry, ProgramError> {
    if mint.address().as_array() != &asset.mint {
        return Err(VaultError::WrongMint.into());
    }
    // SAFETY: the mint is only read; no mutable borrow of it exists in this instruction.
    let data = unsafe { mint.borrow_unchecked() };
    let multiplier = mint_multiplier_num(data, asset.token_program()?, pricing.now)?;
    Ok(check_asset(asset, pricing.snapshot, multiplier)?)
}

/// NAV in 1e-6 USD: the cash book at par plus every held asset at the snapshot's price and
/// multiplier, each rounded in `pricing.rounding`'s direction. `mints` are the asset mint accounts in
/// the vault's asset order.
pub fn vault_nav(
    vault: &VaultState,
    mints: &[AccountView],
    pricing: &Pricing,
) -> Result<u64, ProgramError> {
    let assets = vault.assets();
    if mints.len() < assets.len() {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    let mut nav = vault.cash_raw.get();
    for (asset, mint) in assets.iter().zip(mints) {
        if mint.address().as_array() != &asset.mint {
            return Err(VaultError::WrongMint.into());
        }
        let raw = asset.holdings_raw.get();
        if raw == 0 {
            continue;
        }
        let entry = guard_held_asset(asset, mint, pricing)?;
        let value = asset_value_usd(
            raw,
            entry.multiplier_num.get(),
            entry.price_usd_1e8.get(),
            asset.decimals,
            pricing.rounding,
        )?;
        nav = nav.checked_add(value).ok_or(CommonError::MathOverflow)?;
    }
    Ok(nav)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use basket_common::layout::{PodU32, PodU64};
    use std::vec;

    fn snapshot_with(entry: NavEntry) -> std::boxed::Box<[u8]> {
        let mut data = vec![0u8; NavSnapshot::LEN].into_boxed_slice();
        data[0] = 2;
        data[1] = 1;
        data[3] = 1;
        let at = 80;
        // SAFETY: NavEntry is 64 plain bytes.
        let bytes =
            unsafe { core::slice::from_raw_parts(&entry as *const NavEntry as *const u8, 64) };
        data[at..at + 64].copy_from_slice(bytes);
        data
    }

    fn entry(mint: [u8; 32], price: u64, mult: u64, flags: u32) -> NavEntry {
        NavEntry {
            mint,
            price_usd_1e8: PodU64::new(price),
            multiplier_num: PodU64::new(mult),
            updated_slot: PodU64::new(1),
            flags: PodU32::new(flags),
            reserved: [0; 4],
        }
    }

    fn asset(mint: [u8; 32], status: AssetStatus) -> AssetEntry {
        AssetEntry {
            mint,
            holdings_raw: PodU64::new(5),
            target_weight_bps: Default::default(),
            token_program: 1,
            decimals: 8,
            status: status as u8,
            holding_bump: 255,
            reserved: [0; 18],
        }
    }

    const M: u64 = 1_050_000_000_000;

    #[test]
    fn a_snapshot_is_fresh_up_to_the_limit_and_never_from_the_future() {
        let mut data = snapshot_with(entry([7; 32], 100, M, 0));
        let saturday_noon = 1_795_392_000i64 - 2 * 86_400 + 12 * 3600;
        data[36..44].copy_from_slice(&saturday_noon.to_le_bytes());
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(check_fresh(snap, saturday_noon), Ok(()));
        assert_eq!(check_fresh(snap, saturday_noon + 300), Ok(()));
        assert_eq!(
            check_fresh(snap, saturday_noon + 301),
            Err(VaultError::StaleNav)
        );
        assert_eq!(
            check_fresh(snap, saturday_noon - 1),
            Err(VaultError::StaleNav)
        );
        let monday_15h = 1_795_392_000i64 + 15 * 3600;
        data[36..44].copy_from_slice(&monday_15h.to_le_bytes());
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(check_fresh(snap, monday_15h + 60), Ok(()));
        assert_eq!(
            check_fresh(snap, monday_15h + 61),
            Err(VaultError::StaleNav)
        );
    }

    #[test]
    fn an_active_priced_asset_with_the_same_multiplier_passes() {
        let data = snapshot_with(entry(
            [7; 32],
            100,
            M,
            entry_flags::MARKET_OPEN | entry_flags::FALLBACK_PRICE,
        ));
        let snap = NavSnapshot::load(&data).unwrap();
        assert!(check_asset(&asset([7; 32], AssetStatus::Active), snap, M).is_ok());
    }

    #[test]
    fn each_guard_has_its_own_error() {
        let data = snapshot_with(entry([7; 32], 100, M, 0));
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Frozen), snap, M).err(),
            Some(VaultError::AssetNotActive)
        );
        assert_eq!(
            check_asset(&asset([8; 32], AssetStatus::Active), snap, M).err(),
            Some(VaultError::AssetNotPriced)
        );
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Active), snap, M + 1).err(),
            Some(VaultError::MultiplierMismatch)
        );
        let mut bad = asset([7; 32], AssetStatus::Active);
        bad.status = 0;
        assert_eq!(
            check_asset(&bad, snap, M).err(),
            Some(VaultError::CorruptState)
        );
        for flag in [
            entry_flags::CORPORATE_ACTION_FREEZE,
            entry_flags::TRADING_HALTED,
        ] {
            let data = snapshot_with(entry([7; 32], 100, M, flag));
            let snap = NavSnapshot::load(&data).unwrap();
            assert_eq!(
                check_asset(&asset([7; 32], AssetStatus::Active), snap, M).err(),
                Some(VaultError::AssetFrozen)
            );
        }
        let data = snapshot_with(entry([7; 32], 0, M, 0));
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Active), snap, M).err(),
            Some(VaultError::AssetNotPriced)
        );
    }

    #[test]
    fn spl_token_mints_have_the_unit_multiplier() {
        assert_eq!(
            mint_multiplier_num(&[0u8; 82], TokenProgramKind::SplToken, 0),
            Ok(MULTIPLIER_SCALE)
        );
        let mut plain = vec![0u8; 82];
        plain[45] = 1;
        assert_eq!(
            mint_multiplier_num(&plain, TokenProgramKind::Token2022, 0),
            Ok(MULTIPLIER_SCALE)
        );
    }
}
