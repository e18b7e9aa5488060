//! The vault's holdings as they really are. The issuer's permanent delegate can burn or move
//! tokens out of a holding at any time, and its freeze authority can freeze one, without the
//! vault taking part; so every instruction that prices or pays an asset reads the holding's
//! token account and never trusts its own book above it.
//!
//! A holding backs two things: the vault's book (`holdings_raw`, what the shareholders own)
//! and `claims_owed_raw` (what open redemption claims are owed, paid later from the same
//! account). While `balance >= book + owed` nothing is wrong (a surplus is a donation and is
//! ignored, so it cannot inflate the share price). Below that, the shortfall is shared pro
//! rata between the book and the claims: the book drops to `floor(book x balance / (book +
//! owed))` and the claims keep the rest, which `pay_redemption` shares pro rata again
//! ([`claim_payment`]). A `HoldingBelowBook` event tells the keeper (it alerts on it).

use crate::{
    error::VaultError,
    events::{not_paid_reason, HoldingBelowBookEvent},
    state::{mint_flags, AssetEntry, VaultState, CASH_SLOT},
    words::address_is,
};
use basket_common::{
    event::Event as _,
    layout::PodU64,
    math::{mul_div, Rounding},
    token2022::{self, TOKEN_ACCOUNT_LEN},
    CommonError,
};
use pinocchio::{error::ProgramError, AccountView};

/// Offset of the raw amount in a token account (both token programs).
const AMOUNT_OFFSET: usize = 64;
/// Offset of the account state byte: 1 = initialized, 2 = frozen.
const STATE_OFFSET: usize = 108;
const STATE_FROZEN: u8 = 2;

/// A holding's token account as read now.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct HoldingState {
    pub balance: u64,
    /// The issuer froze it (or it was created frozen and not thawed yet): nothing moves in
    /// or out; it is still the vault's and is valued.
    pub frozen: bool,
}

/// Reads a holding's balance and state. The caller checked its address.
#[inline(always)]
pub fn read(holding: &AccountView) -> Result<HoldingState, ProgramError> {
    // SAFETY: read-only view; no mutable borrow of a holding is alive outside token CPIs.
    let data = unsafe { holding.borrow_unchecked() };
    if data.len() < TOKEN_ACCOUNT_LEN {
        return Err(VaultError::WrongHolding.into());
    }
    let mut amount = [0u8; 8];
    amount.copy_from_slice(&data[AMOUNT_OFFSET..AMOUNT_OFFSET + 8]);
    Ok(HoldingState {
        balance: u64::from_le_bytes(amount),
        frozen: data[STATE_OFFSET] == STATE_FROZEN,
    })
}

/// Whether a token account the vault pays is frozen. A new account of a mint whose accounts
/// start frozen stays so until the issuer thaws it; the transfer would fail the whole
/// instruction with the token program's generic error, so the caller refuses first with a
/// named one. A short account is not judged here (the token program refuses it).
#[inline(always)]
pub fn destination_frozen(destination: &AccountView) -> bool {
    // SAFETY: read-only view; the token program writes it only in the CPI after this check.
    let data = unsafe { destination.borrow_unchecked() };
    data.get(STATE_OFFSET) == Some(&STATE_FROZEN)
}

/// Why a slice of this asset cannot move now, if it cannot: the issuer froze the holding
/// (or it was created frozen and not thawed yet), or paused the mint. Such a slice is skipped
/// (`not_paid_reason`), never allowed to fail the whole instruction.
#[inline(always)]
pub fn blocked(held: HoldingState, asset: &AssetEntry, mint: &AccountView) -> Option<u8> {
    if held.frozen {
        return Some(not_paid_reason::HOLDING_FROZEN);
    }
    if asset.mint_flags & mint_flags::PAUSABLE != 0 {
        // init_vault validated the asset mint's extension area. Another account here can
        // only say "paused" and skip the caller's own slice (the guards check the address).
        // SAFETY: read-only view of a mint no one borrows mutably here.
        if token2022::validated_mint_paused(unsafe { mint.borrow_unchecked() }) {
            return Some(not_paid_reason::MINT_PAUSED);
        }
    }
    None
}

