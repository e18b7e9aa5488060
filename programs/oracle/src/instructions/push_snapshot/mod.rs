//! `push_snapshot`: writes a keeper-signed NAV payload, verified through the Ed25519
//! program instruction placed right before it in the same transaction.

mod accounts;
mod introspect;
mod processor;

pub use accounts::PushSnapshotAccounts;
pub use processor::{process, MAX_ENTRY_AGE_SLOTS, MAX_SEQUENCE_STEP};
