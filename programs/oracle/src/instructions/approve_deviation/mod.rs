//! `approve_deviation`: the admin multisig lets one named push (by its sequence) of one
//! snapshot move entries beyond the deviation cap.

mod accounts;
mod processor;

pub use accounts::ApproveDeviationAccounts;
pub use processor::process;
