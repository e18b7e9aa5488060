//! The vault's NAV from its book, the oracle snapshot and the asset mints, with the guards
//! every NAV-sensitive instruction applies before any transfer:
//!
//! 1. the snapshot is this vault's (address, owner, SKU) and fresh (MAX_STALE_SECS);
//! 2. every asset with a non-zero book is Active, priced, not frozen by the snapshot flags;
//! 3. the mint's current ScaledUiAmount multiplier (floor at 1e12, as the keeper writes it)
//!    equals the snapshot entry's `multiplier_num`.
//!
//! Assets whose book is zero contribute exactly zero whatever their price, so they are not
//! guarded: a frozen asset the vault does not hold never blocks the vault. Books are
//! reconciled down to the holdings' real balances before any pricing (`holdings`).

mod sum;
#[cfg(test)]
mod tests;

pub use crate::mint_multiplier::{mint_multiplier, MintMultiplier};
pub use crate::snapshot::{check_fresh, entry_for, load_snapshot, BLOCKING_FLAGS};
pub use sum::NavSum;

use crate::mint_multiplier::bits_in_force;
use crate::words::address_is;
use crate::{
    error::VaultError,
    holdings, price_memo,
    share_math::asset_value_usd,
    state::{AssetEntry, AssetStatus, TokenProgramKind, VaultState},
};
use basket_common::{math::Rounding, multiplier::MULTIPLIER_SCALE, CommonError};
use oracle::state::{NavEntry, NavSnapshot};
use pinocchio::{error::ProgramError, AccountView};

/// Guards 2 and 3 for one asset; returns the snapshot entry to price it with.
pub fn check_asset<'s>(
    asset: &AssetEntry,
    index: usize,
    snapshot: &'s NavSnapshot,
    mint_multiplier: u64,
) -> Result<&'s NavEntry, VaultError> {
    if asset.status()? != AssetStatus::Active {
        return Err(VaultError::AssetNotActive);
    }
    let entry = entry_for(snapshot, index, &asset.mint).ok_or(VaultError::AssetNotPriced)?;
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

impl<'a> Pricing<'a> {
    /// Pricing at the vault's snapshot, checked to be the vault's (`load_snapshot`) and
    /// fresh at `now` (`check_fresh`), with every value rounded in `rounding`'s direction.
    #[inline(never)]
    pub fn fresh(
        snapshot: &'a AccountView,
        vault: &VaultState,
        now: i64,
        rounding: Rounding,
    ) -> Result<Self, ProgramError> {
        let snapshot = load_snapshot(snapshot, vault)?;
        check_fresh(snapshot, now)?;
        Ok(Self {
            snapshot,
            now,
            rounding,
        })
    }
}

/// Guards 2 and 3 for the vault's asset `index`, reading its mint account (checked to be
/// the asset's mint): returns the snapshot entry and the mint's multiplier.
#[inline(always)]
pub fn guard_held_asset<'s>(
    asset: &AssetEntry,
    index: usize,
    mint: &AccountView,
    pricing: &Pricing<'s>,
) -> Result<(&'s NavEntry, MintMultiplier), ProgramError> {
    if !address_is(mint, &asset.mint) {
        return Err(VaultError::WrongMint.into());
    }
    // SAFETY: the mint is only read; no mutable borrow of it exists in this instruction.
    let data = unsafe { mint.borrow_unchecked() };
    let multiplier = mint_multiplier(data, asset.token_program()?, pricing.now)?;
    Ok((
        check_asset(asset, index, pricing.snapshot, multiplier.num)?,
        multiplier,
    ))
}

