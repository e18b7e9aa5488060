use crate::events::PauseSetEvent;
use crate::{error::RewardsError, instructions::admin::load_config_as_admin, state::pause};
use basket_common::{event::Event as _, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Accounts of `set_paused` (data: the pause bits, one byte):
/// 0. `[WRITE]` config
///
/// Then the `[SIGNER]` admin signers.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, admin_signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let &[flags] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    if flags & !pause::ALL != 0 {
        return Err(RewardsError::InvalidPauseFlags.into());
    }
    let config = load_config_as_admin(config, admin_signers)?;
    config.paused = flags;
    PauseSetEvent { flags }.emit();
    Ok(())
}
