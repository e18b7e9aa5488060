//! Creating a claimant's claim status at its seeded address, whatever state the address is in.
//!
//! The address is `create_with_seed(claimant, claim_seed(epoch id), rewards program)`. Only
//! the claimant can sign for the system program to allocate it, and no instruction of this
//! program closes a claim status, so the account at that address is always one of:
//! 1. empty (no lamports): the usual case, one `CreateAccountWithSeed`, which the claimant
//!    both funds and signs for as the base;
//! 2. owned by the system program with lamports (anyone may send lamports to any address):
//!    topped up to the rent minimum, then `AllocateWithSeed` (which also assigns it);
//! 3. owned by this program, data zero (the claimant created it themselves with seed): resized
//!    to the claim status and initialized in place, so their claim does not fail forever;
//! 4. owned by this program and initialized: already claimed.

use crate::{
    error::RewardsError,
    instructions::shared,
    state::{ClaimStatus, CLAIM_SEED_LEN},
};
use basket_common::{layout::AccountLayout, validate, CommonError};
use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    sysvars::{rent::Rent, Sysvar},
    AccountView,
};

/// System program instruction tags.
const CREATE_ACCOUNT_WITH_SEED: u8 = 3;
const TRANSFER: u8 = 2;
const ALLOCATE_WITH_SEED: u8 = 9;

/// `CreateAccountWithSeed` data: `[0..4]` tag, `[4..36]` base, `[36..44]` seed length,
/// `[44..65]` seed, `[65..73]` lamports, `[73..81]` space, `[81..113]` owner.
const CREATE_LEN: usize = 4 + 32 + 8 + CLAIM_SEED_LEN + 8 + 8 + 32;
/// `AllocateWithSeed` data: `[0..4]` tag, `[4..36]` base, `[36..44]` seed length, `[44..65]`
/// seed, `[65..73]` space, `[73..105]` owner.
const ALLOCATE_LEN: usize = 4 + 32 + 8 + CLAIM_SEED_LEN + 8 + 32;
const SEED_AT: usize = 44;
const AFTER_SEED: usize = SEED_AT + CLAIM_SEED_LEN;

/// Creates (or, in case 3, initializes) `claimant`'s claim status whose seed is `seed` and
/// returns it with its header written. The caller has checked that `status` is at
/// [`crate::state::claim_status_address`] of `seed` and that `claimant` signed.
#[inline(always)]
pub fn create<'a>(
    claimant: &AccountView,
    status: &'a mut AccountView,
    seed: &[u8; CLAIM_SEED_LEN],
) -> Result<&'a mut ClaimStatus, ProgramError> {
    let space = ClaimStatus::LEN as u64;
    let minimum = Rent::get()?.try_minimum_balance(ClaimStatus::LEN)?;
    // No lamports: nothing is there (an account without lamports does not outlive its
    // transaction; one made earlier in this transaction makes the system program refuse).
    if status.lamports() == 0 {
        let mut data = [0u8; CREATE_LEN];
        data[0] = CREATE_ACCOUNT_WITH_SEED;
        write_seeded(&mut data, claimant, seed);
        data[AFTER_SEED..AFTER_SEED + 8].copy_from_slice(&minimum.to_le_bytes());
        data[AFTER_SEED + 8..AFTER_SEED + 16].copy_from_slice(&space.to_le_bytes());
        data[AFTER_SEED + 16..].copy_from_slice(crate::ID.as_array());
        // The claimant is the funder and the base: a signer at index 0 serves as both.
        let metas = [
            InstructionAccount::writable_signer(claimant.address()),
            InstructionAccount::writable(status.address()),
        ];
        system_call(&metas, &[claimant, status], &data);
    } else if shared::owned_by(status, &crate::ID) {
        init_precreated(claimant, status, minimum)?;
    } else if !shared::owned_by(status, &validate::SYSTEM_PROGRAM_ID) {
        // Unreachable on a real cluster: the address binds the rewards program as owner, and
        // the system program only assigns an address-with-seed to the owner in its seed.
        return Err(CommonError::InvalidOwner.into());
    } else {
        top_up(claimant, status, minimum)?;
        let mut data = [0u8; ALLOCATE_LEN];
        data[0] = ALLOCATE_WITH_SEED;
        write_seeded(&mut data, claimant, seed);
        data[AFTER_SEED..AFTER_SEED + 8].copy_from_slice(&space.to_le_bytes());
        data[AFTER_SEED + 8..].copy_from_slice(crate::ID.as_array());
        let metas = [
            InstructionAccount::writable(status.address()),
            InstructionAccount::readonly_signer(claimant.address()),
        ];
        system_call(&metas, &[status, claimant], &data);
    }
    // SAFETY: nothing else borrows the claim status; it is exactly `ClaimStatus::LEN` zero
    // bytes here (created by the system program, or zeroed by `init_precreated`).
    Ok(shared::init_created::<ClaimStatus>(unsafe {
        status.borrow_unchecked_mut()
    })?)
}

