//! `sweep_epoch`: after the claim window, the admin multisig moves an epoch's unclaimed
//! rewards out of its holdings and closes its claims.

mod data;
mod processor;

pub use data::SweepEpochData;
pub use processor::process;
