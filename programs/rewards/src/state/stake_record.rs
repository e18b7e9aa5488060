use super::account_type;
use basket_common::layout::{AccountLayout, PodBool, PodI64, PodU64};
use codama_macros::CodamaAccount;

/// Seed prefix of stake records: `["stake", owner, stake_index u64 LE]`.
pub const STAKE_SEED: &[u8] = b"stake";

/// One locked stake. Kept after unstaking (with `withdrawn` set) so the stake history that
/// the epoch distributor reads stays on-chain.
///
/// Layout (80 bytes):
/// - `[0]` discriminator = 2, `[1]` version = 1, `[2]` bump, `[3]` tier weight (1, 2 or 4)
/// - `[4..6]` tier in days (30, 90 or 180), u16 LE
/// - `[6]` withdrawn (0 or 1), `[7]` reserved
/// - `[8..40]` owner
/// - `[40..48]` stake index
/// - `[48..56]` raw amount staked
/// - `[56..64]` start (unix seconds), `[64..72]` unlock time (unix seconds)
/// - `[72..80]` withdrawal time (unix seconds, 0 while staked)
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "stake"))]
#[codama(seed(name = "owner", type = public_key))]
#[codama(seed(name = "stakeIndex", type = number(u64)))]
pub struct StakeRecord {
    #[codama(default_value = 2)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub weight: u8,
    #[codama(type = number(u16))]
    pub tier_days: [u8; 2],
    #[codama(type = number(u8))]
    pub withdrawn: PodBool,
    pub reserved: u8,
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub stake_index: PodU64,
    #[codama(type = number(u64))]
    pub amount: PodU64,
    #[codama(type = number(i64))]
    pub start_ts: PodI64,
    #[codama(type = number(i64))]
    pub unlock_ts: PodI64,
    #[codama(type = number(i64))]
    pub withdrawn_ts: PodI64,
}

const _: () =
    assert!(core::mem::size_of::<StakeRecord>() == 80 && core::mem::align_of::<StakeRecord>() == 1);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for StakeRecord {
    const DISCRIMINATOR: u8 = account_type::STAKE_RECORD;
    const VERSION: u8 = 1;
}
