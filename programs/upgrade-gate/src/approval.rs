//! Who approved: every account after an instruction's fixed accounts is an approving admin.
//! Unlike the other programs' `SignerSet::check_signed` (which ignores strangers and counts
//! a repeated key once), the gate names each cause: an unsigned approver, a stranger, an
//! admin passed twice, or too few admins. A proposal that would have passed with the
//! stranger dropped is still refused, so what the admins reviewed is exactly what runs.

use crate::error::GateError;
use basket_common::signer_set::SignerSet;
use pinocchio::AccountView;

/// Checks that `approvers` are distinct configured admins who all signed, and at least the
/// set's threshold of them.
pub fn check_approvals(set: &SignerSet, approvers: &[AccountView]) -> Result<(), GateError> {
    check_keys(
        set,
        approvers
            .iter()
            .map(|a| (a.address().as_array(), a.is_signer())),
    )
}

/// [`check_approvals`] over `(key, signed)` pairs (so the rules run on the host too).
pub fn check_keys<'a>(
    set: &SignerSet,
    approvers: impl Iterator<Item = (&'a [u8; 32], bool)>,
) -> Result<(), GateError> {
    let mut seen = 0u8;
    for (key, signed) in approvers {
        if !signed {
            return Err(GateError::ApproverNotSigned);
        }
        let Some(index) = set
            .keys
            .iter()
            .position(|k| basket_common::bytes::eq32(k, key))
        else {
            return Err(GateError::NonAdminSigner);
        };
        // `index < MAX_ADMINS` (5), so the shift stays inside the byte.
        let bit = 1u8 << index;
        if seen & bit != 0 {
            return Err(GateError::DuplicateSigner);
        }
        seen |= bit;
    }
    if seen.count_ones() < u32::from(set.threshold) {
        return Err(GateError::ThresholdNotMet);
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
        check_keys(&set(), pairs.into_iter())
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
