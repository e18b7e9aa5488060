//! Accounts owned by the vault program. Byte layouts: docs/layouts/vault.md.

mod asset;
mod redemption;
mod vault_state;
mod withdrawal_request;

pub use asset::*;
pub use redemption::*;
pub use vault_state::*;
pub use withdrawal_request::*;

/// Account type discriminators (first byte of every account). Append-only.
pub mod account_type {
    pub const VAULT_STATE: u8 = 1;
    pub const REDEMPTION_CLAIM: u8 = 2;
    pub const WITHDRAWAL_REQUEST: u8 = 3;
}

/// Seed prefix of a vault's state account: `["vault", sku_id (16 bytes)]`.
pub const VAULT_SEED: &[u8] = b"vault";
/// Seed prefix of a vault's share mint: `["share", sku_id (16 bytes)]`.
pub const SHARE_SEED: &[u8] = b"share";
/// Seed prefix of a vault's token accounts: `["holding", sku_id (16 bytes), mint (32 bytes)]`.
pub const HOLDING_SEED: &[u8] = b"holding";
