use super::{InitializeAccounts, InitializeData};
use crate::events::InitializedEvent;
use crate::{
    error::upgrade_authority_error,
    instructions::shared,
    state::{RewardsConfig, CONFIG_SEED, INIT_REWARD_MINTS},
};
use basket_common::{
    create::create_pda_account, event::Event as _, layout::AccountLayout, pda,
    signer_set::SignerSet, upgrade_authority, validate,
};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, ProgramResult,
};

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let accounts = InitializeAccounts::try_from(accounts)?;
    // Only the deployer may initialize: without this, anyone could call first and install
    // an admin set (and keepers, staking holding, reward mints) of their own; the admins'
    // signatures below prove only that the new admins agree, not that they are the right
    // ones.
    upgrade_authority::check_upgrade_authority(
        &crate::ID,
        accounts.program_data,
        accounts.upgrade_authority,
    )
    .map_err(upgrade_authority_error)?;
    let args = InitializeData::parse(data)?;

    // The admin set must be well formed and approve its own installation.
    let admins = SignerSet::new(args.admins, args.threshold)?;
    admins.check_signed(accounts.admin_signers)?;

    let bump = pda::find_canonical(accounts.config, &[CONFIG_SEED], &crate::ID)?;

    // The staking mint is supported and the holding is a token account of it owned by the
    // config PDA, so only this program can move staked tokens.
    let decimals = shared::checked_mint(accounts.staking_mint)?;
    validate::check_token_account(
        accounts.stake_holding,
        accounts.token_program.address(),
        accounts.staking_mint.address(),
        accounts.config.address(),
    )?;

    // Emitted before the config's creation (the one CPI): docs/decisions/0100.
    InitializedEvent {
        keeper_count: args.keeper_count,
        threshold: args.threshold,
        reward_mint_count: args.reward_mint_count,
    }
    .emit();

    let bump_seed = [bump];
    let seeds = [Seed::from(CONFIG_SEED), Seed::from(&bump_seed)];
    create_pda_account(
        accounts.payer,
        accounts.config,
        RewardsConfig::LEN,
        &crate::ID,
        &[Signer::from(&seeds)],
    )?;

    let mut config_account = *accounts.config;
    // SAFETY: the account was created above by this instruction; nothing else borrows it.
    let config = RewardsConfig::init(unsafe { config_account.borrow_unchecked_mut() })?;
    config.bump = bump;
    config.admins = admins;
    config.keeper_count = args.keeper_count;
    config.keepers = args.keepers;
    config.staking_mint = *accounts.staking_mint.address().as_array();
    config.stake_holding = *accounts.stake_holding.address().as_array();
    config.staking_token_program = *accounts.token_program.address().as_array();
    config.staking_decimals = decimals;
    config.reward_mint_count = args.reward_mint_count;
    config.reward_mints[..INIT_REWARD_MINTS].copy_from_slice(&args.reward_mints);

    Ok(())
}
