//! The SKU's deviation reference as the instructions that write it load it.

use crate::{bytes, error::OracleError, state::NavReference};
use basket_common::{layout::AccountLayout, validate};
use pinocchio::{error::ProgramError, AccountView};

/// The deviation reference in `account`, writable, checked to be this program's and to be
/// the SKU's: only `create_snapshot` creates one, at the SKU's canonical PDA, so owner, type
/// and SKU id identify it as the snapshot itself is identified.
#[inline(always)]
pub fn load_reference<'a>(
    account: &'a mut AccountView,
    sku_id: &[u8; 16],
) -> Result<&'a mut NavReference, ProgramError> {
    validate::check_writable(account)?;
    bytes::check_owner(account, &crate::ID)?;
    // SAFETY: the only borrow of the reference in the calling instruction.
    let reference = NavReference::load_mut(unsafe { account.borrow_unchecked_mut() })?;
    if !bytes::eq(&reference.sku_id, sku_id) {
        return Err(OracleError::WrongReference.into());
    }
    Ok(reference)
}

/// Whether `sequence` is one of the next `MAX_SEQUENCE_STEP` after `last`.
#[inline(always)]
pub fn is_next(last: u64, sequence: u64) -> bool {
    sequence.checked_sub(last).is_some_and(|step| {
        (1..=crate::instructions::push_snapshot::MAX_SEQUENCE_STEP).contains(&step)
    })
}
