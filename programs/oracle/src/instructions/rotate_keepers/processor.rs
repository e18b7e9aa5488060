use super::{RotateKeepersAccounts, RotateKeepersData};
use crate::events::KeepersRotatedEvent;
use crate::state::OracleConfig;
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, CommonError};
use pinocchio::{AccountView, ProgramResult};

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

    KeepersRotatedEvent {
        keeper_count: args.keeper_count,
        keeper_set_version: PodU64::new(version),
    }
    .emit();
    Ok(())
}
