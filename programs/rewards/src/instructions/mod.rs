//! One folder per instruction: `accounts.rs` (numbered validation steps), `data.rs`
//! (instruction data parsing), `processor.rs` (the business logic).

mod admin;
pub mod claim;
pub mod distribute_epoch;
pub mod initialize;
pub mod reset_last_epoch;
pub(crate) mod reward_transfer;
pub mod rotate_keepers;
pub mod set_paused;
pub mod set_reward_mints;
pub(crate) mod shared;
pub mod stake;
pub mod sweep_epoch;
pub mod unstake;
