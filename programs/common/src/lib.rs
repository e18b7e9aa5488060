//! Building blocks shared by the three programs of the basket vault.
//!
//! Everything here is `no_std`, allocation-free and avoids the operations the upstream BPF
//! backend cannot lower (128-bit multiply/divide, floating point): see `docs/toolchain.md`.
#![no_std]

pub mod bytes;
pub mod create;
pub mod error;
pub mod event;
pub mod key_list;
pub mod layout;
pub mod math;
pub mod multiplier;
pub mod panic;
pub mod pda;
pub mod signer_set;
pub mod token2022;
pub mod upgrade_authority;
pub mod validate;

pub use error::CommonError;
