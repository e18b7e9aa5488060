//! `distribute_epoch`: a keeper posts an epoch's Merkle root and funded totals.

mod accounts;
mod data;
mod processor;

pub use accounts::DistributeEpochAccounts;
pub use data::DistributeEpochData;
pub use processor::{process, MAX_EPOCH_STEP};
