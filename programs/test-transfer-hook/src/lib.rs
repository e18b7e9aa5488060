//! Test-only transfer-hook program (spl-transfer-hook-interface): a mint's hook that records
//! every transfer in a per-mint record account, or refuses every transfer while in refuse
//! mode, or only those touching one account in refuse-account mode. Its extra-account-meta list names one extra account, the record (writable), so a
//! caller must resolve and pass it like any real hook's extra accounts. Never deployed with
//! the product. See docs/decisions/0496-a-test-only-transfer-hook-program.md.
//!
//! Instructions (8-byte discriminators of the interface, plus one of its own):
//! - `initialize_extra_account_meta_list`: `[WRITE]` validation PDA
//!   `["extra-account-metas", mint]`, `[]` mint, `[WRITE, SIGNER]` authority (pays, and alone
//!   may set the mode), `[]` system program, `[WRITE]` record PDA `["record", mint]`.
//! - `execute(amount)`: source, mint, destination, owner, validation PDA, `[WRITE]` record.
//! - `set_mode(mode[, account])` (`b"set_mode"` then one byte: 0 record, 1 refuse, 2 refuse
//!   the transfers whose source, destination or owner is `account`, the 32 bytes that follow):
//!   `[WRITE]` record, `[SIGNER]` authority.
#![no_std]

#[cfg(not(feature = "no-entrypoint"))]
mod entrypoint;
pub mod processor;

use pinocchio::address::declare_id;

// Keypair public on purpose (programs/test-transfer-hook/program-id.json): a test program,
// never deployed to a real cluster.
declare_id!("N8duKhBiWAEmuxbU9PdCCyKiCthjAfaV4vBLNGJoUj4");

/// `sha256("spl-transfer-hook-interface:execute")[..8]`.
pub const EXECUTE: [u8; 8] = [105, 37, 101, 197, 75, 251, 102, 26];
/// `sha256("spl-transfer-hook-interface:initialize-extra-account-metas")[..8]`.
pub const INITIALIZE_EXTRA_ACCOUNT_META_LIST: [u8; 8] = [43, 34, 13, 49, 167, 88, 235, 235];
/// This program's own instruction.
pub const SET_MODE: [u8; 8] = *b"set_mode";

/// Seed of the validation account (the interface's).
pub const EXTRA_ACCOUNT_METAS_SEED: &[u8] = b"extra-account-metas";
/// Seed of the per-mint record.
pub const RECORD_SEED: &[u8] = b"record";

/// Record layout: `[0..32]` authority, `[32]` mode (0 record, 1 refuse, 2 refuse one account),
/// `[33..41]` transfer count, `[41..49]` total raw amount (u64 LE, wrapping), `[49..81]` the
/// refused account of mode 2. Only the transfers that happened are counted.
pub const RECORD_LEN: usize = 81;
/// Validation layout: Execute discriminator, u32 length, u32 count, one 35-byte meta.
pub const VALIDATION_LEN: usize = 8 + 4 + 4 + 35;

/// The error refuse mode returns (custom code).
pub const REFUSED: u32 = 7000;
/// The error refuse-account mode returns for a transfer touching the refused account.
pub const ACCOUNT_REFUSED: u32 = 7001;

/// Mode byte: every transfer refused.
pub const MODE_REFUSE: u8 = 1;
/// Mode byte: transfers from, to or by the record's refused account refused, others recorded.
pub const MODE_REFUSE_ACCOUNT: u8 = 2;
