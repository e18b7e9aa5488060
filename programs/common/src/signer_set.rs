//! M-of-N admin signer sets.
//!
//! An admin action passes the admins as extra signer accounts; the action is allowed when
//! at least `threshold` distinct configured keys signed the transaction. Distinctness is by
//! configured key index, so one key listed twice counts once.

use crate::{error::CommonError, layout::PodBool};
use codama_macros::CodamaType;
use pinocchio::AccountView;

/// Number of admin key slots.
pub const MAX_ADMINS: usize = 5;
/// Smallest threshold an admin set may be configured with: the spec's admin multisig is 3 of
/// 5, and with 2 any two keys (or two stolen keys) could act alone, so no program accepts less.
pub const MIN_ADMIN_THRESHOLD: u8 = 3;

/// Stored admin signer set: `[0..160]` five keys, `[160]` threshold, `[161]` reserved.
#[repr(C)]
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaType)]
pub struct SignerSet {
    #[codama(type = array(public_key, 5))]
    pub keys: [[u8; 32]; MAX_ADMINS],
    pub threshold: u8,
    #[codama(type = number(u8))]
    pub reserved: PodBool,
}

const _: () =
    assert!(core::mem::size_of::<SignerSet>() == 162 && core::mem::align_of::<SignerSet>() == 1);

impl SignerSet {
    pub const LEN: usize = core::mem::size_of::<Self>();

    /// Builds a set from instruction data after validating it.
    pub fn new(keys: [[u8; 32]; MAX_ADMINS], threshold: u8) -> Result<Self, CommonError> {
        let set = Self {
            keys,
            threshold,
            reserved: PodBool(0),
        };
        set.validate()?;
        Ok(set)
    }

    /// All five keys non-zero and distinct; threshold within `MIN_ADMIN_THRESHOLD..=5`.
    pub fn validate(&self) -> Result<(), CommonError> {
        if self.threshold < MIN_ADMIN_THRESHOLD || self.threshold as usize > MAX_ADMINS {
            return Err(CommonError::InvalidSignerSet);
        }
        for (i, key) in self.keys.iter().enumerate() {
            if *key == [0u8; 32] || self.keys[..i].contains(key) {
                return Err(CommonError::InvalidSignerSet);
            }
        }
        Ok(())
    }

    /// Bitmask of configured keys that appear as signers among `accounts`.
    pub fn signed_mask(&self, accounts: &[AccountView]) -> u8 {
        let mut mask = 0u8;
        for account in accounts {
            if !account.is_signer() {
                continue;
            }
            let address = account.address().as_array();
            for (i, key) in self.keys.iter().enumerate() {
                if crate::bytes::eq32(key, address) {
                    mask |= 1 << i;
                }
            }
        }
        mask
    }

    /// Fails with `AdminThresholdNotMet` unless `threshold` distinct configured keys signed.
    pub fn check_signed(&self, accounts: &[AccountView]) -> Result<(), CommonError> {
        if self.signed_mask(accounts).count_ones() >= self.threshold as u32 {
            Ok(())
        } else {
            Err(CommonError::AdminThresholdNotMet)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> [[u8; 32]; MAX_ADMINS] {
        [[1; 32], [2; 32], [3; 32], [4; 32], [5; 32]]
    }

    #[test]
    fn accepts_a_well_formed_three_of_five() {
        assert!(SignerSet::new(keys(), 3).is_ok());
    }

    #[test]
    fn rejects_thresholds_out_of_range() {
        for t in [0, 1, 2, 6, 255] {
            assert_eq!(
                SignerSet::new(keys(), t),
                Err(CommonError::InvalidSignerSet),
                "{t}"
            );
        }
    }

    #[test]
    fn the_smallest_threshold_is_three() {
        assert_eq!(MIN_ADMIN_THRESHOLD, 3);
        assert!(SignerSet::new(keys(), 3).is_ok());
        assert!(SignerSet::new(keys(), 5).is_ok());
        assert_eq!(
            SignerSet::new(keys(), 2),
            Err(CommonError::InvalidSignerSet)
        );
    }

    #[test]
    fn rejects_duplicate_and_zero_keys() {
        let mut k = keys();
        k[4] = k[1];
        assert_eq!(SignerSet::new(k, 3), Err(CommonError::InvalidSignerSet));
        let mut k = keys();
        k[0] = [0; 32];
        assert_eq!(SignerSet::new(k, 3), Err(CommonError::InvalidSignerSet));
    }
}