/// Whether `status` already holds a claim status (case 4): owned by this program with a
/// non-zero first byte (only this program writes its accounts, and it writes a claim status
/// whole).
#[inline(always)]
pub fn is_initialized(status: &AccountView) -> bool {
    // SAFETY: read-only look at the first byte; no other borrow of the status is alive.
    shared::owned_by(status, &crate::ID)
        && unsafe { status.borrow_unchecked() }
            .first()
            .copied()
            .unwrap_or(0)
            != 0
}

/// Base (the claimant) and seed of the `*WithSeed` instructions, at `[4..65]`.
#[inline(always)]
fn write_seeded<const N: usize>(
    data: &mut [u8; N],
    claimant: &AccountView,
    seed: &[u8; CLAIM_SEED_LEN],
) {
    data[4..36].copy_from_slice(claimant.address().as_array());
    data[36..44].copy_from_slice(&(CLAIM_SEED_LEN as u64).to_le_bytes());
    data[SEED_AT..AFTER_SEED].copy_from_slice(seed);
}

/// Case 3: the claimant allocated the address to this program themselves (any length, all
/// zero: only this program writes its accounts, and it writes a claim status whole). A
/// non-zero first byte is a claim status: the leaf was paid.
fn init_precreated(
    claimant: &AccountView,
    status: &mut AccountView,
    minimum: u64,
) -> Result<(), ProgramError> {
    // SAFETY: read-only look at the first byte; no other borrow of the status is alive.
    let first = unsafe { status.borrow_unchecked() }.first().copied();
    shared::require(first.unwrap_or(0) == 0, RewardsError::AlreadyClaimed)?;
    let data = status.data_mut_ptr();
    // SAFETY: an account's data region is followed by the runtime's 10 KiB of growth room,
    // so `ClaimStatus::LEN` bytes from its start are writable whatever the current length;
    // the length is then set through the runtime's own account header (the owner may resize
    // its accounts, by at most 10 KiB per instruction).
    unsafe {
        core::ptr::write_bytes(data, 0, ClaimStatus::LEN);
        let header = status.account_ptr() as *mut pinocchio::account::RuntimeAccount;
        (*header).data_len = ClaimStatus::LEN as u64;
    }
    top_up(claimant, status, minimum)
}

/// Moves what `status` lacks of the rent minimum from the claimant (cases 2 and 3). Lamports
/// above the minimum stay in the account (someone chose to put them there).
fn top_up(claimant: &AccountView, status: &AccountView, minimum: u64) -> Result<(), ProgramError> {
    let Some(missing) = minimum.checked_sub(status.lamports()).filter(|m| *m > 0) else {
        return Ok(());
    };
    let mut data = [0u8; 12];
    data[0] = TRANSFER;
    data[4..12].copy_from_slice(&missing.to_le_bytes());
    let metas = [
        InstructionAccount::writable_signer(claimant.address()),
        InstructionAccount::writable(status.address()),
    ];
    system_call(&metas, &[claimant, status], &data);
    Ok(())
}

/// One system program instruction; a failure aborts the whole transaction.
#[inline(always)]
fn system_call(metas: &[InstructionAccount; 2], accounts: &[&AccountView; 2], data: &[u8]) {
    let ix = InstructionView {
        program_id: &validate::SYSTEM_PROGRAM_ID,
        accounts: metas,
        data,
    };
    let cpi_accounts = [CpiAccount::from(accounts[0]), CpiAccount::from(accounts[1])];
    // SAFETY: the accounts match `metas` one to one (built from the same views), and no
    // borrow of either account's data is alive during the call.
    unsafe { invoke_signed_unchecked(&ix, &cpi_accounts, &[]) };
}
