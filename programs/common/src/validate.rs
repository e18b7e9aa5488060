//! Account checks. Pinocchio checks nothing by itself: every instruction states what each
//! account must be and calls these before reading or writing it.

use crate::{
    bytes::{address_eq, eq32},
    error::CommonError,
    token2022,
};
use pinocchio::{AccountView, Address};

/// The system program's address.
pub const SYSTEM_PROGRAM_ID: Address = Address::new_from_array([0; 32]);

#[inline(always)]
pub fn check_signer(account: &AccountView) -> Result<(), CommonError> {
    if account.is_signer() {
        Ok(())
    } else {
        Err(CommonError::MissingSigner)
    }
}

#[inline(always)]
pub fn check_writable(account: &AccountView) -> Result<(), CommonError> {
    if account.is_writable() {
        Ok(())
    } else {
        Err(CommonError::NotWritable)
    }
}

#[inline(always)]
pub fn check_owner(account: &AccountView, owner: &Address) -> Result<(), CommonError> {
    if address_eq(&account.owner(), owner) {
        Ok(())
    } else {
        Err(CommonError::InvalidOwner)
    }
}

#[inline(always)]
pub fn check_address(
    account: &AccountView,
    expected: &Address,
    err: CommonError,
) -> Result<(), CommonError> {
    if address_eq(account.address(), expected) {
        Ok(())
    } else {
        Err(err)
    }
}

#[inline(always)]
pub fn check_system_program(account: &AccountView) -> Result<(), CommonError> {
    check_address(
        account,
        &SYSTEM_PROGRAM_ID,
        CommonError::InvalidSystemProgram,
    )
}

/// The token program passed for `mint` must be one of the two token programs and must own
/// the mint (so SPL Token can never be paired with a Token-2022 mint, or a fake program used).
#[inline]
pub fn check_token_program_for_mint(
    token_program: &AccountView,
    mint: &AccountView,
) -> Result<(), CommonError> {
    let program = token_program.address();
    if !token2022::is_token_program(program) || !address_eq(&mint.owner(), program) {
        return Err(CommonError::InvalidTokenProgram);
    }
    Ok(())
}

/// The account must be a token account of `mint` owned by `owner`, held by `token_program`.
pub fn check_token_account(
    account: &AccountView,
    token_program: &Address,
    mint: &Address,
    owner: &Address,
) -> Result<u64, CommonError> {
    if !address_eq(&account.owner(), token_program) {
        return Err(CommonError::InvalidOwner);
    }
    // SAFETY: no mutable borrow of this account is alive; the runtime keeps the data in place.
    let data = unsafe { account.borrow_unchecked() };
    let view = token2022::token_account(data)?;
    if !eq32(view.mint, mint.as_array()) || !eq32(view.owner, owner.as_array()) {
        return Err(CommonError::InvalidTokenAccount);
    }
    Ok(view.amount)
}
