//! Instruction set. Data is `[discriminator u8][fields, packed LE]`.

pub mod add_liquidity;
pub mod initialize_pool;
pub mod pool_accounts;
pub mod relay;
pub mod swap;

/// `initialize_pool(fee_bps: u16)`.
pub const INITIALIZE_POOL: u8 = 0;
/// `add_liquidity(stock_amount: u64, usd_amount: u64)`.
pub const ADD_LIQUIDITY: u8 = 1;
/// `swap(direction: u8, amount_in: u64, min_amount_out: u64)`.
pub const SWAP: u8 = 2;
/// `relay(data)`: test-only callback into another program (see `relay.rs`).
pub const RELAY: u8 = 3;

/// Reads a little-endian `u64` at `at`.
#[inline(always)]
pub(crate) fn read_u64(data: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    // Callers check the data length first.
    #[allow(clippy::arithmetic_side_effects)]
    b.copy_from_slice(&data[at..at + 8]);
    u64::from_le_bytes(b)
}
