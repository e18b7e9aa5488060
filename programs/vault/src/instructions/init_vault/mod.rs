//! `init_vault`: one-shot creation of a SKU's vault.

mod accounts;
mod data;
mod processor;

pub use accounts::InitVaultAccounts;
pub use data::*;
pub use processor::process;
