use super::RotateKeepersData;
use crate::events::KeepersRotatedEvent;
use crate::instructions::admin::load_config_as_admin;
use basket_common::{event::Event as _, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Accounts of `rotate_keepers`:
/// 0. `[WRITE]` config
///
/// Then the `[SIGNER]` admin signers.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, admin_signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let args = RotateKeepersData::parse(data)?;
    let config = load_config_as_admin(config, admin_signers)?;
    // A removed keeper can post nothing from the next instruction on; posted epochs stay.
    config.keeper_count = args.keeper_count;
    config.keepers = args.keepers;
    KeepersRotatedEvent {
        keeper_count: args.keeper_count,
    }
    .emit();
    Ok(())
}
