//! The pool account: PDA `["pool", stock_mint, usd_mint]` of this program.
//!
//! Layout (165 bytes, alignment 1):
//! - `[0]` discriminator 1, `[1]` version 1, `[2]` canonical bump
//! - `[3..5]` fee in basis points (u16 LE)
//! - `[5..37]` owner (the only key that may add liquidity)
//! - `[37..69]` stock mint, `[69..101]` stablecoin mint
//! - `[101..133]` stock vault, `[133..165]` stablecoin vault (token accounts owned by the pool)
//!
//! Reserves are not stored: a swap prices on the vaults' real balances, so a donation, or the
//! issuer's permanent delegate taking tokens out of a vault, moves the price as it would on a
//! real venue and nothing booked can disagree with what is there.

use basket_common::layout::{AccountLayout, PodU16};

pub const POOL_SEED: &[u8] = b"pool";

#[repr(C)]
pub struct Pool {
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub fee_bps: PodU16,
    pub owner: [u8; 32],
    pub stock_mint: [u8; 32],
    pub usd_mint: [u8; 32],
    pub stock_vault: [u8; 32],
    pub usd_vault: [u8; 32],
}

// SAFETY: `repr(C)`, only `u8` and byte-array fields, so alignment 1, no padding, and every
// byte pattern is a valid value.
unsafe impl AccountLayout for Pool {
    const DISCRIMINATOR: u8 = 1;
    const VERSION: u8 = 1;
}

const _: () = assert!(core::mem::align_of::<Pool>() == 1 && Pool::LEN == 165);
