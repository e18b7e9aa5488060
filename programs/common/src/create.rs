//! Creating program-owned accounts at program-derived addresses.

use pinocchio::{
    cpi::Signer,
    sysvars::{rent::Rent, Sysvar},
    AccountView, Address, ProgramResult,
};
use pinocchio_system::instructions::{Allocate, Assign, CreateAccount, Transfer};

/// Creates `account` (a PDA signed for by `signer`) with `space` bytes owned by `owner`,
/// paid by `payer`.
///
/// A stranger can send lamports to a PDA before it exists, which would make a plain
/// `CreateAccount` fail forever; in that case the account is topped up to the rent
/// minimum, then allocated and assigned, so pre-funding cannot block initialization.
pub fn create_pda_account(
    payer: &AccountView,
    account: &AccountView,
    space: usize,
    owner: &Address,
    signer: &[Signer],
) -> ProgramResult {
    let minimum = Rent::get()?.try_minimum_balance(space)?;
    let current = account.lamports();
    if current == 0 {
        return CreateAccount {
            from: payer,
            to: account,
            lamports: minimum,
            space: space as u64,
            owner,
        }
        .invoke_signed(signer);
    }
    if current < minimum {
        // `minimum > current` here, so the subtraction cannot underflow.
        #[allow(clippy::arithmetic_side_effects)]
        let missing = minimum - current;
        Transfer {
            from: payer,
            to: account,
            lamports: missing,
        }
        .invoke()?;
    }
    Allocate {
        account,
        space: space as u64,
    }
    .invoke_signed(signer)?;
    Assign { account, owner }.invoke_signed(signer)
}
