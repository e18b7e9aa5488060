//! `unstake`: returns a stake's tokens at or after its unlock time.

mod accounts;
mod processor;

pub use accounts::UnstakeAccounts;
pub use processor::process;
