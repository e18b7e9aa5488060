//! `rotate_keepers`: the admin multisig replaces the keeper set.

mod data;
mod processor;

pub use data::RotateKeepersData;
pub use processor::process;
