//! The four instructions. Every path that signs with the gate's PDA first checks the admin
//! approvals, that the callee is the real upgradeable loader (the PDA's signature handed to
//! any other program could be replayed into the loader by it) and that the authority account
//! is the PDA itself.

use crate::{
    approval::{check_approvals, check_rotation},
    error::{upgrade_authority_error, GateError},
    loader::{self, BPF_LOADER_UPGRADEABLE_ID},
    state::{GateConfig, AUTHORITY_SEED, CONFIG_SEED},
};
use basket_common::{
    bytes::address_eq, create::create_pda_account, layout::AccountLayout, pda,
    signer_set::SignerSet, upgrade_authority, validate, CommonError,
};
use pinocchio::{
    cpi::{invoke_signed, Seed, Signer},
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};

/// Five admin keys and a threshold (161 bytes), then what follows them.
fn parse_admin_set(data: &[u8]) -> Result<(SignerSet, &[u8]), CommonError> {
    let (keys, rest) = data
        .split_first_chunk::<160>()
        .ok_or(CommonError::InvalidInstructionData)?;
    let [threshold, rest @ ..] = rest else {
        return Err(CommonError::InvalidInstructionData);
    };
    let mut admins = [[0u8; 32]; 5];
    for (key, bytes) in admins.iter_mut().zip(keys.chunks_exact(32)) {
        key.copy_from_slice(bytes);
    }
    Ok((SignerSet::new(admins, *threshold)?, rest))
}

/// A proposal's nonce: exactly eight bytes, u64 LE.
fn parse_nonce(data: &[u8]) -> Result<u64, CommonError> {
    let bytes: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    Ok(u64::from_le_bytes(bytes))
}

/// The gate's configuration, writable, after its owner, type and version checks.
fn load_config_mut(config: &mut AccountView) -> Result<&mut GateConfig, CommonError> {
    validate::check_writable(config)?;
    validate::check_owner(config, &crate::ID)?;
    // SAFETY: the only borrow of the config in the instruction that calls this.
    GateConfig::load_mut(unsafe { config.borrow_unchecked_mut() })
}

/// Refuses a proposal made against another nonce (a later gate action superseded it), then
/// consumes the nonce so the same approval can never act twice either.
fn consume_nonce(state: &mut GateConfig, nonce: u64) -> Result<(), pinocchio::error::ProgramError> {
    let current = state.proposal_nonce.get();
    if nonce != current {
        return Err(GateError::StaleProposal.into());
    }
    let next = current.checked_add(1).ok_or(CommonError::MathOverflow)?;
    state.proposal_nonce.set(next);
    Ok(())
}

/// The checks before the gate signs for its PDA: the approvals, the loader, the authority.
/// Always inlined: as a call it would take six arguments, more than BPF passes in registers.
#[inline(always)]
fn check_gate(
    config: &GateConfig,
    approvers: &[AccountView],
    loader_account: &AccountView,
    authority: &AccountView,
) -> Result<(), pinocchio::error::ProgramError> {
    check_approvals(&config.admins, approvers)?;
    if !address_eq(loader_account.address(), &BPF_LOADER_UPGRADEABLE_ID) {
        return Err(GateError::WrongLoader.into());
    }
    pda::check_pda(
        authority,
        &[AUTHORITY_SEED],
        config.authority_bump,
        &crate::ID,
    )
    .map_err(|_| GateError::WrongAuthority)?;
    Ok(())
}

#[inline(never)]
pub fn initialize(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [payer, config, system_program, program_data, upgrade_authority, approvers @ ..] = accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    validate::check_signer(payer)?;
    validate::check_writable(payer)?;
    validate::check_writable(config)?;
    if !config.is_data_empty() {
        return Err(CommonError::AlreadyInitialized.into());
    }
    validate::check_system_program(system_program)?;
    // Only the deployer may initialize: anyone else calling first would install admins of
    // their own and with them the power to upgrade every gated program.
    upgrade_authority::check_upgrade_authority(&crate::ID, program_data, upgrade_authority)
        .map_err(upgrade_authority_error)?;
    // The admins approve their own installation, so mistyped keys cannot lock the gate.
    let (admins, rest) = parse_admin_set(data)?;
    if !rest.is_empty() {
        return Err(CommonError::InvalidInstructionData.into());
    }
    check_approvals(&admins, approvers)?;

    let bump = pda::find_canonical(config, &[CONFIG_SEED], &crate::ID)?;
    let (_, authority_bump) = Address::try_find_program_address(&[AUTHORITY_SEED], &crate::ID)
        .ok_or(CommonError::InvalidPda)?;
    let bump_seed = [bump];
    let seeds = [Seed::from(CONFIG_SEED), Seed::from(&bump_seed)];
    create_pda_account(
        payer,
        config,
        GateConfig::LEN,
        &crate::ID,
        &[Signer::from(&seeds)],
    )?;
    let mut config_account = *config;
    // SAFETY: created above by this instruction; nothing else borrows it.
    let state = GateConfig::init(unsafe { config_account.borrow_unchecked_mut() })?;
    state.bump = bump;
    state.authority_bump = authority_bump;
    state.admins = admins;
    state.admin_set_version.set(1);
    Ok(())
}

