//! `stake`: locks staking tokens for a tier in a new stake record.

mod accounts;
mod data;
mod processor;

pub use accounts::StakeAccounts;
pub use data::StakeData;
pub use processor::process;
