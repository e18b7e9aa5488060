//! Oracle front-running defence: NAV-sensitive instructions price every held asset at the
//! less favourable of its values in the last two snapshots the vault priced with, for the
//! caller (the higher one for deposits, the lower one for stablecoin withdrawals and the
//! performance fee).
//!
//! Why: a trader who sees a price move before the keeper's next push could deposit at the
//! stale snapshot and withdraw at the fresh one (or withdraw before a fall and re-deposit
//! after it), taking the move from the holders. With the envelope, a round trip across one
//! push is priced at the same side of the move at both ends, so it returns at most its
//! deposit less the withdrawal fee.
//!
//! The memory: per asset, the value of one whole raw token (`price_usd_1e8 x
//! multiplier_num / 1e12`, floor plus an inexact bit) at the last snapshot the vault priced
//! with (`seen`) and at the one it priced with before that (`prev`), with the vault-wide
//! `memo_sequence`. A snapshot with a higher sequence rolls `seen` into `prev` when the
//! two were published at most `MEMO_WINDOW_SECS` apart (else `prev` is cleared). Units
//! compare value per raw token, so a split (multiplier x2, price / 2) is not a move. Every
//! asset the snapshot prices rolls, held or not (a rebalance can fill a book between two
//! rolls); a `seen` of 0 (no entry, or a unit above `u64`) makes the caller use the two-step
//! formula at the current snapshot.

use crate::state::{AssetEntry, VaultState};
use basket_common::math::{mul_wide, Rounding};
use oracle::state::{NavEntry, NavSnapshot};

#[cfg(test)]
pub(crate) fn unit_value_for_tests(entry: &NavEntry) -> (u64, bool) {
    unit_value(entry)
}

const PREV_INEXACT: u8 = 1;
const SEEN_INEXACT: u8 = 2;

/// `price x multiplier / 1e12` as (floor, inexact); `(0, false)` if it does not fit.
///
/// `1e12 = 2^12 x 5^12`: the low 12 bits are shifted out, then the 116-bit rest is divided
/// by `5^12 < 2^32` one 32-bit limb at a time, each step a native 64-bit division (the wide
/// division routine costs several times more, and this runs for every asset on a roll).
#[inline(always)]
fn unit_value(entry: &NavEntry) -> (u64, bool) {
    const FIVE_POW_12: u64 = 244_140_625;
    const LOW12: u64 = (1 << 12) - 1;
    let (hi, lo) = mul_wide(entry.price_usd_1e8.get(), entry.multiplier_num.get());
    let shifted_out = lo & LOW12 != 0;
    let (hi, lo) = (hi >> 12, (lo >> 12) | (hi << 52));
    // hi < 2^52; the quotient fits in 64 bits only if hi < 5^12.
    if hi >= FIVE_POW_12 {
        return (0, false);
    }
    let mut rem = hi;
    let mut quotient = 0u64;
    for limb in [lo >> 32, lo & 0xffff_ffff] {
        // rem < 5^12 < 2^32, so (rem << 32) | limb < 2^64.
        let n = (rem << 32) | limb;
        quotient = (quotient << 32) | (n / FIVE_POW_12);
        rem = n % FIVE_POW_12;
    }
    (quotient, shifted_out || rem != 0)
}

/// How long a priced snapshot stays the "previous" one: the longest gap between two
/// pushes while the keeper runs (MAX_STALE_SECS off-hours). A vault that priced nothing for
/// longer forgets it, so a withdrawal after a quiet day is not priced at a days-old low;
/// a round trip spread over more than this carries the market's risk, not the oracle's lag.
pub const MEMO_WINDOW_SECS: i64 = oracle::staleness::MAX_STALE_SECS_OFF_HOURS;

/// Rolls the memory to `snapshot` if it is newer than the last one priced with.
pub fn roll(vault: &mut VaultState, snapshot: &NavSnapshot) {
    let sequence = snapshot.sequence.get();
    if sequence <= vault.memo_sequence.get() {
        return;
    }
    vault.memo_sequence.set(sequence);
    let published = snapshot.publish_unix_time.get();
    let recent = published.saturating_sub(vault.memo_publish_time.get()) <= MEMO_WINDOW_SECS;
    vault.memo_publish_time.set(published);
    for (index, asset) in vault.assets_mut().iter_mut().enumerate() {
        let mut flags = 0;
        if recent {
            asset.prev_unit_1e8 = asset.seen_unit_1e8;
            if asset.unit_inexact & SEEN_INEXACT != 0 {
                flags = PREV_INEXACT;
            }
        } else {
            asset.prev_unit_1e8.set(0);
        }
        // Every priced asset, held or not: a book can grow between two rolls (rebalance).
        let (unit, inexact) = crate::snapshot::entry_for(snapshot, index, &asset.mint)
            .map(unit_value)
            .unwrap_or((0, false));
        if inexact {
            flags |= SEEN_INEXACT;
        }
        asset.seen_unit_1e8.set(unit);
        asset.unit_inexact = flags;
    }
}

/// The value of one whole raw token (1e-8 USD per 10^decimals raw units) to price `asset`
/// with: its current snapshot's unit widened to the previous snapshot's when that is less
/// favourable to the caller, the higher of the two rounded up (deposits) or the lower of the
/// two rounded down (payouts). Called after [`roll`], so `seen` is the current snapshot's.
///
/// `None` when the current unit did not fit a `u64` at the roll (a token worth more than
/// about 1.8e11 USD): the caller prices that asset with the two-step formula instead.
///
/// Rounding: `seen`/`prev` are floors with an inexact bit, so `floor + inexact` is an upper
/// bound of the exact unit and `floor` a lower bound; the caller's single division then
/// rounds the same way, so the value is a bound of the exact value on the vault's side.
#[inline(always)]
pub fn pricing_unit(asset: &AssetEntry, rounding: Rounding) -> Option<u64> {
    let seen = asset.seen_unit_1e8.get();
    if seen == 0 {
        return None;
    }
    let prev = asset.prev_unit_1e8.get();
    match rounding {
        Rounding::Up => {
            let seen_up = seen.checked_add(u64::from(asset.unit_inexact & SEEN_INEXACT != 0))?;
            let prev_up = prev.checked_add(u64::from(asset.unit_inexact & PREV_INEXACT))?;
            // An unset previous unit is 0 and never wins the max.
            Some(seen_up.max(prev_up))
        }
        Rounding::Down if prev != 0 => Some(seen.min(prev)),
        Rounding::Down => Some(seen),
    }
}

#[cfg(test)]
mod tests;
