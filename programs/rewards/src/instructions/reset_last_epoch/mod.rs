//! `reset_last_epoch`: the admin threshold's recovery path for a configuration whose last
//! epoch id its keepers cannot follow (driven far ahead by a stolen keeper key before ids
//! were bounded). Lowering it cannot post over an existing epoch: `distribute_epoch` creates
//! the epoch's account and refuses one that exists.

mod processor;

pub use processor::process;
