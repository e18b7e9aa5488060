use super::ApproveDeviationAccounts;
use crate::state::{snapshot_flags, NavSnapshot, OracleConfig};
use basket_common::{event, layout::AccountLayout, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Event `[5][1][sku_id 16][sequence u64 LE]`: the sequence the approval was given after.
const EVENT_DEVIATION_APPROVED: u8 = 5;

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

    let mut ev = [0u8; 26];
    ev[0] = EVENT_DEVIATION_APPROVED;
    ev[1] = 1;
    ev[2..18].copy_from_slice(&snapshot.sku_id);
    ev[18..26].copy_from_slice(&snapshot.sequence.get().to_le_bytes());
    event::emit(&ev);
    Ok(())
}
