use crate::events::SequenceResetEvent;
use crate::{
    bytes,
    error::OracleError,
    instructions::reference::load_reference,
    state::{NavSnapshot, OracleConfig},
};
use basket_common::layout::PodU64;
use basket_common::{event::Event as _, layout::AccountLayout, validate, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// The fewest sequences a reset must leave below `u64::MAX`: at most 16 per push, 2^32 is
/// 2^28 pushes at least, so the admins cannot leave a snapshot near its end.
pub const MIN_SEQUENCE_ROOM: u64 = 1 << 32;

/// Whether `reset_sequence` may move a snapshot from `stored` to `sequence`: strictly up
/// (the vault's price memo and NAV cache key on the sequence and roll only on a higher one,
/// so a lowered or repeated number would keep it pricing at the old snapshot) and with
/// `MIN_SEQUENCE_ROOM` left below `u64::MAX`.
#[inline(always)]
pub fn check_raise(stored: u64, sequence: u64) -> Result<(), OracleError> {
    if sequence <= stored {
        return Err(OracleError::SequenceNotRaised);
    }
    if sequence > u64::MAX.saturating_sub(MIN_SEQUENCE_ROOM) {
        return Err(OracleError::SequenceRoomTooSmall);
    }
    Ok(())
}

/// Accounts: 0. `[WRITE]` snapshot, 1. `[]` config, 2. `[WRITE]` deviation reference,
/// 3. `[SIGNER]` admin signers (the remaining accounts). Data: `[0..8]` the new sequence.
///
/// Only a raise is accepted (see [`check_raise`]): pushes are bounded to 16 above the stored
/// sequence, so nothing drives it where a raise cannot recover; a raise voids leaked signed
/// payloads and skips past a stuck approval.
#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let sequence: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    let sequence = u64::from_le_bytes(sequence);
    let [snapshot_account, config, reference_account, admin_signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    validate::check_writable(snapshot_account)?;
    bytes::check_owner(snapshot_account, &crate::ID)?;
    bytes::check_owner(config, &crate::ID)?;
    // SAFETY: the config is only read; the snapshot and the reference (different types) are
    // the accounts written, each borrowed once.
    let config = OracleConfig::load(unsafe { config.borrow_unchecked() })?;
    config.admins.check_signed(admin_signers)?;
    let mut snapshot_account = *snapshot_account;
    // SAFETY: see above.
    let snapshot = NavSnapshot::load_mut(unsafe { snapshot_account.borrow_unchecked_mut() })?;
    let mut reference_account = *reference_account;
    let reference = load_reference(&mut reference_account, &snapshot.sku_id)?;
    let previous = snapshot.sequence.get();
    check_raise(previous, sequence)?;
    snapshot.sequence.set(sequence);
    // An approval named a sequence of the old numbering.
    reference.approved_sequence.set(0);

    SequenceResetEvent {
        sku_id: snapshot.sku_id,
        previous: PodU64::new(previous),
        sequence: PodU64::new(sequence),
    }
    .emit();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_raise_with_room_is_accepted() {
        assert_eq!(check_raise(10, 9), Err(OracleError::SequenceNotRaised));
        assert_eq!(check_raise(10, 10), Err(OracleError::SequenceNotRaised));
        assert_eq!(check_raise(10, 0), Err(OracleError::SequenceNotRaised));
        assert_eq!(check_raise(10, 11), Ok(()));
        let highest = u64::MAX - MIN_SEQUENCE_ROOM;
        assert_eq!(check_raise(10, highest), Ok(()));
        assert_eq!(
            check_raise(10, highest + 1),
            Err(OracleError::SequenceRoomTooSmall)
        );
        assert_eq!(
            check_raise(10, u64::MAX),
            Err(OracleError::SequenceRoomTooSmall)
        );
        assert_eq!(
            check_raise(u64::MAX, 1),
            Err(OracleError::SequenceNotRaised)
        );
    }
}
