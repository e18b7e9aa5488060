//! Reading the rebalance transaction from the instructions sysvar.
//!
//! Serialization of the sysvar (written by the runtime): `[count u16]`, `count` offsets
//! (u16 each) of the instructions, then per instruction `[n_accounts u16]`, `n_accounts` x
//! (`[flags u8][key 32]`), `[program id 32]`, `[data_len u16]`, `data`; the last two bytes
//! are the index of the instruction being executed. Every read below is bounds-checked, so
//! forged or truncated bytes fail instead of reading out of range (the address of the
//! account is checked by the caller as well).
//!
//! The leg is route-agnostic: the vault validates it by what reaches its holding, measured
//! by `rebalance_settle`, not by the shape of the route. What is read here is only what
//! makes that measurement certain to run:
//! 1. the current instruction is this program's (a CPI would show the caller's here);
//! 2. a later top-level instruction is `rebalance_settle` of the same vault.
//!
//! Anything else may come before or in between (an aggregator's swap with its CPIs, an RFQ
//! provider's transfers, the trade authority's own transfer into the holding): the vault's
//! tokens move only by the vault PDA's signature, and the re-entrancy lock refuses every
//! other vault instruction while the leg is pending.

use crate::{error::VaultError, instruction::discriminator, words::key_eq};

const ACCOUNT_META_LEN: usize = 33;

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

/// Checks the current instruction is the vault's at top level and that a later top-level
/// instruction is `rebalance_settle` naming `vault` (its first account).
pub fn check_settle_follows(sysvar_data: &[u8], vault: &[u8; 32]) -> Result<(), VaultError> {
    let sysvar = Sysvar::parse(sysvar_data).ok_or(VaultError::NotTopLevel)?;
    let this = sysvar.at(sysvar.current).ok_or(VaultError::NotTopLevel)?;
    if !key_eq(this.program_id, crate::ID.as_array()) {
        return Err(VaultError::NotTopLevel);
    }
    for i in sysvar.current.saturating_add(1)..sysvar.count {
        let ix = sysvar.at(i).ok_or(VaultError::SettleMissing)?;
        if key_eq(ix.program_id, crate::ID.as_array())
            && ix.data == [discriminator::REBALANCE_SETTLE]
            && ix.key(0).is_some_and(|k| key_eq(k, vault))
        {
            return Ok(());
        }
    }
    Err(VaultError::SettleMissing)
}
