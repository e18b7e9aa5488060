use crate::{error::RewardsError, instructions::admin::load_config_as_admin, state::pause};
use basket_common::{event, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Event `[7][1][flags u8]`.
pub const EVENT_PAUSE_SET: u8 = 7;

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
    event::emit(&[EVENT_PAUSE_SET, 1, flags]);
    Ok(())
}
