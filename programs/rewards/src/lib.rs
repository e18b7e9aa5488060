//! Rewards program: stake the service's staking token in 30/90/180-day lock tiers; keepers
//! post weekly epochs (Merkle root plus funded totals per reward mint); stakers claim their
//! tokenized-stock rewards with Merkle proofs. See docs/rewards.md.
#![no_std]

pub mod error;
pub mod events;
pub mod instruction;
pub mod instructions;
pub mod merkle;
pub mod state;
pub mod tier;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint;

use pinocchio::address::declare_id;

// The local world deploys through the ordinary loader, which needs the program's keypair; the
// canonical id's keypair is a deployment secret, so the local world builds with an id whose
// keypair is public (`program-id.local.json`, local world only). See docs/decisions/0422-the-local-world-deploys-programs-under-ids-of-its-own.md.
// Codama reads the last `declare_id!`, so the canonical id stays last.
#[cfg(feature = "localnet-ids")]
declare_id!("C1EVMT2BhvyjoFnMXyLmnXjkKGVq5jdkf9WCPXE2tiG8");
#[cfg(not(feature = "localnet-ids"))]
declare_id!("Cag41vF9wEy64VXVJuA5Ts8WiYewPrjuutdr59g23vhb");
