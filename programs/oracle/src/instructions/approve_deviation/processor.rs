use super::ApproveDeviationAccounts;
use crate::events::DeviationApprovedEvent;
use crate::state::{snapshot_flags, NavSnapshot, OracleConfig};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, CommonError};
use pinocchio::{AccountView, ProgramResult};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let accounts = ApproveDeviationAccounts::try_from(accounts)?;
    // SAFETY: the config is only read; the snapshot, a different account (the two have
    // different types), is the only one written.
    let config = OracleConfig::load(unsafe { accounts.config.borrow_unchecked() })?;
    config.admins.check_signed(accounts.admin_signers)?;
    let mut snapshot_account = *accounts.snapshot;
    // SAFETY: see above; no other borrow of the snapshot data is alive.
    let snapshot = NavSnapshot::load_mut(unsafe { snapshot_account.borrow_unchecked_mut() })?;
    snapshot
        .flags
        .set(snapshot.flags.get() | snapshot_flags::DEVIATION_APPROVED);

    DeviationApprovedEvent {
        sku_id: snapshot.sku_id,
        sequence: PodU64::new(snapshot.sequence.get()),
    }
    .emit();
    Ok(())
}
