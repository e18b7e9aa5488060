//! `approve_deviation`: the admin multisig lets the next push of one snapshot move entries
//! beyond the deviation cap.

mod accounts;
mod processor;

pub use accounts::ApproveDeviationAccounts;
pub use processor::process;
