//! `set_reward_mints`: the admin multisig replaces the reward mints epochs may pay.

mod data;
mod processor;

pub use data::SetRewardMintsData;
pub use processor::process;
