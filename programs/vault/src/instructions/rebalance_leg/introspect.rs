//! Reading the rebalance transaction from the instructions sysvar.
//!
//! Serialization of the sysvar (written by the runtime): `[count u16]`, `count` offsets
//! (u16 each) of the instructions, then per instruction `[n_accounts u16]`, `n_accounts` x
//! (`[flags u8][key 32]`), `[program id 32]`, `[data_len u16]`, `data`; the last two bytes
//! are the index of the instruction being executed. Every read below is bounds-checked, so
//! forged or truncated bytes fail instead of reading out of range (the address of the
//! account is checked by the caller as well).
//!
//! The accepted layout, and nothing else:
//! 1. the current instruction is this program's (a CPI would show the caller's here);
//! 2. every instruction before it is a compute-budget instruction;
//! 3. after it, exactly one top-level token-program instruction: a `TransferChecked` on the
//!    mint's token program, of the quoted mint and raw amount, into the vault's holding;
//! 4. after that transfer, exactly one vault instruction: `rebalance_settle` of the same
//!    vault; no other vault instruction anywhere in the transaction.
//!
//! Other programs' instructions may follow (the counterparty's own bookkeeping): they
//! cannot move the vault's tokens, which only the vault PDA can sign for.

use crate::{error::VaultError, instruction::discriminator, words::key_eq};
use basket_common::token2022::{TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID};

/// `ComputeBudget111111111111111111111111111111`.
pub const COMPUTE_BUDGET_PROGRAM_ID: [u8; 32] = [
    3, 6, 70, 111, 229, 33, 23, 50, 255, 236, 173, 186, 114, 195, 155, 231, 188, 140, 229, 187,
    197, 247, 18, 107, 44, 67, 155, 58, 64, 0, 0, 0,
];

pub(crate) const TRANSFER_CHECKED: u8 = 12;
const ACCOUNT_META_LEN: usize = 33;

/// The incoming leg `rebalance_leg` requires.
pub struct ExpectedLeg<'a> {
    /// The token program owning the quoted mint.
    pub token_program: &'a [u8; 32],
    pub mint: &'a [u8; 32],
    /// The vault's holding of the quoted mint (or its cash buffer).
    pub destination: &'a [u8; 32],
    pub amount: u64,
    /// The vault state account, which the settle must name.
    pub vault: &'a [u8; 32],
}

/// One instruction of the transaction.
struct Ix<'a> {
    accounts: &'a [u8],
    program_id: &'a [u8; 32],
    data: &'a [u8],
}

impl<'a> Ix<'a> {
    fn key(&self, index: usize) -> Option<&'a [u8; 32]> {
        let start = index.checked_mul(ACCOUNT_META_LEN)?.checked_add(1)?;
        self.accounts
            .get(start..start.checked_add(32)?)?
            .try_into()
            .ok()
    }
}

fn u16_at(data: &[u8], at: usize) -> Option<usize> {
    let b = data.get(at..at.checked_add(2)?)?;
    Some(usize::from(u16::from_le_bytes([b[0], b[1]])))
}

struct Sysvar<'a> {
    data: &'a [u8],
    count: usize,
    current: usize,
}

impl<'a> Sysvar<'a> {
    fn parse(data: &'a [u8]) -> Option<Self> {
        let count = u16_at(data, 0)?;
        let current = u16_at(data, data.len().checked_sub(2)?)?;
        (current < count).then_some(Self {
            data,
            count,
            current,
        })
    }

