//! `set_paused`: the admin multisig pauses or unpauses staking and claims.

mod processor;

pub use processor::process;
