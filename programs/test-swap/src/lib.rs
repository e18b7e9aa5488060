//! Test-only constant-product swap venue: pools of one tokenized stock against the
//! stablecoin, a pool PDA owning both vaults, exact-in swaps in both directions with a fee in
//! basis points. Token moves are `TransferChecked` CPIs, so a program that calls a route
//! through this venue sees the transfers as inner instructions, as with a real aggregator.
//! Never deployed with the product. See docs/test-swap.md.
#![no_std]

pub mod curve;
pub mod error;
pub mod instructions;
pub mod state;
pub mod transfer;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint;

use pinocchio::address::declare_id;

// Keypair public on purpose (programs/test-swap/program-id.json): a test venue, deployed by
// the local world through the ordinary loader, never to a real cluster.
declare_id!("5FkVB7mxXKuXw6TWvPy1eo1NMBbLk8c1cSLqy5x6hvNf");
