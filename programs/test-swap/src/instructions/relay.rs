//! `relay(data)`: invokes the program at account 0 with the remaining accounts (same order,
//! the signer and writable flags the transaction gave them) and `data` as is. Test-only: it
//! stands for a route (an aggregator's program, an RFQ provider's contract) that calls back
//! into another program, such as the vault, in the middle of a rebalance.

use basket_common::CommonError;
use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount},
    instruction::{InstructionAccount, InstructionView},
    AccountView, ProgramResult,
};

/// The most accounts relayed.
const MAX_RELAYED: usize = 24;

pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [program, relayed @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    if relayed.is_empty() || relayed.len() > MAX_RELAYED {
        return Err(CommonError::NotEnoughAccounts.into());
    }
    let first = &relayed[0];
    let mut metas: [InstructionAccount; MAX_RELAYED] =
        core::array::from_fn(|_| InstructionAccount::readonly(first.address()));
    let mut views = [CpiAccount::from(first); MAX_RELAYED];
    for (i, account) in relayed.iter().enumerate() {
        metas[i] = InstructionAccount::new(
            account.address(),
            account.is_writable(),
            account.is_signer(),
        );
        views[i] = CpiAccount::from(account);
    }
    let ix = InstructionView {
        program_id: program.address(),
        accounts: &metas[..relayed.len()],
        data,
    };
    // SAFETY: every meta is built from the view at the same index and this program holds no
    // borrow of any account's data; a failing callee aborts the whole transaction.
    unsafe { invoke_signed_unchecked(&ix, &views[..relayed.len()], &[]) };
    Ok(())
}
