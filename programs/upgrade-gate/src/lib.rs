//! Upgrade gate: the upgrade authority of the product's programs is this program's PDA
//! `["upgrade_authority"]`, and the program calls the upgradeable loader's `Upgrade` and
//! `SetAuthority` with it only when `threshold` (3) distinct members of its configured
//! 5-admin set sign the same transaction. The loader itself accepts one authority key; this
//! puts the admin multisig in front of it on chain. See docs/operations.md.
#![no_std]

pub mod approval;
pub mod error;
pub mod instruction;
pub mod loader;
pub mod processor;
pub mod state;

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint;

use pinocchio::address::declare_id;

// As for the other programs (docs/decisions/0422-the-local-world-deploys-programs-under-ids-of-its-own.md): the local world deploys with an id whose
// keypair is public (`program-id.local.json`); Codama reads the last `declare_id!`, so the
// canonical id stays last.
#[cfg(feature = "localnet-ids")]
declare_id!("B4PwVTFLGzMoqiidgbHFXKFDyth3eoZAHpT7NMAYu6SQ");
#[cfg(not(feature = "localnet-ids"))]
declare_id!("9193GsPGRRKxiNwC7EzoABcXzE4eSfx88UEDTG2r9x3G");
