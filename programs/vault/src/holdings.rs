//! The vault's holdings as they really are. The issuer's permanent delegate can burn or move
//! tokens out of a holding at any time, and its freeze authority can freeze one, without the
//! vault taking part; so every instruction that prices or pays an asset reads the holding's
//! token account and never trusts its own book above it.
//!
//! A holding backs two things: the vault's book (`holdings_raw`, what the shareholders own)
//! and what backs the open redemption claims (`claims_owed_raw` less
//! `claims_unbacked_raw`, paid later from the same account). While `balance >= book +
//! backed` nothing is wrong (a surplus is a donation and is ignored, so it cannot inflate
//! the share price). Below that, the shortfall is shared pro rata between the book and the
//! claims, once: the book drops to `floor(book x balance / (book + backed))`, the claims keep
//! the rest, and what they lost is recorded as unbacked, so the holding covers `book +
//! backed` again and no later reconcile cuts anything until the next seizure.
//! Each split also scales the asset's claims haircut index (`claims_haircut`, 1e-18 per unit
//! owed) by what the claims kept; a claim records the index when it is made, and
//! `pay_redemption` pays it `amount x (1 - haircut now) / (1 - haircut at opening)`
//! ([`claim_payment`]): the seizures since it was made, never an older claim's loss.
//! A `HoldingBelowBook` event tells the keeper (it alerts on it).

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
        // init_vault validated the asset mint's extension area; callers check `mint` is the
        // asset's mint first, so only that mint's pause flag is read here.
        // SAFETY: read-only view of a mint no one borrows mutably here.
        if token2022::validated_mint_paused(unsafe { mint.borrow_unchecked() }) {
            return Some(not_paid_reason::MINT_PAUSED);
        }
    }
    None
}

