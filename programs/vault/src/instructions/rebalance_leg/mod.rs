//! `rebalance_leg(expected_mint, expected_amount_raw, pay_amount_raw)`: the keeper's check
//! and booking of one swap leg. Placed first in the swap transaction, it verifies that the
//! transaction delivers `expected_amount_raw` of `expected_mint` into the vault (one
//! `TransferChecked` after it, then `rebalance_settle`), that this is worth at least the
//! oracle value of what the vault pays less `max_slip_bps`, books both sides, and pays the
//! outgoing side itself by CPI (the vault PDA signs). See docs/vault.md.

mod accounts;
mod data;
pub mod introspect;
#[cfg(test)]
mod introspect_tests;
mod processor;

pub use accounts::RebalanceLegAccounts;
pub use data::RebalanceLegData;
pub use processor::process;
