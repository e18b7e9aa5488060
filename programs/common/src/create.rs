//! Creating program-owned accounts at program-derived addresses.
//!
//! The upstream BPF backend passes at most five arguments in registers (a slice counts as
//! two) and refuses stack arguments, so the out-of-line function takes one struct.

use pinocchio::{
    cpi::Signer,
    sysvars::{rent::Rent, Sysvar},
    AccountView, Address, ProgramResult,
};
use pinocchio_system::instructions::{Allocate, Assign, CreateAccount, Transfer};

/// What to create: `account` (a PDA signed for by `signer`) with `space` zeroed bytes owned
/// by `owner`, rent paid by `payer`.
pub struct NewAccount<'a, 'b> {
    pub payer: &'a AccountView,
    pub account: &'a AccountView,
    pub space: usize,
    pub owner: &'a Address,
    /// Seeds of `account`, with its bump.
    pub signer: &'a [Signer<'a, 'b>],
}

/// Creates the account described by `spec`, rent-exempt.
///
/// A stranger can send lamports to a PDA before it exists, which would make a plain
/// `CreateAccount` fail forever; in that case the account is topped up to the rent
/// minimum, then allocated and assigned, so pre-funding cannot block initialization.
#[inline(never)]
pub fn create_account(spec: &NewAccount) -> ProgramResult {
    let minimum = Rent::get()?.try_minimum_balance(spec.space)?;
    let current = spec.account.lamports();
    if current == 0 {
        return CreateAccount {
            from: spec.payer,
            to: spec.account,
            lamports: minimum,
            space: spec.space as u64,
            owner: spec.owner,
        }
        .invoke_signed(spec.signer);
    }
    if current < minimum {
        // `minimum > current` here, so the subtraction cannot underflow.
        #[allow(clippy::arithmetic_side_effects)]
        let missing = minimum - current;
        Transfer {
            from: spec.payer,
            to: spec.account,
            lamports: missing,
        }
        .invoke()?;
    }
    Allocate {
        account: spec.account,
        space: spec.space as u64,
    }
    .invoke_signed(spec.signer)?;
    Assign {
        account: spec.account,
        owner: spec.owner,
    }
    .invoke_signed(spec.signer)
}

/// [`create_account`] with positional arguments; always inlined, so no call passes six
/// arguments.
#[inline(always)]
pub fn create_pda_account(
    payer: &AccountView,
    account: &AccountView,
    space: usize,
    owner: &Address,
    signer: &[Signer],
) -> ProgramResult {
    create_account(&NewAccount {
        payer,
        account,
        space,
        owner,
        signer,
    })
}
