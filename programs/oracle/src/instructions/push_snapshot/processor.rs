use super::{introspect::signed_message, PushSnapshotAccounts};
use crate::events::SnapshotPushedEvent;
use crate::{
    bytes::eq,
    deviation::exceeds_cap,
    error::OracleError,
    instructions::reference::{is_next, load_reference},
    payload::{Payload, PayloadEntry},
    state::{entry_flags, NavSnapshot, OracleConfig, DEVIATION_WINDOW_SLOTS},
};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, CommonError};
use pinocchio::{
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

/// How far behind the current slot an entry's `updated_slot` may be: about 60 s of
/// 400 ms slots. A signed payload that was held back cannot be published as fresh later.
pub const MAX_ENTRY_AGE_SLOTS: u64 = 150;

/// How far above the last sequence a push may go. Next-only would make two keepers'
/// concurrent pushes, or a push lost in flight, a hard stop for the keeper counting on it;
/// a small window keeps the sequence a plain counter that no signed payload can drive to
/// `u64::MAX` (it would take 2^60 pushes).
pub const MAX_SEQUENCE_STEP: u64 = 16;

#[inline(always)]
fn check_entry(e: &PayloadEntry, slot: u64) -> Result<(), OracleError> {
    if e.price_usd_1e8 == 0 {
        return Err(OracleError::ZeroPrice);
    }
    if e.multiplier_num == 0 {
        return Err(OracleError::ZeroMultiplier);
    }
    if e.flags & !entry_flags::ALL != 0 {
        return Err(OracleError::UndefinedFlags);
    }
    match slot.checked_sub(e.updated_slot) {
        Some(age) if age <= MAX_ENTRY_AGE_SLOTS => Ok(()),
        _ => Err(OracleError::EntrySlotOutOfRange),
    }
}

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let accounts = PushSnapshotAccounts::try_from(accounts)?;
    // SAFETY: the config and the sysvar are only read; the snapshot is the only account
    // written, and the three are distinct accounts (different owners or types).
    let config = OracleConfig::load(unsafe { accounts.config.borrow_unchecked() })?;
    let mut snapshot_account = *accounts.snapshot;
    // SAFETY: see above; no other borrow of the snapshot data is alive.
    let snapshot = NavSnapshot::load_mut(unsafe { snapshot_account.borrow_unchecked_mut() })?;
    // SAFETY: the address was checked to be the instructions sysvar.
    let signed = signed_message(unsafe { accounts.instructions.borrow_unchecked() })?;

    if !config.is_keeper(signed.signer) {
        return Err(OracleError::UnauthorizedKeeper.into());
    }
    let payload = Payload::parse(signed.message, crate::ID.as_array())?;
    if !eq(payload.sku_id(), &snapshot.sku_id) {
        return Err(OracleError::WrongSku.into());
    }
    if !eq(payload.snapshot(), accounts.snapshot.address().as_array()) {
        return Err(OracleError::InvalidPayload.into());
    }
    let count = payload.entry_count();
    if count != snapshot.entry_count as usize {
        return Err(OracleError::EntryCountMismatch.into());
    }
    let sequence = payload.sequence();
    let previous_sequence = snapshot.sequence.get();
    if sequence <= previous_sequence {
        return Err(OracleError::SequenceNotIncreasing.into());
    }
    if !is_next(previous_sequence, sequence) {
        return Err(OracleError::SequenceTooFarAhead.into());
    }
    let mut reference_account = *accounts.reference;
    let reference = load_reference(&mut reference_account, &snapshot.sku_id)?;

    let clock = Clock::get()?;
    snapshot.sequence.set(sequence);
    snapshot.publish_slot.set(clock.slot);
    snapshot.publish_unix_time.set(clock.unix_timestamp);
    snapshot.pushed_by = *signed.signer;
    // An approval names the one push it lets past the cap; any other push leaves it as is
    // (an approval for a sequence already passed can never match again).
    let approved = reference.approved_sequence.get() == sequence;
    if approved {
        reference.approved_sequence.set(0);
    }
    // The first push (window start 0) has no reference to cap against.
    let first = reference.window_start_slot.get() == 0;
    // The window ended: the reference moves to the snapshot as it stands before this push,
    // so within a window every push is capped against the same prices however many there
    // are (in one slot, or sig+push pairs in one transaction).
    let window_over = clock.slot
        >= reference
            .window_start_slot
            .get()
            .saturating_add(DEVIATION_WINDOW_SLOTS);
    let capped = !first && !approved;
    if capped && window_over {
        for (r, e) in reference.entries.iter_mut().zip(snapshot.entries()) {
            r.price_usd_1e8 = e.price_usd_1e8;
            r.multiplier_num = e.multiplier_num;
        }
        reference.window_start_slot.set(clock.slot);
    }

    // One pass: check each entry, compare it with its reference, overwrite it. A failure
    // anywhere fails the transaction, and the runtime then discards every write.
    let bps = config.max_deviation_bps.get();
    let mut beyond_cap = false;
    for ((entry, e), r) in snapshot
        .entries
        .iter_mut()
        .zip(payload.entries())
        .zip(reference.entries.iter())
    {
        check_entry(&e, clock.slot)?;
        beyond_cap |= capped
            && exceeds_cap(
                r.price_usd_1e8.get(),
                r.multiplier_num.get(),
                e.price_usd_1e8,
                e.multiplier_num,
                bps,
            );
        entry.price_usd_1e8.set(e.price_usd_1e8);
        entry.multiplier_num.set(e.multiplier_num);
        entry.updated_slot.set(e.updated_slot);
        entry.flags.set(e.flags);
    }
    if beyond_cap {
        config
            .admins
            .check_signed(accounts.admin_signers)
            .map_err(|_| OracleError::DeviationTooLarge)?;
    }
    // A first push, an approved move or one the admins co-signed is the new reference: later
    // pushes are capped against the prices the admins accepted.
    if first || approved || beyond_cap {
        for (r, e) in reference.entries.iter_mut().zip(snapshot.entries()) {
            r.price_usd_1e8 = e.price_usd_1e8;
            r.multiplier_num = e.multiplier_num;
        }
        reference.window_start_slot.set(clock.slot.max(1));
    }

    SnapshotPushedEvent {
        sku_id: snapshot.sku_id,
        sequence: PodU64::new(sequence),
        // `count <= 20` (checked by `Payload::parse`).
        #[allow(clippy::cast_possible_truncation)]
        entry_count: count as u8,
        keeper: *signed.signer,
    }
    .emit();
    Ok(())
}
