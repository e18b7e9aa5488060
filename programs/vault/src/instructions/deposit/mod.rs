//! `deposit(raw_amount, min_shares_out)`: stablecoin in, shares out at the oracle NAV.

mod accounts;
mod data;
mod processor;

pub use accounts::DepositAccounts;
pub use data::DepositData;
pub use processor::process;
