//! `create_snapshot`: the admin multisig creates a SKU's snapshot account and fixes its
//! mint list; keepers then push prices for those mints in that order.

mod accounts;
mod data;
mod processor;

pub use accounts::CreateSnapshotAccounts;
pub use data::CreateSnapshotData;
pub use processor::process;
