//! Accounts owned by the oracle program. Byte layouts: docs/layouts/oracle.md, checked
//! against the client generated from these definitions by tests/layouts-doc.test.ts.

mod config;
mod nav_reference;
mod nav_snapshot;

pub use config::*;
pub use nav_reference::*;
pub use nav_snapshot::*;

/// Account type discriminators (first byte of every account). Append-only.
pub mod account_type {
    pub const ORACLE_CONFIG: u8 = 1;
    pub const NAV_SNAPSHOT: u8 = 2;
    pub const NAV_REFERENCE: u8 = 3;
}
