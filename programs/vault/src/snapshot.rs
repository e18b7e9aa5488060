//! The oracle snapshot as the vault reads it: checked to be the vault's (address, owner,
//! SKU), fresh, and each asset's entry found. Shared by the NAV (`nav`) and the price memory
//! (`price_memo`), which both depend on this module and not on each other.

use crate::words::{address_is, key_eq, owned_by};
use crate::{error::VaultError, state::VaultState};
use basket_common::{layout::AccountLayout, CommonError};
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
    if !address_is(account, &vault.nav_snapshot) {
        return Err(VaultError::WrongSnapshot.into());
    }
    if !owned_by(account, &oracle::ID) {
        return Err(CommonError::InvalidOwner.into());
    }
    // SAFETY: the vault never borrows the oracle's account mutably; the data stays in place.
    let data = unsafe { account.borrow_unchecked() };
    let snapshot = NavSnapshot::load(data)?;
    if !sku_eq(&snapshot.sku_id, &vault.sku_id) {
        return Err(VaultError::WrongSnapshot.into());
    }
    Ok(snapshot)
}

#[inline(always)]
fn sku_eq(a: &[u8; 16], b: &[u8; 16]) -> bool {
    let w = |k: &[u8; 16]| {
        let mut lo = [0u8; 8];
        let mut hi = [0u8; 8];
        lo.copy_from_slice(&k[..8]);
        hi.copy_from_slice(&k[8..]);
        (u64::from_ne_bytes(lo), u64::from_ne_bytes(hi))
    };
    w(a) == w(b)
}

/// The snapshot entry of the vault's asset `index`: the entry at the same index when the
/// keeper writes them in the vault's order (one compare), else found by scanning.
#[inline(always)]
pub fn entry_for<'s>(
    snapshot: &'s NavSnapshot,
    index: usize,
    mint: &[u8; 32],
) -> Option<&'s NavEntry> {
    let entries = snapshot.entries();
    match entries.get(index) {
        Some(e) if key_eq(&e.mint, mint) => Some(e),
        _ => entries.iter().find(|e| key_eq(&e.mint, mint)),
    }
}

/// The shorter staleness window (market hours), never longer than the off-hours one.
const SHORTEST_WINDOW_SECS: i64 = oracle::staleness::MAX_STALE_SECS_MARKET;
const _: () = assert!(SHORTEST_WINDOW_SECS <= oracle::staleness::MAX_STALE_SECS_OFF_HOURS);

/// Fails with the vault's `StaleNav` unless the snapshot was published at most
/// MAX_STALE_SECS before `now` (and not after it).
pub fn check_fresh(snapshot: &NavSnapshot, now: i64) -> Result<(), VaultError> {
    let age = now
        .checked_sub(snapshot.publish_unix_time.get())
        .ok_or(VaultError::StaleNav)?;
    // Within the shorter of the two windows a snapshot is fresh whatever the hour, so the
    // calendar is only read for an older one (the same answer, fewer instructions).
    if (0..=SHORTEST_WINDOW_SECS).contains(&age) {
        return Ok(());
    }
    if age < 0 || age > oracle::staleness::max_stale_secs(now) {
        return Err(VaultError::StaleNav);
    }
    Ok(())
}
