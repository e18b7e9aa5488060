//! Admin instructions: loading the config and checking the admin multisig.

use crate::{instructions::shared, state::RewardsConfig};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::AccountView;

/// Views the writable config after checking that at least `threshold` distinct admins
/// signed among `signers` (one admin listed twice counts once).
///
/// Owner plus type identify the config: only `initialize` creates one, at the canonical
/// `["rewards_config"]` PDA.
#[allow(clippy::mut_from_ref)] // an AccountView is a handle; the data lives in the input buffer
pub fn load_config_as_admin<'a>(
    config: &'a AccountView,
    signers: &[AccountView],
) -> Result<&'a mut RewardsConfig, CommonError> {
    validate::check_writable(config)?;
    let cfg = load_config(config)?;
    cfg.admins.check_signed(signers)?;
    Ok(cfg)
}

/// [`load_config_as_admin`] without the writable check, for admin instructions that only
/// read the config.
#[allow(clippy::mut_from_ref)] // as above
pub fn load_config(config: &AccountView) -> Result<&mut RewardsConfig, CommonError> {
    shared::check_program_account(config, false)?;
    let mut view = *config;
    // SAFETY: the config is borrowed once per instruction, by the caller of this function
    // only; the runtime keeps the data in place for the instruction's duration.
    let data = unsafe { view.borrow_unchecked_mut() };
    // SAFETY: extends the borrow to the account's lifetime; see above.
    let data: &mut [u8] = unsafe { core::slice::from_raw_parts_mut(data.as_mut_ptr(), data.len()) };
    RewardsConfig::load_mut(data)
}
