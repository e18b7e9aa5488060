//! `claim`: pays a claimant's epoch rewards against a Merkle proof, once.

mod accounts;
mod data;
mod processor;
mod status;

pub use accounts::ClaimAccounts;
pub use data::ClaimData;
pub use processor::process;
