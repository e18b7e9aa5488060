//! Oracle program: one NAV snapshot account per SKU, written by authorized keepers whose
//! ed25519 signature over the canonical payload is verified through the Ed25519 program.
#![no_std]

pub mod bytes;
pub mod deviation;
pub mod ed25519;
pub mod error;
pub mod events;
pub mod instruction;
pub mod instructions;
pub mod payload;
pub mod staleness;
pub mod state;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint;

use pinocchio::address::declare_id;

declare_id!("G5Yb6T5wHVaMeeosZUohLziJFKw1jdU1ZUCAVMenw1sP");
