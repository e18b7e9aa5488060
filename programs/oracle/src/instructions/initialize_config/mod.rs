//! `initialize_config`: one-shot creation of the oracle configuration.

mod accounts;
mod data;
mod processor;

pub use accounts::InitializeConfigAccounts;
pub use data::InitializeConfigData;
pub use processor::process;
