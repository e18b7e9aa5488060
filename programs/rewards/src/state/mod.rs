//! Accounts owned by the rewards program. Byte layouts are written out on each struct and in
//! docs/rewards.md.

mod claim_status;
mod config;
mod epoch;
mod stake_record;

pub use claim_status::*;
pub use config::*;
pub use epoch::*;
pub use stake_record::*;

/// Account type discriminators (first byte of every account). Append-only.
pub mod account_type {
    pub const REWARDS_CONFIG: u8 = 1;
    pub const STAKE_RECORD: u8 = 2;
    pub const EPOCH: u8 = 3;
    pub const CLAIM_STATUS: u8 = 4;
}

/// Most reward mints one epoch can pay (and the config can allow).
pub const MAX_REWARD_MINTS: usize = 10;

/// Reward mint slots of `initialize` (the allow-list grows to [`MAX_REWARD_MINTS`] through
/// `set_reward_mints`, which keeps initialize's transaction within 1,232 bytes).
pub const INIT_REWARD_MINTS: usize = 4;

/// Bits of [`RewardsConfig::paused`]: which user instructions a pause blocks.
pub mod pause {
    /// `stake` fails with `StakingPaused`.
    pub const STAKE: u8 = 1;
    /// `claim` fails with `ClaimsPaused`.
    pub const CLAIM: u8 = 2;
    /// Every defined bit; any other bit is rejected.
    pub const ALL: u8 = STAKE | CLAIM;
}
