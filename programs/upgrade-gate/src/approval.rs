//! Who approved: every account after an instruction's fixed accounts is an approving admin.
//! Unlike the other programs' `SignerSet::check_signed` (which ignores strangers and counts
//! a repeated key once), the gate names each cause: an unsigned approver, a stranger, an
//! admin passed twice, or too few admins. A proposal that would have passed with the
//! stranger dropped is still refused, so what the admins reviewed is exactly what runs. A
//! change of the admin set needs both sets' thresholds (`check_rotation`).

use crate::error::GateError;
use basket_common::signer_set::SignerSet;
use pinocchio::AccountView;

/// Checks that `approvers` are distinct configured admins who all signed, and at least the
/// set's threshold of them.
pub fn check_approvals(set: &SignerSet, approvers: &[AccountView]) -> Result<(), GateError> {
    check_keys(set, None, pairs(approvers))
}

/// `set_admins`: every approver signed and belongs to the current or the new set (a key in
/// both counts for both), no key twice, the current set's threshold of its admins and the
/// new set's threshold of its admins.
pub fn check_rotation(
    current: &SignerSet,
    next: &SignerSet,
    approvers: &[AccountView],
) -> Result<(), GateError> {
    check_keys(current, Some(next), pairs(approvers))
}

fn pairs(approvers: &[AccountView]) -> impl Iterator<Item = (&[u8; 32], bool)> {
    approvers
        .iter()
        .map(|a| (a.address().as_array(), a.is_signer()))
}

/// The rules of [`check_approvals`] and [`check_rotation`] over `(key, signed)` pairs (so they
/// run on the host too).
pub fn check_keys<'a>(
    current: &SignerSet,
    next: Option<&SignerSet>,
    approvers: impl Iterator<Item = (&'a [u8; 32], bool)>,
) -> Result<(), GateError> {
    let index_in = |set: &SignerSet, key: &[u8; 32]| {
        set.keys
            .iter()
            .position(|k| basket_common::bytes::eq32(k, key))
    };
    // `index < MAX_ADMINS` (5), so every shift below stays inside the byte.
    let (mut seen_current, mut seen_next) = (0u8, 0u8);
    for (key, signed) in approvers {
        if !signed {
            return Err(GateError::ApproverNotSigned);
        }
        let in_current = index_in(current, key).map(|i| 1u8 << i);
        let in_next = next.and_then(|set| index_in(set, key)).map(|i| 1u8 << i);
        if in_current.is_none() && in_next.is_none() {
            return Err(GateError::NonAdminSigner);
        }
        let repeated = in_current.is_some_and(|bit| seen_current & bit != 0)
            || in_next.is_some_and(|bit| seen_next & bit != 0);
        if repeated {
            return Err(GateError::DuplicateSigner);
        }
        seen_current |= in_current.unwrap_or(0);
        seen_next |= in_next.unwrap_or(0);
    }
    if seen_current.count_ones() < u32::from(current.threshold) {
        return Err(GateError::ThresholdNotMet);
    }
    if let Some(set) = next {
        if seen_next.count_ones() < u32::from(set.threshold) {
            return Err(GateError::NewAdminsThresholdNotMet);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::vec::Vec;

    fn set() -> SignerSet {
        SignerSet::new([[1; 32], [2; 32], [3; 32], [4; 32], [5; 32]], 3)
            .ok()
            .unwrap()
    }

    fn check(keys: &[[u8; 32]], signed: bool) -> Result<(), GateError> {
        let pairs: Vec<(&[u8; 32], bool)> = keys.iter().map(|k| (k, signed)).collect();
        check_keys(&set(), None, pairs.into_iter())
    }

    /// The next set shares admins 4 and 5 with the current one.
    fn rotate(keys: &[[u8; 32]]) -> Result<(), GateError> {
        let next = SignerSet::new([[4; 32], [5; 32], [6; 32], [7; 32], [8; 32]], 3)
            .ok()
            .unwrap();
        let pairs: Vec<(&[u8; 32], bool)> = keys.iter().map(|k| (k, true)).collect();
        check_keys(&set(), Some(&next), pairs.into_iter())
    }

    #[test]
    fn a_rotation_needs_both_thresholds() {
        // Three of the current set, none of the new set: the new keys are not shown held.
        assert_eq!(
            rotate(&[[1; 32], [2; 32], [3; 32]]),
            Err(GateError::NewAdminsThresholdNotMet)
        );
        // Three of the new set only.
        assert_eq!(
            rotate(&[[6; 32], [7; 32], [8; 32]]),
            Err(GateError::ThresholdNotMet)
        );
        // 1, 2, 3 of the current and 6, 7, 8 of the new.
        assert_eq!(
            rotate(&[[1; 32], [2; 32], [3; 32], [6; 32], [7; 32], [8; 32]]),
            Ok(())
        );
        // Keys in both sets count for both: 4 and 5 plus 1 (current) and 6 (new).
        assert_eq!(rotate(&[[4; 32], [5; 32], [1; 32], [6; 32]]), Ok(()));
        assert_eq!(
            rotate(&[[4; 32], [5; 32], [1; 32], [4; 32], [6; 32]]),
            Err(GateError::DuplicateSigner)
        );
        assert_eq!(
            rotate(&[[4; 32], [5; 32], [1; 32], [6; 32], [9; 32]]),
            Err(GateError::NonAdminSigner)
        );
    }

    #[test]
    fn three_distinct_admins_pass_in_any_order() {
        assert_eq!(check(&[[5; 32], [1; 32], [3; 32]], true), Ok(()));
        assert_eq!(
            check(&[[1; 32], [2; 32], [3; 32], [4; 32], [5; 32]], true),
            Ok(())
        );
    }

    #[test]
    fn names_each_cause_of_a_refusal() {
        assert_eq!(
            check(&[[1; 32], [2; 32]], true),
            Err(GateError::ThresholdNotMet)
        );
        assert_eq!(check(&[], true), Err(GateError::ThresholdNotMet));
        assert_eq!(
            check(&[[1; 32], [2; 32], [9; 32]], true),
            Err(GateError::NonAdminSigner)
        );
        assert_eq!(
            check(&[[1; 32], [2; 32], [2; 32]], true),
            Err(GateError::DuplicateSigner)
        );
        assert_eq!(
            check(&[[1; 32], [2; 32], [3; 32]], false),
            Err(GateError::ApproverNotSigned)
        );
        // A stranger refuses the whole approval even when three admins also signed.
        assert_eq!(
            check(&[[1; 32], [2; 32], [3; 32], [9; 32]], true),
            Err(GateError::NonAdminSigner)
        );
    }
}