#[inline(never)]
pub fn upgrade(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, program_data, program, buffer, spill, rent, clock, authority, loader_account, approvers @ ..] =
        accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let (expected, nonce) = data
        .split_first_chunk::<32>()
        .ok_or(CommonError::InvalidInstructionData)?;
    let nonce = parse_nonce(nonce)?;
    let mut config_account = *config;
    let state = load_config_mut(&mut config_account)?;
    check_gate(state, approvers, loader_account, authority)?;
    consume_nonce(state, nonce)?;
    // The buffer must already be the gate's: then nobody can rewrite it between the admins'
    // review and this upgrade, and its bytes are the ones whose hash they approved.
    validate::check_owner(buffer, &BPF_LOADER_UPGRADEABLE_ID)
        .map_err(|_| GateError::WrongBufferAuthority)?;
    // SAFETY: read-only view of a loader account this program never writes.
    let (buffer_authority, elf) = loader::parse_buffer(unsafe { buffer.borrow_unchecked() })
        .ok_or(GateError::WrongBufferAuthority)?;
    if !address_eq(
        &Address::new_from_array(*buffer_authority),
        authority.address(),
    ) {
        return Err(GateError::WrongBufferAuthority.into());
    }
    if loader::sha256(elf) != *expected {
        return Err(GateError::BufferHashMismatch.into());
    }
    let metas = [
        InstructionAccount::writable(program_data.address()),
        InstructionAccount::writable(program.address()),
        InstructionAccount::writable(buffer.address()),
        InstructionAccount::writable(spill.address()),
        InstructionAccount::readonly(rent.address()),
        InstructionAccount::readonly(clock.address()),
        InstructionAccount::readonly_signer(authority.address()),
    ];
    let ix = InstructionView {
        program_id: &BPF_LOADER_UPGRADEABLE_ID,
        accounts: &metas,
        data: &loader::UPGRADE,
    };
    let bump = [state.authority_bump];
    let seeds = [Seed::from(AUTHORITY_SEED), Seed::from(&bump)];
    invoke_signed(
        &ix,
        &[program_data, program, buffer, spill, rent, clock, authority],
        &[Signer::from(&seeds)],
    )
}

#[inline(never)]
pub fn set_authority(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, target, authority, new_authority, loader_account, approvers @ ..] = accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let nonce = parse_nonce(data)?;
    let mut config_account = *config;
    let state = load_config_mut(&mut config_account)?;
    check_gate(state, approvers, loader_account, authority)?;
    consume_nonce(state, nonce)?;
    validate::check_owner(target, &BPF_LOADER_UPGRADEABLE_ID)
        .map_err(|_| GateError::NotLoaderAccount)?;
    // SAFETY: read-only view of a loader account this program never writes.
    match loader::state_tag(unsafe { target.borrow_unchecked() }) {
        Some(loader::BUFFER_TAG | loader::PROGRAM_DATA_TAG) => {}
        _ => return Err(GateError::NotLoaderAccount.into()),
    }
    let metas = [
        InstructionAccount::writable(target.address()),
        InstructionAccount::readonly_signer(authority.address()),
        InstructionAccount::readonly(new_authority.address()),
    ];
    let ix = InstructionView {
        program_id: &BPF_LOADER_UPGRADEABLE_ID,
        accounts: &metas,
        data: &loader::SET_AUTHORITY,
    };
    let bump = [state.authority_bump];
    let seeds = [Seed::from(AUTHORITY_SEED), Seed::from(&bump)];
    invoke_signed(
        &ix,
        &[target, authority, new_authority],
        &[Signer::from(&seeds)],
    )
}

#[inline(never)]
pub fn set_admins(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [config, approvers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let (admins, nonce) = parse_admin_set(data)?;
    let nonce = parse_nonce(nonce)?;
    let mut config_account = *config;
    let state = load_config_mut(&mut config_account)?;
    // The new set signs too: keys nobody holds (a typo) would lock the gate, and with it
    // every program, for good.
    check_rotation(&state.admins, &admins, approvers)?;
    consume_nonce(state, nonce)?;
    let version = state
        .admin_set_version
        .get()
        .checked_add(1)
        .ok_or(CommonError::MathOverflow)?;
    state.admins = admins;
    state.admin_set_version.set(version);
    Ok(())
}