    fn at(&self, index: usize) -> Option<Ix<'a>> {
        if index >= self.count {
            return None;
        }
        let start = u16_at(self.data, index.checked_mul(2)?.checked_add(2)?)?;
        let n = u16_at(self.data, start)?;
        let accounts_start = start.checked_add(2)?;
        let accounts_end = accounts_start.checked_add(n.checked_mul(ACCOUNT_META_LEN)?)?;
        let accounts = self.data.get(accounts_start..accounts_end)?;
        let program_id = self
            .data
            .get(accounts_end..accounts_end.checked_add(32)?)?
            .try_into()
            .ok()?;
        let len_at = accounts_end.checked_add(32)?;
        let len = u16_at(self.data, len_at)?;
        let data_start = len_at.checked_add(2)?;
        let data = self.data.get(data_start..data_start.checked_add(len)?)?;
        Some(Ix {
            accounts,
            program_id,
            data,
        })
    }
}

/// Checks the transaction around `rebalance_leg` has exactly the accepted layout.
pub fn check_leg_layout(sysvar_data: &[u8], leg: &ExpectedLeg) -> Result<(), VaultError> {
    let sysvar = Sysvar::parse(sysvar_data).ok_or(VaultError::NotTopLevel)?;
    let this = sysvar.at(sysvar.current).ok_or(VaultError::NotTopLevel)?;
    if !key_eq(this.program_id, crate::ID.as_array()) {
        return Err(VaultError::NotTopLevel);
    }
    for i in 0..sysvar.current {
        let ix = sysvar.at(i).ok_or(VaultError::RebalanceNotFirst)?;
        if !key_eq(ix.program_id, &COMPUTE_BUDGET_PROGRAM_ID) {
            return Err(VaultError::RebalanceNotFirst);
        }
    }
    let mut transfer_at = None;
    let mut settle_at = None;
    for i in sysvar.current.saturating_add(1)..sysvar.count {
        let ix = sysvar.at(i).ok_or(VaultError::LegMissing)?;
        if key_eq(ix.program_id, crate::ID.as_array()) {
            let is_settle = ix.data == [discriminator::REBALANCE_SETTLE]
                && ix.key(0).is_some_and(|k| key_eq(k, leg.vault));
            if !is_settle || settle_at.is_some() {
                return Err(VaultError::UnexpectedVaultInstruction);
            }
            settle_at = Some(i);
        } else if key_eq(ix.program_id, TOKEN_PROGRAM_ID.as_array())
            || key_eq(ix.program_id, TOKEN_2022_PROGRAM_ID.as_array())
        {
            if transfer_at.is_some() {
                return Err(VaultError::ExtraTokenInstruction);
            }
            check_transfer(&ix, leg)?;
            transfer_at = Some(i);
        }
    }
    match (transfer_at, settle_at) {
        (None, _) => Err(VaultError::LegMissing),
        (Some(t), Some(s)) if s > t => Ok(()),
        _ => Err(VaultError::SettleMissing),
    }
}

/// The one token instruction after the leg: `TransferChecked` of the quoted mint and raw
/// amount into the vault's holding, on the mint's token program.
fn check_transfer(ix: &Ix, leg: &ExpectedLeg) -> Result<(), VaultError> {
    let [tag, amount @ .., _decimals] = ix.data else {
        return Err(VaultError::LegNotTransferChecked);
    };
    if *tag != TRANSFER_CHECKED || amount.len() != 8 {
        return Err(VaultError::LegNotTransferChecked);
    }
    if !key_eq(ix.program_id, leg.token_program) {
        return Err(VaultError::LegWrongTokenProgram);
    }
    // TransferChecked accounts: source, mint, destination, authority (then multisig signers).
    let mint = ix.key(1).ok_or(VaultError::LegNotTransferChecked)?;
    let destination = ix.key(2).ok_or(VaultError::LegNotTransferChecked)?;
    if !key_eq(mint, leg.mint) {
        return Err(VaultError::LegWrongMint);
    }
    if !key_eq(destination, leg.destination) {
        return Err(VaultError::LegWrongDestination);
    }
    let mut raw = [0u8; 8];
    raw.copy_from_slice(amount);
    if u64::from_le_bytes(raw) != leg.amount {
        return Err(VaultError::LegWrongAmount);
    }
    Ok(())
}
