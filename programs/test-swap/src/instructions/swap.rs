//! `swap(direction: u8, amount_in: u64, min_amount_out: u64)`: exact-in swap at the
//! constant-product price of the vaults' real balances (`curve::quote_exact_in`).
//! Accounts: see `pool_accounts` (the signer is the trader and owns accounts 6 and 7).
//!
//! Direction 0 sells the stock (stock in, stablecoin out); 1 buys it (stablecoin in, stock
//! out). The input moves first (signed by the trader), then the output (signed by the pool);
//! the stock's transfer carries the hook's extra accounts. The amount paid out is set as
//! return data (u64 LE), so a calling program can read it.

use super::{pool_accounts::PoolAccounts, read_u64};
use crate::{
    curve::{quote_exact_in, Reserves},
    error::SwapError,
    state::POOL_SEED,
    transfer::{transfer_checked, Transfer},
};
use basket_common::CommonError;
use pinocchio::{
    cpi::{set_return_data, Seed, Signer},
    AccountView, ProgramResult,
};

pub const SELL_STOCK: u8 = 0;
pub const BUY_STOCK: u8 = 1;

pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [direction, rest @ ..] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    if rest.len() != 16 {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let amount_in = read_u64(rest, 0);
    let min_amount_out = read_u64(rest, 8);
    if *direction != SELL_STOCK && *direction != BUY_STOCK {
        return Err(SwapError::InvalidDirection.into());
    }
    let a = PoolAccounts::parse(accounts)?;
    let (stock_reserve, usd_reserve) = a.reserves()?;
    let selling = *direction == SELL_STOCK;
    let reserves = if selling {
        Reserves {
            reserve_in: stock_reserve,
            reserve_out: usd_reserve,
        }
    } else {
        Reserves {
            reserve_in: usd_reserve,
            reserve_out: stock_reserve,
        }
    };
    let quote = quote_exact_in(&reserves, amount_in, a.fee_bps)?;
    if quote.amount_out < min_amount_out {
        return Err(SwapError::SlippageExceeded.into());
    }

    let stock_leg = |from, to, authority, amount| Transfer {
        token_program: a.stock_token_program.address(),
        from,
        mint: a.stock_mint,
        to,
        authority,
        amount,
        decimals: a.stock_decimals,
        extra: a.hook_accounts,
    };
    let usd_leg = |from, to, authority, amount| Transfer {
        token_program: a.usd_token_program.address(),
        from,
        mint: a.usd_mint,
        to,
        authority,
        amount,
        decimals: a.usd_decimals,
        extra: &[],
    };
    let bump_seed = [a.bump];
    let seeds = [
        Seed::from(POOL_SEED),
        Seed::from(a.stock_mint.address().as_array()),
        Seed::from(a.usd_mint.address().as_array()),
        Seed::from(&bump_seed),
    ];
    let pool_signs = [Signer::from(&seeds)];
    if selling {
        transfer_checked(
            &stock_leg(a.user_stock, a.stock_vault, a.signer, amount_in),
            &[],
        )?;
        transfer_checked(
            &usd_leg(a.usd_vault, a.user_usd, a.pool, quote.amount_out),
            &pool_signs,
        )?;
    } else {
        transfer_checked(&usd_leg(a.user_usd, a.usd_vault, a.signer, amount_in), &[])?;
        transfer_checked(
            &stock_leg(a.stock_vault, a.user_stock, a.pool, quote.amount_out),
            &pool_signs,
        )?;
    }
    set_return_data(&quote.amount_out.to_le_bytes());
    Ok(())
}
