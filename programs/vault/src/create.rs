//! Creating program-derived accounts, with every argument in one struct.
//!
//! The upstream BPF backend passes at most five arguments in registers (a slice counts as
//! two) and refuses stack arguments; `basket_common::create::create_pda_account` takes six,
//! which only links where LLVM happens to inline it. The vault calls account creation from
//! several places, so it uses this struct-argument form. Behaviour is the same: a PDA that a
//! stranger pre-funded is topped up, allocated and assigned instead of failing forever.

use pinocchio::{
    cpi::Signer,
    sysvars::{rent::Rent, Sysvar},
    AccountView, Address, ProgramResult,
};
use pinocchio_system::instructions::{Allocate, Assign, CreateAccount, Transfer};

/// What to create.
pub struct NewAccount<'a, 'b> {
    pub payer: &'a AccountView,
    pub account: &'a AccountView,
    pub space: usize,
    pub owner: &'a Address,
    /// Seeds of `account` (with its bump).
    pub signer: &'a [Signer<'a, 'b>],
}

/// Creates `spec.account` with `spec.space` zeroed bytes owned by `spec.owner`, rent-exempt.
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