/// What the holding must hold for nothing to be missing: the book plus what claims are owed.
#[inline(always)]
fn backing(asset: &AssetEntry) -> Result<u64, CommonError> {
    asset
        .holdings_raw
        .get()
        .checked_add(asset.claims_owed_raw.get())
        .ok_or(CommonError::MathOverflow)
}

/// One 8-byte little-endian load (the target allows unaligned loads; `from_le_bytes` on a
/// byte array may lower to eight byte loads on the BPF backend).
#[inline(always)]
pub(crate) fn load_u64(bytes: &[u8; 8]) -> u64 {
    // SAFETY: eight readable bytes; unaligned reads are allowed on the target and host.
    u64::from_le(unsafe { core::ptr::read_unaligned(bytes.as_ptr() as *const u64) })
}

/// A holding's amount, read without a length check (the cached NAV path's per-asset read,
/// where the check was 2 of ~60 instructions per asset).
///
/// # Safety
/// `holding` is an asset's recorded holding (its address compared with the vault's record):
/// a token account `init_vault` created, at least 165 bytes, that only its owner (the vault
/// PDA, which never closes it) could close; token accounts never shrink. So its data holds
/// the amount's 8 bytes at offset 64. (`reconcile` and `read` keep their length checks.)
#[inline(always)]
pub(crate) unsafe fn balance_unchecked(holding: &AccountView) -> u64 {
    // SAFETY: the caller checked the length; read-only view, unaligned loads allowed.
    unsafe {
        let data = holding.borrow_unchecked();
        u64::from_le(core::ptr::read_unaligned(
            data.as_ptr().add(AMOUNT_OFFSET) as *const u64
        ))
    }
}

/// Reconciles asset `index`'s book with its holding (checked to be the recorded PDA): if the
/// balance is below book + claims, the book takes its pro-rata part of the shortfall, the NAV
/// cache is dropped and `HoldingBelowBook` is emitted. Returns the holding as read.
/// A real call (several instructions use it; inlining each copy costs binary size).
#[inline(never)]
pub fn reconcile(
    vault: &mut VaultState,
    index: usize,
    holding: &AccountView,
) -> Result<HoldingState, ProgramError> {
    let asset = vault
        .assets()
        .get(index)
        .ok_or(VaultError::InvalidAssetCount)?;
    if !address_is(holding, &asset.holding) {
        return Err(VaultError::WrongHolding.into());
    }
    let state = read(holding)?;
    let book = asset.holdings_raw.get();
    let owed = asset.claims_owed_raw.get();
    let backing = backing(asset)?;
    if state.balance >= backing {
        return Ok(state);
    }
    let book_after = book_after_shortfall(book, owed, state.balance)?;
    let mint = asset.mint;
    vault.assets[index].holdings_raw.set(book_after);
    vault.invalidate_nav_cache();
    let seq = vault.next_event_sequence();
    HoldingBelowBookEvent {
        sku_id: vault.sku_id,
        asset_index: u8::try_from(index).unwrap_or(u8::MAX),
        mint,
        book_before: PodU64::new(book),
        claims_owed: PodU64::new(owed),
        balance: PodU64::new(state.balance),
        book_after: PodU64::new(book_after),
        event_sequence: PodU64::new(seq),
    }
    .emit();
    Ok(state)
}

