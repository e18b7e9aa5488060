//! `initialize`: one-shot creation of the rewards configuration.

mod accounts;
mod data;
mod processor;

pub use accounts::InitializeAccounts;
pub use data::InitializeData;
pub use processor::process;
