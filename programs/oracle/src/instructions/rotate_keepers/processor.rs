use super::{RotateKeepersAccounts, RotateKeepersData};
use crate::state::OracleConfig;
use basket_common::{event, layout::AccountLayout, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Event `[2][1][keeper_count u8][keeper_set_version u64 LE]`.
const EVENT_KEEPERS_ROTATED: u8 = 2;

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = RotateKeepersAccounts::try_from(accounts)?;
    let args = RotateKeepersData::parse(data)?;

    let mut config_account = *accounts.config;
    // SAFETY: no other borrow of the config data is alive in this instruction.
    let config = OracleConfig::load_mut(unsafe { config_account.borrow_unchecked_mut() })?;
    config.admins.check_signed(accounts.admin_signers)?;

    let version = config
        .keeper_set_version
        .get()
        .checked_add(1)
        .ok_or(CommonError::MathOverflow)?;
    config.keeper_count = args.keeper_count;
    config.keepers = args.keepers;
    config.keeper_set_version.set(version);

    let mut ev = [0u8; 11];
    ev[0] = EVENT_KEEPERS_ROTATED;
    ev[1] = 1;
    ev[2] = args.keeper_count;
    ev[3..11].copy_from_slice(&version.to_le_bytes());
    event::emit(&ev);
    Ok(())
}
