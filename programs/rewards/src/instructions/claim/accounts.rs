use crate::{
    error::RewardsError,
    instructions::shared,
    state::{pause, RewardsConfig},
};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::{error::ProgramError, AccountView};

/// Accounts of `claim`:
/// 0. `[WRITE, SIGNER]` claimant (pays for the claim status)
/// 1. `[WRITE]` epoch
/// 2. `[WRITE]` claim status at `create_with_seed(claimant, "claim" + epoch id in 16 hex
///    digits, rewards program)`, not yet initialized
/// 3. `[]` system program
/// 4. `[]` config (its pause bits)
///
/// Then per reward mint, in the epoch's order: `[]` mint, `[WRITE]` epoch holding,
/// `[WRITE]` destination token account, `[]` token program.
pub struct ClaimAccounts<'a> {
    pub claimant: &'a AccountView,
    pub epoch: &'a AccountView,
    pub claim_status: &'a AccountView,
    pub config: &'a AccountView,
    pub reward_accounts: &'a [AccountView],
}

impl<'a> TryFrom<&'a [AccountView]> for ClaimAccounts<'a> {
    type Error = ProgramError;

    fn try_from(accounts: &'a [AccountView]) -> Result<Self, ProgramError> {
        let [claimant, epoch, claim_status, system_program, config, reward_accounts @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        // 1. The claimant signs and pays: a leaf can only be claimed by its own claimant.
        validate::check_signer(claimant)?;
        validate::check_writable(claimant)?;
        // 2. The epoch is this program's (type checked on load).
        shared::check_program_account(epoch, true)?;
        // 3. The claim status is written; its address and state are checked once the epoch
        //    id is parsed (`status::create`).
        validate::check_writable(claim_status)?;
        // 4. The real system program.
        shared::check_system_program(system_program)?;
        // 5. Claims are not paused. Any account of this program with the config's type is
        //    the config: only `initialize` creates one, at the canonical PDA.
        shared::check_program_account(config, false)?;
        // SAFETY: read-only view; nothing borrows the config mutably in a claim.
        let cfg = RewardsConfig::load(unsafe { config.borrow_unchecked() })?;
        shared::require(!cfg.is_paused(pause::CLAIM), RewardsError::ClaimsPaused)?;
        Ok(Self {
            claimant,
            epoch,
            claim_status,
            config,
            reward_accounts,
        })
    }
}
