use super::{InitializeConfigAccounts, InitializeConfigData};
use crate::events::ConfigInitializedEvent;
use crate::{
    error::upgrade_authority_error,
    state::{OracleConfig, CONFIG_SEED},
};
use basket_common::{
    create::create_pda_account, event::Event as _, layout::AccountLayout, pda,
    signer_set::SignerSet, upgrade_authority,
};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = InitializeConfigAccounts::try_from(accounts)?;
    // Only the deployer may initialize: without this, anyone could call first and install
    // an admin set of their own (the admins' signatures below prove only that the new
    // admins agree, not that they are the right ones).
    upgrade_authority::check_upgrade_authority(
        &crate::ID,
        accounts.program_data,
        accounts.upgrade_authority,
    )
    .map_err(upgrade_authority_error)?;
    let args = InitializeConfigData::parse(data)?;

    // The admin set must be well formed and must already approve its own installation, so
    // the deployer cannot install keys whose holders did not agree (or mistyped keys).
    let admins = SignerSet::new(args.admins, args.threshold)?;
    admins.check_signed(accounts.admin_signers)?;

    let bump = pda::find_canonical(accounts.config, &[CONFIG_SEED], &crate::ID)?;
    // Emitted before the account is created (the instruction's one CPI): see
    // docs/decisions/0100.
    ConfigInitializedEvent {
        keeper_count: args.keeper_count,
        threshold: args.threshold,
    }
    .emit();
    let bump_seed = [bump];
    let seeds = [Seed::from(CONFIG_SEED), Seed::from(&bump_seed)];
    create_pda_account(
        accounts.payer,
        accounts.config,
        OracleConfig::LEN,
        &crate::ID,
        &[Signer::from(&seeds)],
    )?;

    let mut config_account = *accounts.config;
    // SAFETY: the account was created above by this instruction; nothing else borrows it.
    let data = unsafe { config_account.borrow_unchecked_mut() };
    let config = OracleConfig::init(data)?;
    config.bump = bump;
    config.admins = admins;
    config.keeper_count = args.keeper_count;
    config.keepers = args.keepers;
    config.max_deviation_bps.set(args.max_deviation_bps);
    config.keeper_set_version.set(1);

    Ok(())
}
