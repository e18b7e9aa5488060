//! `add_liquidity(stock_amount: u64, usd_amount: u64)`: the pool owner deposits into the
//! vaults. Accounts: see `pool_accounts` (the signer is the pool owner; accounts 6 and 7 are
//! the owner's token accounts the amounts come from).
//!
//! No LP token: a test venue's pool belongs to whoever seeds it, and nothing withdraws
//! liquidity (the world re-seeds a pool by adding to it).

use super::{pool_accounts::PoolAccounts, read_u64};
use crate::{
    error::SwapError,
    transfer::{transfer_checked, Transfer},
};
use basket_common::{bytes::eq32, CommonError};
use pinocchio::{AccountView, ProgramResult};

pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    if data.len() != 16 {
        return Err(CommonError::InvalidInstructionData.into());
    }
    let stock_amount = read_u64(data, 0);
    let usd_amount = read_u64(data, 8);
    let a = PoolAccounts::parse(accounts)?;
    if !eq32(a.signer.address().as_array(), &a.owner) {
        return Err(SwapError::NotPoolOwner.into());
    }
    if stock_amount == 0 && usd_amount == 0 {
        return Err(SwapError::ZeroAmount.into());
    }
    if stock_amount > 0 {
        transfer_checked(
            &Transfer {
                token_program: a.stock_token_program.address(),
                from: a.user_stock,
                mint: a.stock_mint,
                to: a.stock_vault,
                authority: a.signer,
                amount: stock_amount,
                decimals: a.stock_decimals,
                extra: a.hook_accounts,
            },
            &[],
        )?;
    }
    if usd_amount > 0 {
        transfer_checked(
            &Transfer {
                token_program: a.usd_token_program.address(),
                from: a.user_usd,
                mint: a.usd_mint,
                to: a.usd_vault,
                authority: a.signer,
                amount: usd_amount,
                decimals: a.usd_decimals,
                extra: &[],
            },
            &[],
        )?;
    }
    Ok(())
}
