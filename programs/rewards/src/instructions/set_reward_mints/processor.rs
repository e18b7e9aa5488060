use super::SetRewardMintsData;
use crate::events::RewardMintsSetEvent;
use crate::instructions::admin::load_config_as_admin;
use basket_common::{event::Event as _, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Accounts of `set_reward_mints`:
/// 0. `[WRITE]` config
///
/// Then the `[SIGNER]` admin signers. Only later epochs are affected: a posted epoch keeps
/// the mints, holdings and totals it stored.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, admin_signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let args = SetRewardMintsData::parse(data)?;
    let config = load_config_as_admin(config, admin_signers)?;
    config.reward_mint_count = args.count;
    config.reward_mints = args.mints;
    RewardMintsSetEvent { count: args.count }.emit();
    Ok(())
}
