//! Events of the admin and configuration instructions: initialize, rotate_keepers,
//! set_paused, set_reward_mints, reset_last_epoch.

use super::RewardsEventKind;
use basket_common::layout::PodU64;
use codama_macros::CodamaType;

/// `initialize`.
///
/// Payload: 3 bytes after `[1][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct InitializedEvent {
    pub keeper_count: u8,
    pub threshold: u8,
    pub reward_mint_count: u8,
}

basket_common::impl_event!(
    InitializedEvent,
    RewardsEventKind::Initialized,
    version = 1,
    len = 3
);

/// `rotate_keepers`.
///
/// Payload: 1 bytes after `[6][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct KeepersRotatedEvent {
    pub keeper_count: u8,
}

basket_common::impl_event!(
    KeepersRotatedEvent,
    RewardsEventKind::KeepersRotated,
    version = 1,
    len = 1
);

/// `set_paused`.
///
/// Payload: 1 bytes after `[7][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct PauseSetEvent {
    /// Pause bits.
    pub flags: u8,
}

basket_common::impl_event!(
    PauseSetEvent,
    RewardsEventKind::PauseSet,
    version = 1,
    len = 1
);

/// `set_reward_mints`.
///
/// Payload: 1 bytes after `[8][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RewardMintsSetEvent {
    pub count: u8,
}

basket_common::impl_event!(
    RewardMintsSetEvent,
    RewardsEventKind::RewardMintsSet,
    version = 1,
    len = 1
);

/// `reset_last_epoch`: the admins set the last distributed epoch id.
///
/// Payload: 16 bytes after `[11][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct LastEpochResetEvent {
    /// The last epoch id before the reset.
    #[codama(type = number(u64))]
    pub previous: PodU64,
    /// The last epoch id after it: the next epoch is 1 to `MAX_EPOCH_STEP` above.
    #[codama(type = number(u64))]
    pub last_epoch_id: PodU64,
}

basket_common::impl_event!(
    LastEpochResetEvent,
    RewardsEventKind::LastEpochReset,
    version = 1,
    len = 16
);
