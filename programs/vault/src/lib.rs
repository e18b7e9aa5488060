//! The vault program: one basket vault per SKU. Users deposit a stablecoin and receive
//! shares priced from the oracle NAV; admins (3 of 5) pause the vault and change target
//! weights behind a 48 h timelock. Design and status: docs/vault.md; byte layouts:
//! docs/layouts/vault.md.
#![no_std]

pub mod create;
pub mod error;
pub mod events;
pub mod holdings;
pub mod instruction;
pub mod instructions;
pub mod issuer_events;
pub mod issuer_mint;
pub mod live_events;
pub mod mint_multiplier;
pub mod nav;
pub mod price_memo;
pub mod share_math;
pub mod snapshot;
pub mod state;
pub mod token_cpi;
pub mod words;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint;

use pinocchio::address::declare_id;

// The local world deploys through the ordinary loader, which needs the program's keypair; the
// canonical id's keypair is a deployment secret, so the local world builds with an id whose
// keypair is public (`program-id.local.json`, local world only). See docs/decisions/0422-the-local-world-deploys-programs-under-ids-of-its-own.md.
// Codama reads the last `declare_id!`, so the canonical id stays last.
#[cfg(feature = "localnet-ids")]
declare_id!("9kgY8WqobNRctvbus8wgCg9sJwqxpcVdNgPp7uBs41mq");
#[cfg(not(feature = "localnet-ids"))]
declare_id!("9N5wBSU9d4vG9KVEHQ6V3SCGEWrNS2ZVTuS5i5BgcP6b");
