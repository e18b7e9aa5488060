use super::account_type;
use basket_common::layout::{AccountLayout, PodI64, PodU64};
use codama_macros::CodamaAccount;

/// Seed prefix of a withdrawal request: `["wreq", vault (32), owner (32), nonce (u64 LE)]`.
pub const REQUEST_SEED: &[u8] = b"wreq";

/// Seconds after a request from which anyone may cancel it in the owner's favour (the
/// keeper ignored it): 72 h covers a weekend of closed primary markets plus a day.
pub const REQUEST_DEADLINE_SECS: i64 = 72 * 3600;

/// A stablecoin withdrawal waiting for the keeper (`request_withdraw_usdc`): the shares are
/// burned from the owner and counted in the vault's `escrowed_shares`; `fulfil_withdrawal`
/// pays them at a snapshot published after `requested_at`, `cancel_withdrawal` re-mints
/// them. Closed (rent to the owner) by either.
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "wreq"))]
#[codama(seed(name = "vault"))]
#[codama(seed(name = "owner"))]
#[codama(seed(name = "nonce"))]
pub struct WithdrawalRequest {
    #[codama(default_value = 3)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    #[codama(type = fixed_size(bytes, 5))]
    pub reserved: [u8; 5],
    #[codama(type = public_key)]
    pub vault: [u8; 32],
    /// Who escrowed the shares; the payout and a cancel go to this key's token accounts.
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub shares: PodU64,
    /// Least net stablecoin payout (raw) the owner accepts.
    #[codama(type = number(u64))]
    pub min_out: PodU64,
    #[codama(type = number(i64))]
    pub requested_at: PodI64,
}

const _: () = assert!(
    core::mem::size_of::<WithdrawalRequest>() == 104
        && core::mem::align_of::<WithdrawalRequest>() == 1
);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for WithdrawalRequest {
    const DISCRIMINATOR: u8 = account_type::WITHDRAWAL_REQUEST;
    const VERSION: u8 = 1;
}
