use crate::events::SequenceResetEvent;
use crate::{
    bytes,
    instructions::reference::load_reference,
    state::{NavSnapshot, OracleConfig},
};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, validate, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Accounts: 0. `[WRITE]` snapshot, 1. `[]` config, 2. `[WRITE]` deviation reference,
/// 3. `[SIGNER]` admin signers (the remaining accounts). Data: `[0..8]` the new sequence.
///
/// Any value is accepted: the admins choose it. Lowering it cannot replay old payloads for
/// long, since every entry of a push must be at most `MAX_ENTRY_AGE_SLOTS` old.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let sequence: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let sequence = u64::from_le_bytes(sequence);
    let [snapshot_account, config, reference_account, admin_signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    validate::check_writable(snapshot_account)?;
    bytes::check_owner(snapshot_account, &crate::ID)?;
    bytes::check_owner(config, &crate::ID)?;
    // SAFETY: the config is only read; the snapshot and the reference (different types) are
    // the accounts written, each borrowed once.
    let config = OracleConfig::load(unsafe { config.borrow_unchecked() })?;
    config.admins.check_signed(admin_signers)?;
    let mut snapshot_account = *snapshot_account;
    // SAFETY: see above.
    let snapshot = NavSnapshot::load_mut(unsafe { snapshot_account.borrow_unchecked_mut() })?;
    let mut reference_account = *reference_account;
    let reference = load_reference(&mut reference_account, &snapshot.sku_id)?;
    let previous = snapshot.sequence.get();
    snapshot.sequence.set(sequence);
    // An approval named a sequence of the old numbering.
    reference.approved_sequence.set(0);

    SequenceResetEvent {
        sku_id: snapshot.sku_id,
        previous: PodU64::new(previous),
        sequence: PodU64::new(sequence),
    }
    .emit();
    Ok(())
}
