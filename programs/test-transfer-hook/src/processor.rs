//! The three instructions. Accounts are checked as much as a test program needs: the record
//! and validation accounts are this program's PDAs of the mint, the authority signs.

use crate::{
    ACCOUNT_REFUSED, EXECUTE, EXTRA_ACCOUNT_METAS_SEED, MODE_REFUSE, MODE_REFUSE_ACCOUNT,
    RECORD_LEN, RECORD_SEED, REFUSED, VALIDATION_LEN,
};
use basket_common::{
    bytes::address_eq,
    create::{create_account, NewAccount},
    pda,
    validate::{check_signer, check_system_program, check_writable},
    CommonError,
};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    AccountView, ProgramResult,
};

const MODE_OFFSET: usize = 32;
const COUNT_OFFSET: usize = 33;
const TOTAL_OFFSET: usize = 41;
const REFUSED_ACCOUNT_OFFSET: usize = 49;

/// Creates the validation account (one extra account: the record, writable, by fixed
/// address) and the record.
pub fn initialize(accounts: &[AccountView]) -> ProgramResult {
    let [validation, mint, authority, system_program, record, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    check_signer(authority)?;
    check_writable(authority)?;
    check_writable(validation)?;
    check_writable(record)?;
    check_system_program(system_program)?;
    let mint_key: &[u8] = mint.address().as_ref();

    let bump = pda::find_canonical(
        validation,
        &[EXTRA_ACCOUNT_METAS_SEED, mint_key],
        &crate::ID,
    )?;
    let bump_seed = [bump];
    let seeds = [
        Seed::from(EXTRA_ACCOUNT_METAS_SEED),
        Seed::from(mint_key),
        Seed::from(&bump_seed),
    ];
    create_account(&NewAccount {
        payer: authority,
        account: validation,
        space: VALIDATION_LEN,
        owner: &crate::ID,
        signer: &[Signer::from(&seeds)],
    })?;

    let record_bump = pda::find_canonical(record, &[RECORD_SEED, mint_key], &crate::ID)?;
    let record_bump_seed = [record_bump];
    let record_seeds = [
        Seed::from(RECORD_SEED),
        Seed::from(mint_key),
        Seed::from(&record_bump_seed),
    ];
    create_account(&NewAccount {
        payer: authority,
        account: record,
        space: RECORD_LEN,
        owner: &crate::ID,
        signer: &[Signer::from(&record_seeds)],
    })?;

    // ExtraAccountMetaList TLV: Execute discriminator, length, PodSlice count, then one
    // ExtraAccountMeta { discriminator 0 = fixed address, address, is_signer, is_writable }.
    let mut v = *validation;
    // SAFETY: created above by this instruction; no other borrow exists.
    let data = unsafe { v.borrow_unchecked_mut() };
    data[..8].copy_from_slice(&EXECUTE);
    data[8..12].copy_from_slice(&39u32.to_le_bytes());
    data[12..16].copy_from_slice(&1u32.to_le_bytes());
    data[16] = 0;
    data[17..49].copy_from_slice(record.address().as_ref());
    data[49] = 0;
    data[50] = 1;

    let mut r = *record;
    // SAFETY: created above by this instruction; no other borrow exists.
    let data = unsafe { r.borrow_unchecked_mut() };
    data[..32].copy_from_slice(authority.address().as_ref());
    Ok(())
}

/// Token-2022's call during a transfer: refuses in refuse mode (or, in refuse-account mode,
/// when the source, destination or owner is the refused account), else counts it.
pub fn execute(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [source, mint, destination, owner, validation, record, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let amount = data
        .get(..8)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_le_bytes)
        .ok_or(CommonError::InvalidInstructionData)?;
    let mint_key: &[u8] = mint.address().as_ref();
    pda::find_canonical(
        validation,
        &[EXTRA_ACCOUNT_METAS_SEED, mint_key],
        &crate::ID,
    )?;
    check_record(record)?;
    let mut r = *record;
    // SAFETY: the record is borrowed once, here; nothing else in this call touches it.
    let data = unsafe { r.borrow_unchecked_mut() };
    if data[MODE_OFFSET] == MODE_REFUSE {
        return Err(ProgramError::Custom(REFUSED));
    }
    if data[MODE_OFFSET] == MODE_REFUSE_ACCOUNT {
        let refused = &data[REFUSED_ACCOUNT_OFFSET..RECORD_LEN];
        if [source, destination, owner]
            .iter()
            .any(|a| AsRef::<[u8]>::as_ref(a.address()) == refused)
        {
            return Err(ProgramError::Custom(ACCOUNT_REFUSED));
        }
    }
    let count = read_u64(&data[COUNT_OFFSET..TOTAL_OFFSET]).wrapping_add(1);
    let total = read_u64(&data[TOTAL_OFFSET..REFUSED_ACCOUNT_OFFSET]).wrapping_add(amount);
    data[COUNT_OFFSET..TOTAL_OFFSET].copy_from_slice(&count.to_le_bytes());
    data[TOTAL_OFFSET..REFUSED_ACCOUNT_OFFSET].copy_from_slice(&total.to_le_bytes());
    Ok(())
}

/// The record's authority switches between recording (0), refusing (1) and refusing one
/// account's transfers (2, the account in the 32 bytes after the mode).
pub fn set_mode(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [record, authority, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    check_signer(authority)?;
    let mode = *data.first().ok_or(CommonError::InvalidInstructionData)?;
    if mode > MODE_REFUSE_ACCOUNT {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let refused: [u8; 32] = if mode == MODE_REFUSE_ACCOUNT {
        data.get(1..33)
            .and_then(|b| b.try_into().ok())
            .ok_or(CommonError::InvalidInstructionData)?
    } else {
        [0; 32]
    };
    check_record(record)?;
    let mut r = *record;
    // SAFETY: the record is borrowed once, here.
    let record_data = unsafe { r.borrow_unchecked_mut() };
    if !address_eq(
        authority.address(),
        &pinocchio::Address::new_from_array(
            record_data[..32]
                .try_into()
                .map_err(|_| CommonError::InvalidAccountLength)?,
        ),
    ) {
        return Err(CommonError::MissingSigner.into());
    }
    record_data[MODE_OFFSET] = mode;
    record_data[REFUSED_ACCOUNT_OFFSET..RECORD_LEN].copy_from_slice(&refused);
    Ok(())
}

fn check_record(record: &AccountView) -> Result<(), ProgramError> {
    if !record.owned_by(&crate::ID) {
        return Err(CommonError::InvalidOwner.into());
    }
    check_writable(record)?;
    if record.data_len() != RECORD_LEN {
        return Err(CommonError::InvalidAccountLength.into());
    }
    Ok(())
}

fn read_u64(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(bytes);
    u64::from_le_bytes(b)
}
