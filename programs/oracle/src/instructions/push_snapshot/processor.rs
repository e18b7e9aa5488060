use super::{introspect::signed_message, PushSnapshotAccounts};
use crate::events::SnapshotPushedEvent;
use crate::{
    bytes::eq,
    deviation::exceeds_cap,
    error::OracleError,
    payload::{Payload, PayloadEntry},
    state::{entry_flags, snapshot_flags, NavSnapshot, OracleConfig},
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

    let clock = Clock::get()?;
    snapshot.sequence.set(sequence);
    snapshot.publish_slot.set(clock.slot);
    snapshot.publish_unix_time.set(clock.unix_timestamp);
    snapshot.pushed_by = *signed.signer;
    // An admin approval covers this push only, whether or not it needs it.
    let flags = snapshot.flags.get();
    let approved = flags & snapshot_flags::DEVIATION_APPROVED != 0;
    snapshot
        .flags
        .set(flags & !snapshot_flags::DEVIATION_APPROVED);

    // One pass: check each entry, compare it with the value it replaces, overwrite it. A
    // failure anywhere fails the transaction, and the runtime then discards every write.
    // The first push has no reference price to cap against.
    let capped = previous_sequence != 0 && !approved;
    let bps = config.max_deviation_bps.get();
    let mut beyond_cap = false;
    for (entry, e) in snapshot.entries.iter_mut().zip(payload.entries()) {
        check_entry(&e, clock.slot)?;
        beyond_cap |= capped
            && exceeds_cap(
                entry.price_usd_1e8.get(),
                entry.multiplier_num.get(),
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
