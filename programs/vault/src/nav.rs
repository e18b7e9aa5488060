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

use crate::words::{address_is, key_eq, owned_by};
use crate::{
    error::VaultError,
    holdings, price_memo,
    share_math::{asset_value_usd, MAX_ASSET_DECIMALS},
    state::{AssetEntry, AssetStatus, TokenProgramKind, VaultState},
};
use basket_common::{
    layout::AccountLayout,
    math::{div_wide, mul_wide, Rounding},
    multiplier::{decode_f64_bits, MULTIPLIER_SCALE},
    token2022, CommonError,
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

/// A mint's multiplier in force at some time.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct MintMultiplier {
    /// `floor(multiplier * 1e12)`; 1e12 without ScaledUiAmount.
    pub num: u64,
    /// The f64 bits it was decoded from; 0 without ScaledUiAmount.
    pub bits: u64,
    /// Offset of the ScaledUiAmount value in the mint's data; 0 without one.
    pub offset: u16,
}

/// The unit multiplier of SPL Token mints and Token-2022 mints without ScaledUiAmount.
const UNIT: MintMultiplier = MintMultiplier {
    num: MULTIPLIER_SCALE,
    bits: 0,
    offset: 0,
};

/// The multiplier in force at `now` (floor at 1e12, as the keeper writes it).
///
/// `mint_data` is the configured mint's (its address was compared with the vault's record,
/// and init_vault checked its owner and extension list), so the Token-2022 layout is the
/// program's own: the 83 padding bytes between the base mint and the account-type byte are
/// not re-scanned here (about 400 CU per mint on this target); the TLV walk is bounded.
pub fn mint_multiplier(
    mint_data: &[u8],
    kind: TokenProgramKind,
    now: i64,
) -> Result<MintMultiplier, CommonError> {
    if kind == TokenProgramKind::SplToken || mint_data.len() <= token2022::MINT_BASE_LEN {
        return Ok(UNIT);
    }
    match find_scaled_ui_amount(mint_data)? {
        None => Ok(UNIT),
        Some(offset) => {
            let bits =
                bits_in_force(mint_data, offset, now).ok_or(CommonError::InvalidMintExtensions)?;
            Ok(MintMultiplier {
                num: decode_f64_bits(bits)?.floor,
                bits,
                offset,
            })
        }
    }
}

/// Offset of the account-type byte of a Token-2022 mint with extensions; TLV entries follow.
const ACCOUNT_TYPE_OFFSET: usize = token2022::TOKEN_ACCOUNT_LEN;
const ACCOUNT_TYPE_MINT: u8 = 1;
const SCALED_UI_AMOUNT: u16 = 25;
const SCALED_UI_AMOUNT_LEN: usize = 56;

/// Offset of the ScaledUiAmount extension's value in a Token-2022 mint, if it has one.
fn find_scaled_ui_amount(data: &[u8]) -> Result<Option<u16>, CommonError> {
    if data.get(ACCOUNT_TYPE_OFFSET) != Some(&ACCOUNT_TYPE_MINT) {
        return Err(CommonError::InvalidMintExtensions);
    }
    let mut pos = ACCOUNT_TYPE_OFFSET + 1;
    while let Some(header) = data.get(pos..pos.saturating_add(4)) {
        let ty = u16::from_le_bytes([header[0], header[1]]);
        let len = usize::from(u16::from_le_bytes([header[2], header[3]]));
        let start = pos.saturating_add(4);
        if ty == SCALED_UI_AMOUNT {
            if len != SCALED_UI_AMOUNT_LEN {
                return Err(CommonError::InvalidMintExtensions);
            }
            return u16::try_from(start)
                .map(Some)
                .map_err(|_| CommonError::InvalidMintExtensions);
        }
        if ty == 0 && len == 0 {
            break;
        }
        pos = start.saturating_add(len);
    }
    Ok(None)
}

