//! `initialize_pool(fee_bps: u16)`: creates the pool of a stock against the stablecoin.
//!
//! 0. `[WRITE, SIGNER]` owner: pays for the pool and is the only key that may add liquidity
//! 1. `[WRITE]` pool: PDA `["pool", stock_mint, usd_mint]`, created here
//! 2. `[]` stock mint
//! 3. `[]` stablecoin mint
//! 4. `[]` stock vault: token account of the stock mint owned by the pool (the client creates
//!    it, usually as the pool's associated token account, so the token program sizes it
//!    for every account extension the mint requires)
//! 5. `[]` stablecoin vault: likewise for the stablecoin mint
//! 6. `[]` system program
//!
//! Anyone may create the pool of a pair, once: a test venue has no governance to protect.

use crate::{
    curve::MAX_FEE_BPS,
    error::SwapError,
    state::{Pool, POOL_SEED},
};
use basket_common::{
    bytes::address_eq,
    create::create_pda_account,
    layout::{AccountLayout, PodU16},
    pda,
    token2022::{self, extension},
    validate::{check_signer, check_system_program, check_writable},
    CommonError,
};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    AccountView, ProgramResult,
};

pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [owner, pool, stock_mint, usd_mint, stock_vault, usd_vault, system_program, ..] = accounts
    else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let [lo, hi] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    let fee_bps = u16::from_le_bytes([*lo, *hi]);
    if fee_bps > MAX_FEE_BPS {
        return Err(SwapError::FeeTooHigh.into());
    }
    check_signer(owner)?;
    check_writable(owner)?;
    check_writable(pool)?;
    check_system_program(system_program)?;
    if address_eq(stock_mint.address(), usd_mint.address()) {
        return Err(SwapError::SameMint.into());
    }
    check_mint(stock_mint)?;
    check_mint(usd_mint)?;
    check_vault(stock_vault, stock_mint, pool)?;
    check_vault(usd_vault, usd_mint, pool)?;
    if !pool.is_data_empty() || pool.owned_by(&crate::ID) {
        return Err(CommonError::AlreadyInitialized.into());
    }

    let stock = stock_mint.address().as_array();
    let usd = usd_mint.address().as_array();
    let bump = pda::find_canonical(pool, &[POOL_SEED, stock, usd], &crate::ID)?;
    let bump_seed = [bump];
    let seeds = [
        Seed::from(POOL_SEED),
        Seed::from(stock),
        Seed::from(usd),
        Seed::from(&bump_seed),
    ];
    create_pda_account(owner, pool, Pool::LEN, &crate::ID, &[Signer::from(&seeds)])?;
    let mut pool_account = *pool;
    // SAFETY: created above; nothing else borrows it.
    let state = Pool::init(unsafe { pool_account.borrow_unchecked_mut() })?;
    state.bump = bump;
    state.fee_bps = PodU16::new(fee_bps);
    state.owner = *owner.address().as_array();
    state.stock_mint = *stock;
    state.usd_mint = *usd;
    state.stock_vault = *stock_vault.address().as_array();
    state.usd_vault = *usd_vault.address().as_array();
    Ok(())
}

/// A mint of either token program without an extension that makes an exact quote
/// impossible: a transfer fee (the vault would receive less than the quote assumes),
/// interest-bearing (amounts drift), non-transferable (nothing can move).
fn check_mint(mint: &AccountView) -> Result<(), ProgramError> {
    if !token2022::is_token_program(&mint.owner()) {
        return Err(CommonError::InvalidOwner.into());
    }
    // SAFETY: read-only view, dropped at the end of this function.
    let data = unsafe { mint.borrow_unchecked() };
    token2022::mint_decimals(data)?;
    for entry in token2022::mint_extensions(data)? {
        let (ty, _) = entry?;
        if matches!(
            ty,
            extension::TRANSFER_FEE_CONFIG
                | extension::NON_TRANSFERABLE
                | extension::INTEREST_BEARING_CONFIG
        ) {
            return Err(SwapError::UnsupportedMint.into());
        }
    }
    Ok(())
}

/// A token account of `mint` under the mint's token program, owned by the pool, with no
/// delegate and no close authority (nobody but the pool can move or close it).
fn check_vault(
    vault: &AccountView,
    mint: &AccountView,
    pool: &AccountView,
) -> Result<(), ProgramError> {
    if !vault.owned_by(&mint.owner()) {
        return Err(SwapError::InvalidVault.into());
    }
    // SAFETY: read-only view, dropped at the end of this function.
    let data = unsafe { vault.borrow_unchecked() };
    let view = token2022::token_account(data).map_err(|_| SwapError::InvalidVault)?;
    // [72..76] delegate COption tag, [129..133] close authority COption tag.
    let delegated = data[72..76].iter().any(|b| *b != 0);
    let closable = data[129..133].iter().any(|b| *b != 0);
    if !address_eq_bytes(view.mint, mint.address().as_array())
        || !address_eq_bytes(view.owner, pool.address().as_array())
        || delegated
        || closable
    {
        return Err(SwapError::InvalidVault.into());
    }
    Ok(())
}

#[inline(always)]
fn address_eq_bytes(a: &[u8; 32], b: &[u8; 32]) -> bool {
    basket_common::bytes::eq32(a, b)
}
