//! `rebalance_leg(expected_mint, expected_amount_raw, pay_amount_raw)`: the keeper's check
//! and booking of one swap leg, route-agnostic. It checks that `expected_amount_raw` of
//! `expected_mint` is worth at least the oracle value of what the vault pays less
//! `max_slip_bps`, that `rebalance_settle` of this vault follows at top level, pays the
//! outgoing side by CPI (the vault PDA signs) to a token account of the registered trade
//! authority, records the receiving holding's balance and locks the vault; any route may
//! run before the settle, which books what really arrived. See docs/vault.md.

mod accounts;
mod data;
pub mod introspect;
#[cfg(test)]
mod introspect_tests;
mod processor;

pub use accounts::RebalanceLegAccounts;
pub use data::RebalanceLegData;
pub use processor::{book, process};
