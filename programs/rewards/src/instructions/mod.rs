//! One folder per instruction: `accounts.rs` (numbered validation steps), `data.rs`
//! (instruction data parsing), `processor.rs` (the business logic).

pub mod claim;
pub mod distribute_epoch;
pub mod initialize;
pub(crate) mod shared;
pub mod stake;
pub mod unstake;
