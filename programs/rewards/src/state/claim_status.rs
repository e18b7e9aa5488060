use super::account_type;
use basket_common::layout::{AccountLayout, PodU64};
use codama_macros::CodamaAccount;

/// Seed prefix of claim receipts: `["claim", epoch_id u64 LE, claimant]`. Its existence is
/// what makes a second claim of the same leaf fail.
pub const CLAIM_SEED: &[u8] = b"claim";

/// Receipt of one claim.
///
/// Layout (44 bytes):
/// - `[0]` discriminator = 4, `[1]` version = 1, `[2]` bump, `[3]` reserved
/// - `[4..12]` epoch id
/// - `[12..44]` claimant
///
/// No claim time: reading the Clock costs compute on the hot path, and the claim's
/// transaction (and its event) carries the time.
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "claim"))]
#[codama(seed(name = "epochId", type = number(u64)))]
#[codama(seed(name = "claimant", type = public_key))]
pub struct ClaimStatus {
    #[codama(default_value = 4)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub reserved: u8,
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    #[codama(type = public_key)]
    pub claimant: [u8; 32],
}

const _: () =
    assert!(core::mem::size_of::<ClaimStatus>() == 44 && core::mem::align_of::<ClaimStatus>() == 1);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for ClaimStatus {
    const DISCRIMINATOR: u8 = account_type::CLAIM_STATUS;
    const VERSION: u8 = 1;
}