/// The f64 bits in force at `now` of the ScaledUiAmount value at `offset`: authority (32) |
/// multiplier (8) | effective timestamp (8) | new multiplier (8). `None` if the data is too
/// short or the TLV header before `offset` is not ScaledUiAmount's (the extension moved).
#[inline(always)]
fn bits_in_force(data: &[u8], offset: u16, now: i64) -> Option<u64> {
    let start = usize::from(offset);
    let header = data.get(start.checked_sub(4)?..start)?;
    if header != [25, 0, 56, 0] {
        return None;
    }
    let value: &[u8; SCALED_UI_AMOUNT_LEN] = data
        .get(start..start.checked_add(SCALED_UI_AMOUNT_LEN)?)?
        .try_into()
        .ok()?;
    let word = |bytes: &[u8]| {
        let mut b = [0u8; 8];
        b.copy_from_slice(bytes);
        b
    };
    let effective = i64::from_le_bytes(word(&value[40..48]));
    Some(u64::from_le_bytes(if now >= effective {
        word(&value[48..56])
    } else {
        word(&value[32..40])
    }))
}

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
    let (covered, bits_hold) = check_pairs(vault, pairs, pricing.now, sequence)?;
    if !covered {
        for (index, pair) in pairs.chunks_exact(2).take(n).enumerate() {
            holdings::reconcile(vault, index, &pair[1])?;
        }
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
#[inline(always)]
fn check_pairs(
    vault: &VaultState,
    pairs: &[AccountView],
    now: i64,
    sequence: u64,
) -> Result<(bool, bool), ProgramError> {
    let cache_live = sequence != 0 && vault.nav_cache_sequence.get() == sequence;
    let mut covered = true;
    let mut bits_hold = cache_live;
    for (asset, pair) in vault.assets().iter().zip(pairs.chunks_exact(2)) {
        let mint = &pair[0];
        if !address_is(mint, &asset.mint) {
            return Err(VaultError::WrongMint.into());
        }
        covered &= holdings::covers(asset, &pair[1])?;
        if bits_hold && asset.holdings_raw.get() != 0 && !verified_bits_hold(asset, mint, now) {
            bits_hold = false;
        }
    }
    Ok((covered, bits_hold))
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
        let mint = &pair[0];
        let raw = asset.holdings_raw.get();
        if raw == 0 {
            if !address_is(mint, &asset.mint) {
                return Err(VaultError::WrongMint.into());
            }
            continue;
        }
        let (entry, multiplier) = guard_held_asset(asset, index, mint, pricing)?;
        asset.verified_bits.set(multiplier.bits);
        asset.ext_offset.set(multiplier.offset);
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

/// `10^(decimals + 2)` for every supported decimals: the divisor turning `raw x unit` (1e-8
/// USD per whole token, times raw units) into 1e-6 USD.
const UNIT_DIVISORS: [u64; MAX_ASSET_DECIMALS as usize + 1] = [
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
    10_000_000_000,
    100_000_000_000,
    1_000_000_000_000,
    10_000_000_000_000,
    100_000_000_000_000,
];

/// A NAV being summed: exact 128-bit sums of `raw x unit` per asset decimals, plus values
/// already in 1e-6 USD. Dividing each group once (instead of every asset) makes the total
/// closer to the exact value and costs one wide division per distinct decimals.
pub struct NavSum {
    /// `(high, low)` words of the sum for assets with `decimals = index`.
    groups: [(u64, u64); MAX_ASSET_DECIMALS as usize + 1],
    usd: u64,
}

impl NavSum {
    #[inline(always)]
    pub fn new(usd: u64) -> Self {
        Self {
            groups: [(0, 0); MAX_ASSET_DECIMALS as usize + 1],
            usd,
        }
    }

    /// Adds `raw x unit` to the group of `decimals`.
    #[inline(always)]
    pub fn add_units(&mut self, raw: u64, unit: u64, decimals: u8) -> Result<(), CommonError> {
        let (hi, lo) = mul_wide(raw, unit);
        let group = self
            .groups
            .get_mut(usize::from(decimals))
            .ok_or(CommonError::MathOverflow)?;
        let (lo, carry) = group.1.overflowing_add(lo);
        group.1 = lo;
        group.0 = group
            .0
            .checked_add(hi)
            .and_then(|h| h.checked_add(u64::from(carry)))
            .ok_or(CommonError::MathOverflow)?;
        Ok(())
    }

    /// Adds a value already in 1e-6 USD.
    #[inline(always)]
    pub fn add_value(&mut self, usd: u64) -> Result<(), CommonError> {
        self.usd = self.usd.checked_add(usd).ok_or(CommonError::MathOverflow)?;
        Ok(())
    }

    /// The total in 1e-6 USD, each group's division rounded in `rounding`'s direction.
    pub fn total(&self, rounding: Rounding) -> Result<u64, CommonError> {
        let mut total = self.usd;
        for (&(hi, lo), &divisor) in self.groups.iter().zip(UNIT_DIVISORS.iter()) {
            if hi | lo == 0 {
                continue;
            }
            let (q, r) = div_wide(hi, lo, divisor).ok_or(CommonError::MathOverflow)?;
            let q = match rounding {
                Rounding::Up if r != 0 => q.checked_add(1).ok_or(CommonError::MathOverflow)?,
                _ => q,
            };
            total = total.checked_add(q).ok_or(CommonError::MathOverflow)?;
        }
        Ok(total)
    }
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
            prev_unit_1e8: PodU64::new(0),
            seen_unit_1e8: PodU64::new(0),
            unit_inexact: 0,
            reserved: [0; 1],
            verified_bits: Default::default(),
            ext_offset: Default::default(),
            reserved2: [0; 6],
            holding: [0; 32],
            permanent_delegate: [0; 32],
            claims_owed_raw: Default::default(),
            delegate_offset: Default::default(),
            mint_flags: 0,
            reserved3: [0; 5],
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
        assert!(check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M).is_ok());
    }

    #[test]
    fn each_guard_has_its_own_error() {
        let data = snapshot_with(entry([7; 32], 100, M, 0));
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Frozen), 0, snap, M).err(),
            Some(VaultError::AssetNotActive)
        );
        assert_eq!(
            check_asset(&asset([8; 32], AssetStatus::Active), 0, snap, M).err(),
            Some(VaultError::AssetNotPriced)
        );
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M + 1).err(),
            Some(VaultError::MultiplierMismatch)
        );
        let mut bad = asset([7; 32], AssetStatus::Active);
        bad.status = 0;
        assert_eq!(
            check_asset(&bad, 0, snap, M).err(),
            Some(VaultError::CorruptState)
        );
        for flag in [
            entry_flags::CORPORATE_ACTION_FREEZE,
            entry_flags::TRADING_HALTED,
        ] {
            let data = snapshot_with(entry([7; 32], 100, M, flag));
            let snap = NavSnapshot::load(&data).unwrap();
            assert_eq!(
                check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M).err(),
                Some(VaultError::AssetFrozen)
            );
        }
        let data = snapshot_with(entry([7; 32], 0, M, 0));
        let snap = NavSnapshot::load(&data).unwrap();
        assert_eq!(
            check_asset(&asset([7; 32], AssetStatus::Active), 0, snap, M).err(),
            Some(VaultError::AssetNotPriced)
        );
    }

    #[test]
    fn a_nav_sum_divides_each_decimals_group_once_in_the_vaults_favour() {
        // Deterministic xorshift inputs over mixed decimals, against a u128 reference that
        // keeps the exact fraction: up >= exact >= down, each within one unit per group.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2_000 {
            let cash = next() % 1_000_000_000_000;
            let mut up = NavSum::new(cash);
            let mut down = NavSum::new(cash);
            let mut groups = [0u128; MAX_ASSET_DECIMALS as usize + 1];
            for _ in 0..(next() % 20 + 1) {
                let raw = next() % 10_000_000_000;
                let unit = next() % 1_000_000_000;
                let decimals = (next() % 13) as u8;
                up.add_units(raw, unit, decimals).unwrap();
                down.add_units(raw, unit, decimals).unwrap();
                groups[usize::from(decimals)] += u128::from(raw) * u128::from(unit);
            }
            let (mut floor, mut ceil) = (u128::from(cash), u128::from(cash));
            for (d, g) in groups.iter().enumerate() {
                let div = 10u128.pow(d as u32 + 2);
                floor += g / div;
                ceil += g.div_ceil(div);
            }
            assert_eq!(u128::from(up.total(Rounding::Up).unwrap()), ceil);
            assert_eq!(u128::from(down.total(Rounding::Down).unwrap()), floor);
        }
    }

    #[test]
    fn the_unit_divisors_are_ten_to_the_decimals_plus_two() {
        for (d, divisor) in UNIT_DIVISORS.iter().enumerate() {
            assert_eq!(*divisor, 10u64.pow(d as u32 + 2));
        }
    }

    #[test]
    fn a_nav_sum_refuses_unsupported_decimals_and_overflow() {
        let mut sum = NavSum::new(0);
        assert_eq!(
            sum.add_units(1, 1, MAX_ASSET_DECIMALS + 1),
            Err(CommonError::MathOverflow)
        );
        sum.add_units(u64::MAX, u64::MAX, 0).unwrap();
        assert_eq!(sum.total(Rounding::Down), Err(CommonError::MathOverflow));
        assert_eq!(
            sum.add_units(u64::MAX, u64::MAX, 0),
            Err(CommonError::MathOverflow)
        );
        let mut cash = NavSum::new(u64::MAX);
        assert_eq!(cash.add_value(1), Err(CommonError::MathOverflow));
    }

    /// A Token-2022 mint: base, padding, account type, then `extensions` as (type, value).
    fn t22_mint(extensions: &[(u16, std::vec::Vec<u8>)]) -> std::vec::Vec<u8> {
        let mut data = vec![0u8; ACCOUNT_TYPE_OFFSET];
        data[45] = 1;
        data.push(ACCOUNT_TYPE_MINT);
        for (ty, value) in extensions {
            data.extend_from_slice(&ty.to_le_bytes());
            data.extend_from_slice(&(value.len() as u16).to_le_bytes());
            data.extend_from_slice(value);
        }
        data
    }

    fn scaled(current: f64, effective: i64, new: f64) -> std::vec::Vec<u8> {
        let mut v = vec![9u8; 32];
        v.extend_from_slice(&current.to_bits().to_le_bytes());
        v.extend_from_slice(&effective.to_le_bytes());
        v.extend_from_slice(&new.to_bits().to_le_bytes());
        v
    }

    #[test]
    fn the_multiplier_in_force_switches_at_its_effective_time_and_is_found_after_other_extensions()
    {
        let data = t22_mint(&[(18, vec![1u8; 64]), (25, scaled(1.25, 1_000, 2.5))]);
        let before = mint_multiplier(&data, TokenProgramKind::Token2022, 999).unwrap();
        assert_eq!(before.num, 1_250_000_000_000);
        assert_eq!(before.bits, 1.25f64.to_bits());
        let offset = usize::from(before.offset);
        assert_eq!(&data[offset - 4..offset], &[25, 0, 56, 0]);
        let after = mint_multiplier(&data, TokenProgramKind::Token2022, 1_000).unwrap();
        assert_eq!(
            (after.num, after.bits),
            (2_500_000_000_000, 2.5f64.to_bits())
        );
        assert_eq!(
            bits_in_force(&data, before.offset, 999),
            Some(1.25f64.to_bits())
        );
        assert_eq!(
            bits_in_force(&data, before.offset, 1_000),
            Some(2.5f64.to_bits())
        );
    }

    #[test]
    fn a_moved_or_malformed_extension_never_reads_as_the_cached_multiplier() {
        let data = t22_mint(&[(25, scaled(1.25, 0, 1.25))]);
        let found = mint_multiplier(&data, TokenProgramKind::Token2022, 0).unwrap();
        // Another extension in front: the old offset now points into it.
        let moved = t22_mint(&[(18, vec![0u8; 8]), (25, scaled(1.25, 0, 1.25))]);
        assert_eq!(bits_in_force(&moved, found.offset, 0), None);
        assert_eq!(
            bits_in_force(&data[..data.len() - 1], found.offset, 0),
            None
        );
        assert_eq!(bits_in_force(&data, 2, 0), None);
        // A ScaledUiAmount entry of the wrong length is refused, not read.
        let short = t22_mint(&[(25, vec![0u8; 48])]);
        assert_eq!(
            mint_multiplier(&short, TokenProgramKind::Token2022, 0),
            Err(CommonError::InvalidMintExtensions)
        );
    }

    #[test]
    fn spl_token_mints_have_the_unit_multiplier() {
        assert_eq!(
            mint_multiplier(&[0u8; 82], TokenProgramKind::SplToken, 0),
            Ok(UNIT)
        );
        let mut plain = vec![0u8; 82];
        plain[45] = 1;
        assert_eq!(
            mint_multiplier(&plain, TokenProgramKind::Token2022, 0),
            Ok(UNIT)
        );
    }
}