/// What of the claims owed on asset `index` its holding still backs: owed less what a shared
/// seizure left unbacked.
#[inline(always)]
pub fn claims_backed(vault: &VaultState, index: usize) -> u64 {
    let owed = vault
        .assets
        .get(index)
        .map_or(0, |a| load_u64(&a.claims_owed_raw.0));
    let unbacked = vault
        .claims_unbacked_raw
        .get(index)
        .map_or(0, |u| load_u64(&u.0));
    owed.saturating_sub(unbacked)
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
    let backed = claims_backed(vault, index);
    let backing = book.checked_add(backed).ok_or(CommonError::MathOverflow)?;
    if state.balance >= backing {
        return Ok(state);
    }
    let book_after = book_after_shortfall(book, backed, state.balance)?;
    let mint = asset.mint;
    vault.assets[index].holdings_raw.set(book_after);
    // The claims keep the rest of the balance; what they lost is recorded, so the holding
    // covers book + backed again and the next reconcile cuts nothing (one split a seizure).
    let backed_after = state.balance.saturating_sub(book_after).min(backed);
    vault.claims_unbacked_raw[index].set(owed.saturating_sub(backed_after));
    take_haircut(vault, index, backed, backed_after)?;
    vault.invalidate_nav_cache();
    let seq = vault.next_event_sequence();
    HoldingBelowBookEvent {
        sku_id: vault.sku_id,
        asset_index: u8::try_from(index).unwrap_or(u8::MAX),
        mint,
        book_before: PodU64::new(book),
        claims_owed: PodU64::new(backed),
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
        // Below book + owed: `reconcile` compares with book + backed (a seizure already
        // split leaves the holding at exactly that) and cuts only a new shortfall.
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

/// The book's pro-rata part of a short balance: `ceil(book x balance / (book + owed))`
/// (`balance < book + owed`), at most the balance. Rounded up: rounding favours the vault
/// (the holders who stay), so the unit lost to rounding is the claims', which are paid from
/// what is left after the book.
pub fn book_after_shortfall(book: u64, owed: u64, balance: u64) -> Result<u64, CommonError> {
    if owed == 0 {
        return Ok(balance.min(book));
    }
    let total = book.checked_add(owed).ok_or(CommonError::MathOverflow)?;
    let share = mul_div(book, balance, total, Rounding::Up).ok_or(CommonError::MathOverflow)?;
    Ok(share.min(balance))
}

/// Scale of the claims' haircut index: `claims_haircut` and `haircut_at_open` count 1e-18 of
/// a raw unit owed, so a unit owed is worth `(INDEX_SCALE - haircut) / INDEX_SCALE` units.
pub const INDEX_SCALE: u64 = 1_000_000_000_000_000_000;

/// After a seizure took what backs asset `index`'s claims from `backed` to `backed_after`:
/// every open claim keeps the same fraction of its value, so the index's survival
/// (`INDEX_SCALE - haircut`) is scaled by `backed_after / backed`, rounded down (a claim is
/// never worth more than its share). A survival that falls to 0 leaves the open claims
/// nothing: they are wiped (the epoch moves on, so only claims opened before it are worth
/// nothing), the slot's owed is all unbacked and the index restarts for later claims.
fn take_haircut(
    vault: &mut VaultState,
    index: usize,
    backed: u64,
    backed_after: u64,
) -> Result<(), ProgramError> {
    if backed == 0 || backed_after >= backed {
        return Ok(());
    }
    let survival = INDEX_SCALE.saturating_sub(vault.claims_haircut[index].get());
    let after =
        mul_div(survival, backed_after, backed, Rounding::Down).ok_or(CommonError::MathOverflow)?;
    if after == 0 {
        let epoch = vault
            .claims_epoch
            .get()
            .checked_add(1)
            .ok_or(CommonError::MathOverflow)?;
        vault.claims_epoch.set(epoch);
        vault.claims_wiped_epoch[index].set(epoch);
        vault.claims_haircut[index].set(0);
        let owed = vault.assets[index].claims_owed_raw.get();
        vault.claims_unbacked_raw[index].set(owed);
        return Ok(());
    }
    vault.claims_haircut[index].set(INDEX_SCALE.saturating_sub(after));
    Ok(())
}

/// One claim slot's standing against its asset's haircut index: the index when the claim was
/// made and now, and whether a seizure since wiped the claims of its epoch.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct ClaimIndex {
    pub haircut_at_open: u64,
    pub haircut_now: u64,
    pub wiped: bool,
}

impl ClaimIndex {
    /// Slot `slot` of a claim made at `epoch` with `haircut_at_open`, against the vault now.
    #[inline(always)]
    pub fn of(vault: &VaultState, slot: usize, epoch: u32, haircut_at_open: u64) -> Self {
        Self {
            haircut_at_open,
            haircut_now: vault.claims_haircut[slot].get(),
            wiped: epoch < vault.claims_wiped_epoch[slot].get(),
        }
    }
}

/// What a redemption slot of `amount` raw units is paid when the open claims on its asset are
/// owed `owed` in all and the holding backs `backed` of it (after the reconcile): its own
/// share, `floor(amount x (1 - haircut now) / (1 - haircut at opening))` (the seizures since
/// it was made, no other), nothing if a seizure since wiped its epoch's claims, never more
/// than is backed; the last claim on the asset gets all that is backed (so no rounding unit
/// is stranded).
pub fn claim_payment(
    amount: u64,
    owed: u64,
    backed: u64,
    index: ClaimIndex,
) -> Result<u64, CommonError> {
    if index.wiped {
        return Ok(0);
    }
    if amount >= owed {
        return Ok(backed);
    }
    if index.haircut_now == index.haircut_at_open {
        return Ok(amount.min(backed));
    }
    let now = INDEX_SCALE.saturating_sub(index.haircut_now);
    let open = INDEX_SCALE.saturating_sub(index.haircut_at_open);
    let share = mul_div(amount, now, open, Rounding::Down).ok_or(CommonError::MathOverflow)?;
    Ok(share.min(amount).min(backed))
}

/// After paying `pay` for a slot of `amount`: what the claims still open are owed and what
/// of that is unbacked (the part of this slot not paid leaves the unbacked total with it).
pub fn after_claim_paid(owed: u64, unbacked: u64, amount: u64, pay: u64) -> (u64, u64) {
    let owed_after = owed.saturating_sub(amount);
    let unbacked_after = unbacked.saturating_sub(amount.saturating_sub(pay));
    (owed_after, unbacked_after.min(owed_after))
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
    fn a_shortfall_with_claims_is_shared_pro_rata_and_the_book_rounds_up() {
        // Book 600, claims 400, balance 500: the book keeps 300, the claims 200 (exact).
        assert_eq!(book_after_shortfall(600, 400, 500), Ok(300));
        // 600 x 501 / 1000 = 300.6 -> 301: the vault keeps the unit, the claims get 200.
        assert_eq!(book_after_shortfall(600, 400, 501), Ok(301));
        // 7 x 9 / 10 = 6.3 -> 7 (the claims get 2 for 3 owed)
        assert_eq!(book_after_shortfall(7, 3, 9), Ok(7));
        for (book, owed, balance) in [
            (7u64, 3u64, 9u64),
            (600, 400, 500),
            (600, 400, 501),
            (1, 1, 1),
            (1, 1, 0),
            (5, 0, 2),
            (u64::MAX - 1, 1, u64::MAX - 1),
        ] {
            let after = book_after_shortfall(book, owed, balance).unwrap();
            assert!(after <= book && after <= balance);
            let exact = u128::from(book) * u128::from(balance);
            let total = u128::from(book) + u128::from(owed);
            // Never less than the book's exact share, and less than one unit above it.
            assert!(u128::from(after) * total >= exact);
            assert!(u128::from(after) * total < exact + total);
        }
    }

    const WHOLE: ClaimIndex = ClaimIndex {
        haircut_at_open: 0,
        haircut_now: 0,
        wiped: false,
    };

    fn index(open: u64, now: u64) -> ClaimIndex {
        ClaimIndex {
            haircut_at_open: open,
            haircut_now: now,
            wiped: false,
        }
    }

    const HALF: u64 = INDEX_SCALE / 2;

    #[test]
    fn claims_are_paid_in_full_when_covered_and_their_own_share_when_not() {
        assert_eq!(claim_payment(100, 300, 300, WHOLE), Ok(100));
        // Half of each unit was seized since the claim was made: half, rounded down; the
        // last claim gets what is left.
        assert_eq!(claim_payment(101, 400, 200, index(0, HALF)), Ok(50));
        assert_eq!(claim_payment(400, 400, 200, index(0, HALF)), Ok(200));
        // Made after that seizure: whole, though older claims share 200 of 400.
        assert_eq!(claim_payment(100, 500, 300, index(HALF, HALF)), Ok(100));
        // Wiped since it was made: nothing, even as the last claim.
        let wiped = ClaimIndex {
            wiped: true,
            ..WHOLE
        };
        assert_eq!(claim_payment(100, 100, 50, wiped), Ok(0));
        // Paying claims in turn pays exactly what backed them, never more.
        let (mut owed, mut unbacked) = (400u64, 200u64);
        let mut total = 0;
        for amount in [101u64, 99, 150, 50] {
            let pay = claim_payment(amount, owed, owed - unbacked, index(0, HALF)).unwrap();
            assert!(u128::from(pay) * 400 <= u128::from(amount) * 200 + 400);
            total += pay;
            (owed, unbacked) = after_claim_paid(owed, unbacked, amount, pay);
        }
        assert_eq!((owed, unbacked, total), (0, 0, 200));
    }

    #[test]
    fn a_claims_share_rounds_down_and_never_passes_what_is_backed() {
        // A third survives: 10 x 1/3 = 3.33 -> 3 (the unit stays with the vault).
        let third = INDEX_SCALE / 3;
        assert_eq!(
            claim_payment(10, 100, 100, index(0, INDEX_SCALE - third)),
            Ok(3)
        );
        // Survival 2/3 at opening, 1/3 now: half of it, 5 of 10; 11 gives 5.5 -> 5.
        let later = index(INDEX_SCALE - 2 * third, INDEX_SCALE - third);
        assert_eq!(claim_payment(10, 100, 100, later), Ok(5));
        assert_eq!(claim_payment(11, 100, 100, later), Ok(5));
        // Never more than is backed.
        assert_eq!(claim_payment(10, 100, 2, WHOLE), Ok(2));
    }
    #[test]
    fn the_issues_example_book_600_owed_400_balance_500() {
        // First split: book 300, the claims keep 200 of 400 (200 unbacked); the holding now
        // covers book + backed exactly, so a second reconcile finds nothing short.
        let book = book_after_shortfall(600, 400, 500).unwrap();
        assert_eq!(book, 300);
        let backed = 500 - book;
        assert_eq!(backed, 200);
        assert!(500 >= book + backed);
        assert_eq!(claim_payment(400, 400, backed, index(0, HALF)), Ok(200));
    }
}