/// Reconciles every asset's book with its holding (`holdings`, one per asset in the vault's
/// order, at least `asset_count`). The common case, a holding covering book + claims, costs
/// one address compare and one load (as on the cached NAV path); only a short holding takes
/// the full [`reconcile`]. An asset with nothing booked or owed has nothing to reconcile.
pub fn reconcile_each(
    vault: &mut VaultState,
    holdings: &[AccountView],
) -> Result<(), ProgramError> {
    let n = usize::from(vault.asset_count);
    if holdings.len() < n {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    for (i, holding) in holdings.iter().take(n).enumerate() {
        let asset = vault.assets.get(i).ok_or(VaultError::InvalidAssetCount)?;
        let book = load_u64(&asset.holdings_raw.0);
        let owed = load_u64(&asset.claims_owed_raw.0);
        if book | owed == 0 {
            continue;
        }
        if !address_is(holding, &asset.holding) {
            return Err(VaultError::WrongHolding.into());
        }
        // SAFETY: the account is the asset's recorded holding (compared above), a token
        // account of at least 165 bytes (see `balance_unchecked`); read-only view.
        let balance = unsafe { balance_unchecked(holding) };
        if balance < book || balance.wrapping_sub(book) < owed {
            core::hint::cold_path();
            reconcile(vault, i, holding)?;
        }
    }
    Ok(())
}

/// A rebalance side (`slot`, [`CASH_SLOT`] for the buffer) before the leg moves anything:
/// the asset's book reconciled with its holding, and a frozen holding refused
/// (`HoldingFrozen`): a frozen holding is valued but never traded.
pub fn prepare_leg_side(
    vault: &mut VaultState,
    slot: u8,
    holding: &AccountView,
) -> Result<(), ProgramError> {
    if slot == CASH_SLOT {
        return Ok(());
    }
    if reconcile(vault, usize::from(slot), holding)?.frozen {
        return Err(VaultError::HoldingFrozen.into());
    }
    Ok(())
}

/// The book's pro-rata part of a short balance: `floor(book x balance / (book + owed))`
/// (`balance < book + owed`). Rounded down: the unit lost to rounding stays with the claims,
/// which are paid from what is left after the book.
pub fn book_after_shortfall(book: u64, owed: u64, balance: u64) -> Result<u64, CommonError> {
    if owed == 0 {
        return Ok(balance.min(book));
    }
    let total = book.checked_add(owed).ok_or(CommonError::MathOverflow)?;
    mul_div(book, balance, total, Rounding::Down).ok_or(CommonError::MathOverflow)
}

/// What a redemption slot of `amount` raw units is paid from a holding of `balance` that backs
/// `book` (already reconciled) and `owed` in claims: the whole amount when the claims are
/// covered, else its pro-rata part of what is left after the book, rounded down.
pub fn claim_payment(amount: u64, book: u64, owed: u64, balance: u64) -> Result<u64, CommonError> {
    let for_claims = balance.saturating_sub(book);
    if for_claims >= owed {
        return Ok(amount);
    }
    mul_div(amount, for_claims, owed, Rounding::Down).ok_or(CommonError::MathOverflow)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shortfall_without_claims_drops_the_book_to_the_balance() {
        assert_eq!(book_after_shortfall(1_000, 0, 400), Ok(400));
        assert_eq!(book_after_shortfall(1_000, 0, 0), Ok(0));
    }

    #[test]
    fn a_shortfall_with_claims_is_shared_pro_rata_and_the_book_rounds_down() {
        // Book 600, claims 400, balance 500: the book keeps 300, the claims 200.
        assert_eq!(book_after_shortfall(600, 400, 500), Ok(300));
        // 7 x 10 / 10: exact; 7 x 9 / 10 = 6.3 -> 6 (the claims get 3 for 3 owed... at most)
        assert_eq!(book_after_shortfall(7, 3, 9), Ok(6));
        for (book, owed, balance) in [(7u64, 3u64, 9u64), (600, 400, 500), (1, 1, 1), (5, 0, 2)] {
            let after = book_after_shortfall(book, owed, balance).unwrap();
            assert!(after <= book && after <= balance);
            // Never more than the book's exact share.
            assert!(
                u128::from(after) * u128::from(book + owed)
                    <= u128::from(book) * u128::from(balance)
            );
        }
    }

    #[test]
    fn claims_are_paid_in_full_when_covered_and_pro_rata_when_not() {
        assert_eq!(claim_payment(100, 500, 300, 900), Ok(100));
        assert_eq!(claim_payment(100, 500, 300, 800), Ok(100));
        // 200 left for 400 owed: half of each slot, rounded down.
        assert_eq!(claim_payment(101, 300, 400, 500), Ok(50));
        assert_eq!(claim_payment(100, 300, 400, 200), Ok(0));
        // Paying claims in turn at the same ratio never pays more than is there.
        let (book, mut owed, mut balance) = (300u64, 400u64, 500u64);
        for amount in [101u64, 99, 150, 50] {
            let paid = claim_payment(amount, book, owed, balance).unwrap();
            balance -= paid;
            owed -= amount;
            assert!(balance >= book);
        }
        assert_eq!(owed, 0);
    }
}
