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

// The local world deploys through the ordinary loader, which needs the program's keypair; the
// canonical id's keypair is a deployment secret, so the local world builds with an id whose
// keypair is public (`program-id.local.json`, local world only). See docs/decisions/0422-the-local-world-deploys-programs-under-ids-of-its-own.md.
// Codama reads the last `declare_id!`, so the canonical id stays last.
#[cfg(feature = "localnet-ids")]
declare_id!("CTfS8633W2uiKdkLXzsegyoAaKmCLCPjTxPGyGcsQAyG");
#[cfg(not(feature = "localnet-ids"))]
declare_id!("G5Yb6T5wHVaMeeosZUohLziJFKw1jdU1ZUCAVMenw1sP");
