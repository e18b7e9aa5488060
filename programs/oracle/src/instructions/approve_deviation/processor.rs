use super::ApproveDeviationAccounts;
use crate::events::DeviationApprovedEvent;
use crate::{
    error::OracleError,
    instructions::reference::{is_next, load_reference},
    state::{NavSnapshot, OracleConfig},
};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Instruction data: `[0..8]` the sequence of the push the approval is for, u64 LE; 0 names
/// the snapshot's next push as it stands when the approval lands.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let sequence: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let sequence = u64::from_le_bytes(sequence);
    let accounts = ApproveDeviationAccounts::try_from(accounts)?;
    // SAFETY: the config and the snapshot are only read; the reference, a third account (the
    // three have different types), is the only one written.
    let config = OracleConfig::load(unsafe { accounts.config.borrow_unchecked() })?;
    config.admins.check_signed(accounts.admin_signers)?;
    // SAFETY: see above.
    let snapshot = NavSnapshot::load(unsafe { accounts.snapshot.borrow_unchecked() })?;
    let sequence = if sequence == 0 {
        snapshot
            .sequence
            .get()
            .checked_add(1)
            .ok_or(OracleError::ApprovalSequenceOutOfRange)?
    } else {
        sequence
    };
    // Only a push that can still land: an approval for a passed sequence would be dead, and
    // one far ahead would wait for a push nobody has signed yet.
    if !is_next(snapshot.sequence.get(), sequence) {
        return Err(OracleError::ApprovalSequenceOutOfRange.into());
    }
    let mut reference_account = *accounts.reference;
    let reference = load_reference(&mut reference_account, &snapshot.sku_id)?;
    reference.approved_sequence.set(sequence);

    DeviationApprovedEvent {
        sku_id: snapshot.sku_id,
        sequence: PodU64::new(sequence),
    }
    .emit();
    Ok(())
}
