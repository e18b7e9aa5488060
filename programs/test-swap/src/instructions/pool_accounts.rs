//! The ten accounts `add_liquidity` and `swap` share, checked against the pool:
//!
//! 0. `[SIGNER]` the trader (or, for `add_liquidity`, the pool owner)
//! 1. `[]` pool
//! 2. `[]` stock mint
//! 3. `[]` stablecoin mint
//! 4. `[WRITE]` stock vault
//! 5. `[WRITE]` stablecoin vault
//! 6. `[WRITE]` the signer's stock token account
//! 7. `[WRITE]` the signer's stablecoin token account
//! 8. `[]` the stock mint's token program
//! 9. `[]` the stablecoin mint's token program
//!
//! Then, from index 10: the stock's transfer-hook extra accounts (`[]` or `[WRITE]`), as
//! resolved for the transfer.

use crate::{error::SwapError, state::Pool};
use basket_common::{
    bytes::{address_eq, eq32},
    layout::AccountLayout,
    token2022,
    validate::{check_signer, check_token_program_for_mint},
    CommonError,
};
use pinocchio::{error::ProgramError, AccountView};

pub struct PoolAccounts<'a> {
    pub signer: &'a AccountView,
    pub pool: &'a AccountView,
    pub stock_mint: &'a AccountView,
    pub usd_mint: &'a AccountView,
    pub stock_vault: &'a AccountView,
    pub usd_vault: &'a AccountView,
    pub user_stock: &'a AccountView,
    pub user_usd: &'a AccountView,
    pub stock_token_program: &'a AccountView,
    pub usd_token_program: &'a AccountView,
    pub hook_accounts: &'a [AccountView],
    /// Copied from the pool so no borrow of its data outlives the checks.
    pub bump: u8,
    pub fee_bps: u16,
    pub owner: [u8; 32],
    pub stock_decimals: u8,
    pub usd_decimals: u8,
}

impl<'a> PoolAccounts<'a> {
    pub fn parse(accounts: &'a [AccountView]) -> Result<Self, ProgramError> {
        let [signer, pool, stock_mint, usd_mint, stock_vault, usd_vault, user_stock, user_usd, stock_token_program, usd_token_program, hook_accounts @ ..] =
            accounts
        else {
            return Err(CommonError::NotEnoughAccounts.into());
        };
        check_signer(signer)?;
        if !pool.owned_by(&crate::ID) {
            return Err(CommonError::InvalidOwner.into());
        }
        // SAFETY: read-only view, copied out before any CPI.
        let state = Pool::load(unsafe { pool.borrow_unchecked() })?;
        if !eq32(stock_mint.address().as_array(), &state.stock_mint)
            || !eq32(usd_mint.address().as_array(), &state.usd_mint)
            || !eq32(stock_vault.address().as_array(), &state.stock_vault)
            || !eq32(usd_vault.address().as_array(), &state.usd_vault)
        {
            return Err(SwapError::PoolAccountMismatch.into());
        }
        check_token_program_for_mint(stock_token_program, stock_mint)?;
        check_token_program_for_mint(usd_token_program, usd_mint)?;
        check_user_account(user_stock, stock_mint, stock_vault)?;
        check_user_account(user_usd, usd_mint, usd_vault)?;
        // SAFETY: read-only views of the mints, dropped at the end of these statements.
        let stock_decimals = token2022::mint_decimals(unsafe { stock_mint.borrow_unchecked() })?;
        let usd_decimals = token2022::mint_decimals(unsafe { usd_mint.borrow_unchecked() })?;
        Ok(Self {
            signer,
            pool,
            stock_mint,
            usd_mint,
            stock_vault,
            usd_vault,
            user_stock,
            user_usd,
            stock_token_program,
            usd_token_program,
            hook_accounts,
            bump: state.bump,
            fee_bps: state.fee_bps.get(),
            owner: state.owner,
            stock_decimals,
            usd_decimals,
        })
    }

    /// Real balances of the two vaults: `(stock, usd)`.
    pub fn reserves(&self) -> Result<(u64, u64), ProgramError> {
        Ok((balance(self.stock_vault)?, balance(self.usd_vault)?))
    }
}

/// A user token account of `mint` (owned by the mint's token program) that is not the vault.
fn check_user_account(
    account: &AccountView,
    mint: &AccountView,
    vault: &AccountView,
) -> Result<(), ProgramError> {
    if address_eq(account.address(), vault.address()) || !account.owned_by(&mint.owner()) {
        return Err(SwapError::InvalidUserAccount.into());
    }
    // SAFETY: read-only view, dropped at the end of this function.
    let view = token2022::token_account(unsafe { account.borrow_unchecked() })
        .map_err(|_| SwapError::InvalidUserAccount)?;
    if !eq32(view.mint, mint.address().as_array()) {
        return Err(SwapError::InvalidUserAccount.into());
    }
    Ok(())
}

fn balance(vault: &AccountView) -> Result<u64, ProgramError> {
    // SAFETY: read-only view, dropped before any CPI. The vault's address was matched with
    // the pool's, which only stores accounts checked at pool creation.
    Ok(token2022::token_account(unsafe { vault.borrow_unchecked() })?.amount)
}
