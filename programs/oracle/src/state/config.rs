use super::account_type;
use crate::error::OracleError;
use basket_common::{
    layout::{AccountLayout, PodU16, PodU64},
    signer_set::SignerSet,
};
use codama_macros::CodamaAccount;

/// Maximum number of authorized keepers.
pub const MAX_KEEPERS: usize = 8;

/// Seed of the single oracle configuration account: `["oracle_config"]`.
pub const CONFIG_SEED: &[u8] = b"oracle_config";

/// The oracle's configuration: who administers it and which keepers may push snapshots.
///
/// Layout (448 bytes):
/// - `[0]` discriminator = 1, `[1]` version = 1, `[2]` bump, `[3]` keeper count
/// - `[4..166]` admin signer set (five keys, threshold, reserved)
/// - `[166..422]` keepers, eight 32-byte slots (unused slots are zero)
/// - `[422..424]` max deviation per push, basis points of value per raw unit
/// - `[424..432]` keeper-set version, incremented by every rotation
/// - `[432..448]` reserved
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "oracle_config"))]
pub struct OracleConfig {
    #[codama(default_value = 1)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub keeper_count: u8,
    pub admins: SignerSet,
    #[codama(type = array(public_key, 8))]
    pub keepers: [[u8; 32]; MAX_KEEPERS],
    #[codama(type = number(u16))]
    pub max_deviation_bps: PodU16,
    #[codama(type = number(u64))]
    pub keeper_set_version: PodU64,
    pub reserved: [u8; 16],
}

const _: () = assert!(
    core::mem::size_of::<OracleConfig>() == 448 && core::mem::align_of::<OracleConfig>() == 1
);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for OracleConfig {
    const DISCRIMINATOR: u8 = account_type::ORACLE_CONFIG;
    const VERSION: u8 = 1;
}

impl OracleConfig {
    /// The configured keepers (the first `keeper_count` slots).
    pub fn keepers(&self) -> &[[u8; 32]] {
        let n = (self.keeper_count as usize).min(MAX_KEEPERS);
        &self.keepers[..n]
    }

    /// Whether `key` is an authorized keeper.
    pub fn is_keeper(&self, key: &[u8; 32]) -> bool {
        self.keepers().iter().any(|k| crate::bytes::eq(k, key))
    }
}

/// A keeper set is 1..=8 non-zero, distinct keys in the first `count` slots; the slots past
/// the count are zero (so the stored bytes have one meaning).
pub fn validate_keeper_set(
    count: u8,
    keepers: &[[u8; 32]; MAX_KEEPERS],
) -> Result<(), OracleError> {
    if basket_common::key_list::is_valid_key_list(keepers, count) {
        Ok(())
    } else {
        Err(OracleError::InvalidKeeperSet)
    }
}