/// NAV in 1e-6 USD: the cash book at par plus every held asset at the snapshot's price and
/// multiplier, widened by the price memory (see `price_memo`), rounded in
/// `pricing.rounding`'s direction. `pairs` are, per asset in the vault's order, its mint
/// account then its holding account.
///
/// Real balances first: every asset with a book or open claims must have its holding cover
/// them (one load and compare per asset, see `holdings`). A holding found short (the issuer's
/// permanent delegate burned or moved tokens) is reconciled: its book drops to its pro-rata
/// part of the balance, an event is emitted and the cache is dropped, so nothing is ever
/// priced on tokens that left. This is the balance check of the cached path: the cache stays
/// valid exactly while every holding still covers its book.
///
/// The first call at a snapshot sequence prices every held asset with every guard
/// ([`price_assets`]) and caches the assets' value both ways rounded. Later calls at the
/// same sequence, with no book or status changed since (those clear the cache), re-verify
/// only what can still change: each held asset's balance (above) and its mint multiplier in
/// force now, compared with the bits verified then. Status and the snapshot's flags, prices
/// and multipliers are fixed for the sequence (the oracle never rewrites entries without a
/// new sequence), so the cached value is exactly what pricing everything again would give.
pub fn vault_nav(
    vault: &mut VaultState,
    pairs: &[AccountView],
    pricing: &Pricing,
) -> Result<u64, ProgramError> {
    let n = vault.assets().len();
    if pairs.len() < n.checked_mul(2).ok_or(CommonError::MathOverflow)? {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    price_memo::roll(vault, pricing.snapshot);
    let sequence = pricing.snapshot.sequence.get();
    let (mut covered, bits_hold) = check_pairs(vault, pairs, pricing.now, sequence)?;
    if !covered {
        // A holding below book + owed: each reconciled. One whose seizure was already split
        // (it covers book + what backs the claims) changes nothing and keeps the cache; a
        // new shortfall is split and drops it (`invalidate_nav_cache`).
        let before = vault.nav_cache_sequence.get();
        for (index, pair) in pairs.chunks_exact(2).take(n).enumerate() {
            holdings::reconcile(vault, index, &pair[1])?;
        }
        covered = vault.nav_cache_sequence.get() == before;
    }
    let cached =
        covered && bits_hold && sequence != 0 && vault.nav_cache_sequence.get() == sequence;
    if !cached {
        let (up, down) = price_assets(vault, pairs, pricing)?;
        vault.nav_cache_assets_up.set(up);
        vault.nav_cache_assets_down.set(down);
        vault.nav_cache_sequence.set(sequence);
    }
    let assets = match pricing.rounding {
        Rounding::Up => vault.nav_cache_assets_up.get(),
        Rounding::Down => vault.nav_cache_assets_down.get(),
    };
    Ok(vault
        .cash_raw
        .get()
        .checked_add(assets)
        .ok_or(CommonError::MathOverflow)?)
}

/// One pass over the (mint, holding) pairs: every mint account is the asset's (checked on
/// both paths, so a wrong account list fails the same way whichever runs); whether every
/// holding with a book or claims covers them; and, when the cache is at `sequence`, whether
/// every held mint still has in force the multiplier bits verified when it was filled.
///
/// This loop is the cached deposit's and withdrawal's per-asset cost, so it is written for
/// the instruction count (every instruction is a compute unit on this target): the holding
/// and multiplier checks only for an asset with a book or claims, the balance compared
/// without a 64-bit sum (`balance >= book && balance - book >= owed` is `balance >= book +
/// owed` without overflow), and the multiplier re-read only while the cache still holds.
#[inline(always)]
fn check_pairs(
    vault: &VaultState,
    pairs: &[AccountView],
    now: i64,
    sequence: u64,
) -> Result<(bool, bool), ProgramError> {
    // `vault_nav`, the only caller, checked that `pairs` holds two accounts per asset.
    let assets = vault.assets();
    debug_assert!(pairs.len() >= assets.len().saturating_mul(2));
    // One loop per case, so "is the cache live" is not a flag carried through every asset.
    if sequence != 0 && vault.nav_cache_sequence.get() == sequence {
        walk_pairs::<true>(assets, pairs, now)
    } else {
        walk_pairs::<false>(assets, pairs, now)
    }
}

/// [`check_pairs`]' loop; with `CACHED`, also whether every held mint's multiplier bits are
/// unchanged. Returns (covered, bits unchanged); bits are never unchanged without `CACHED`.
/// `pairs` holds two accounts per asset (checked by `vault_nav`).
#[inline(always)]
fn walk_pairs<const CACHED: bool>(
    assets: &[AssetEntry],
    pairs: &[AccountView],
    now: i64,
) -> Result<(bool, bool), ProgramError> {
    let mut short = false;
    let mut changed = false;
    let mut pair = pairs.as_ptr();
    for asset in assets {
        // SAFETY: `pairs` holds two accounts per asset (checked by `vault_nav`).
        let (mint, holding) = unsafe { (&*pair, &*pair.add(1)) };
        pair = pair.wrapping_add(2);
        if !address_is(mint, &asset.mint) {
            return Err(wrong_mint());
        }
        let book = holdings::load_u64(&asset.holdings_raw.0);
        let owed = holdings::load_u64(&asset.claims_owed_raw.0);
        if book | owed == 0 {
            continue;
        }
        if !address_is(holding, &asset.holding) {
            return Err(wrong_holding());
        }
        // SAFETY: the account is the asset's recorded holding (compared above), a token
        // account of at least 165 bytes (see `balance_unchecked`); read-only view.
        let balance = unsafe { holdings::balance_unchecked(holding) };
        // Both outcomes are rare (a seizure, a new multiplier): marked so, the compiler keeps
        // them as branches instead of computing both flags for every asset.
        if balance < book || balance.wrapping_sub(book) < owed {
            core::hint::cold_path();
            short = true;
        }
        if CACHED && !bits_unchanged(asset, mint, now) {
            core::hint::cold_path();
            changed = true;
        }
    }
    Ok((!short, CACHED && !changed))
}

// The loop's error exits are calls out of line, so the hot path does not load their
// 64-bit error values before every compare.
#[cold]
#[inline(never)]
fn wrong_mint() -> ProgramError {
    VaultError::WrongMint.into()
}

#[cold]
#[inline(never)]
fn wrong_holding() -> ProgramError {
    VaultError::WrongHolding.into()
}

/// Whether `mint` (already checked to be the asset's) has in force the multiplier bits
/// verified at the last full pricing; always true for a mint without ScaledUiAmount.
#[inline(always)]
fn verified_bits_hold(asset: &AssetEntry, mint: &AccountView, now: i64) -> bool {
    let offset = asset.ext_offset.get();
    if offset == 0 {
        return true;
    }
    // SAFETY: the mint is only read; no mutable borrow of it exists in this instruction.
    let data = unsafe { mint.borrow_unchecked() };
    bits_in_force(data, offset, now) == Some(asset.verified_bits.get())
}

/// [`verified_bits_hold`] for the per-asset loop of [`check_pairs`], in fewer instructions
/// (the same answer): one bounds check for the TLV header and the value, then raw loads.
/// The usual mint has no change pending (its current and new multipliers are the same
/// word), so both are compared with the verified bits and the effective time is read only
/// when they differ.
#[inline(always)]
fn bits_unchanged(asset: &AssetEntry, mint: &AccountView, now: i64) -> bool {
    let start = usize::from(asset.ext_offset.get());
    if start == 0 {
        return true;
    }
    // No `start >= 4` check: `ext_offset` is written only by `record_verified`, with 0 or an
    // offset the TLV walk found after the 166 bytes of base mint and account type.
    if start + SCALED_VALUE_LEN > mint.data_len() {
        return false;
    }
    // SAFETY: the value and its 4-byte TLV header (start >= 170, above) are inside the
    // mint's data (checked above); the mint is only read; unaligned loads are allowed on the
    // target and host.
    unsafe {
        let value = mint.borrow_unchecked().as_ptr().add(start);
        let header = core::ptr::read_unaligned(value.sub(4) as *const u32);
        if header != SCALED_UI_AMOUNT_HEADER {
            return false;
        }
        let verified = asset.verified_bits.get();
        let current = u64::from_le(core::ptr::read_unaligned(value.add(32) as *const u64));
        let pending = u64::from_le(core::ptr::read_unaligned(value.add(48) as *const u64));
        if current == verified && pending == verified {
            return true;
        }
        core::hint::cold_path();
        let effective = i64::from_le(core::ptr::read_unaligned(value.add(40) as *const i64));
        (if now >= effective { pending } else { current }) == verified
    }
}

/// The multiplier (fixed form) of a held asset's mint when its bits in force now are the
/// ones the last full pricing decoded (same offset, same header, same words): the cached
/// decode, without the TLV walk or the f64 decoding (~150 CU per issuer mint). `None` when
/// nothing is cached or the bits changed (a new multiplier, or a pending one now in force):
/// the caller then reads and decodes the mint in full.
#[inline(always)]
fn verified_num_in_force(asset: &AssetEntry, mint: &AccountView, now: i64) -> Option<u64> {
    let num = asset.verified_num();
    if num == 0 || !bits_unchanged(asset, mint, now) {
        return None;
    }
    Some(num)
}

/// ScaledUiAmount's TLV header (type 25, length 56) as one little-endian word, and the
/// value's length: authority (32) | multiplier (8) | effective time (8) | new multiplier (8).
const SCALED_UI_AMOUNT_HEADER: u32 = u32::from_le_bytes([25, 0, 56, 0]);
const SCALED_VALUE_LEN: usize = 56;

/// Guards 2 and 3 for a held asset through the cached NAV's verification, when it covers
/// this snapshot: an asset with a book was fully guarded when the cache was filled at this
/// sequence, and every book or status change since would have cleared it, so only the
/// mint's multiplier in force now is re-read. `Ok(false)` when the cache does not cover it
/// (the caller then runs [`guard_held_asset`]).
#[inline(always)]
pub fn guard_from_cache(
    vault: &VaultState,
    asset: &AssetEntry,
    mint: &AccountView,
    pricing: &Pricing,
) -> Result<bool, ProgramError> {
    let sequence = pricing.snapshot.sequence.get();
    if sequence == 0 || vault.nav_cache_sequence.get() != sequence || asset.holdings_raw.get() == 0
    {
        return Ok(false);
    }
    if !address_is(mint, &asset.mint) {
        return Err(VaultError::WrongMint.into());
    }
    Ok(verified_bits_hold(asset, mint, pricing.now))
}

/// Every held asset priced with every guard: the assets' value (cash excluded) rounded up
/// and down. Records each held asset's verified multiplier bits and extension offset.
fn price_assets(
    vault: &mut VaultState,
    pairs: &[AccountView],
    pricing: &Pricing,
) -> Result<(u64, u64), ProgramError> {
    let mut up = NavSum::new(0);
    let mut down = NavSum::new(0);
    for (index, (asset, pair)) in vault
        .assets_mut()
        .iter_mut()
        .zip(pairs.chunks_exact(2))
        .enumerate()
    {
        // `check_pairs` compared every mint of this account list in this call.
        let mint = &pair[0];
        let raw = asset.holdings_raw.get();
        if raw == 0 {
            continue;
        }
        // SPL Token mints have the unit multiplier (nothing recorded, nothing cached).
        let num = if asset.token_program == TokenProgramKind::SplToken as u8 {
            MULTIPLIER_SCALE
        } else if let Some(num) = verified_num_in_force(asset, mint, pricing.now) {
            num
        } else {
            // SAFETY: the mint is only read; no mutable borrow of it exists here.
            let data = unsafe { mint.borrow_unchecked() };
            let m = mint_multiplier(data, asset.token_program()?, pricing.now)?;
            asset.record_verified(m.bits, m.offset, m.num);
            m.num
        };
        let entry = check_asset(asset, index, pricing.snapshot, num)?;
        // Both units in the memory (every asset but one worth over ~1.8e11 USD a token):
        // one shared product (`NavSum::add_units_both_ways`).
        if let (Some(up_unit), Some(down_unit)) = (
            price_memo::pricing_unit(asset, Rounding::Up),
            price_memo::pricing_unit(asset, Rounding::Down),
        ) {
            up.add_units_both_ways(&mut down, raw, (up_unit, down_unit), asset.decimals)?;
            continue;
        }
        for (sum, rounding) in [(&mut up, Rounding::Up), (&mut down, Rounding::Down)] {
            match price_memo::pricing_unit(asset, rounding) {
                Some(unit) => sum.add_units(raw, unit, asset.decimals)?,
                // A unit too large for the memory: the two-step formula, rounded the same way.
                None => sum.add_value(asset_value_usd(
                    raw,
                    entry.multiplier_num.get(),
                    entry.price_usd_1e8.get(),
                    asset.decimals,
                    rounding,
                )?)?,
            }
        }
    }
    Ok((up.total(Rounding::Up)?, down.total(Rounding::Down)?))
}
