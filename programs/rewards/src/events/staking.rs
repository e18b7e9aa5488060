//! Events of stake and unstake.

use super::RewardsEventKind;
use basket_common::layout::{PodI64, PodU16, PodU64};
use codama_macros::CodamaType;

/// `stake`.
///
/// Payload: 66 bytes after `[2][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct StakedEvent {
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub stake_index: PodU64,
    /// Staking tokens locked (raw).
    #[codama(type = number(u64))]
    pub amount: PodU64,
    /// Lock tier: 30, 90 or 180 days.
    #[codama(type = number(u16))]
    pub tier_days: PodU16,
    #[codama(type = number(i64))]
    pub start: PodI64,
    #[codama(type = number(i64))]
    pub unlock: PodI64,
}

basket_common::impl_event!(StakedEvent, RewardsEventKind::Staked, version = 1, len = 66);

/// `unstake`.
///
/// Payload: 56 bytes after `[3][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct UnstakedEvent {
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub stake_index: PodU64,
    #[codama(type = number(u64))]
    pub amount: PodU64,
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
}

basket_common::impl_event!(
    UnstakedEvent,
    RewardsEventKind::Unstaked,
    version = 1,
    len = 56
);
