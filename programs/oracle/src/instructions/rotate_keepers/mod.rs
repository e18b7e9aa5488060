//! `rotate_keepers`: the admin multisig replaces the authorized keeper set.

mod accounts;
mod data;
mod processor;

pub use accounts::RotateKeepersAccounts;
pub use data::RotateKeepersData;
pub use processor::process;
