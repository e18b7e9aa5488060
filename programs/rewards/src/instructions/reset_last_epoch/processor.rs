use crate::events::LastEpochResetEvent;
use crate::instructions::admin::load_config_as_admin;
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Accounts of `reset_last_epoch` (data: the new last epoch id, u64 LE):
/// 0. `[WRITE]` config
///
/// Then the `[SIGNER]` admin signers.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, admin_signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let last: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let config = load_config_as_admin(config, admin_signers)?;
    let previous = config.last_epoch_id;
    config.last_epoch_id = PodU64(last);
    LastEpochResetEvent {
        previous,
        last_epoch_id: PodU64(last),
    }
    .emit();
    Ok(())
}
