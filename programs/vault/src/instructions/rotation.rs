//! Keeper and trade-authority rotation behind the 48 h timelock, like the weights.
//!
//! - `queue_rotation(kind, new_key)` (admin multisig): queues the new key, applicable from
//!   `now + 48 h`; one pending change per kind (cancel it first).
//! - `apply_rotation(kind, nonce)` (anyone): installs the queued key once `now >= eta`.
//! - `cancel_rotation(kind, nonce)` (admin multisig): drops it.
//!
//! Kinds: 1 = keeper (signs `rebalance_leg` and `fulfil_withdrawal`), 2 = trade authority
//! (the only owner `rebalance_leg` pays into). Apply and cancel name the change by kind and
//! nonce, so a transaction built for one change never acts on another.
//!
//! Accounts: 0. `[WRITE]` vault state; 1.. `[SIGNER]` admin signers (queue and cancel).

use super::{admin, weights::WEIGHT_TIMELOCK_SECS};
use crate::{
    error::VaultError,
    events::{RotationAppliedEvent, RotationCancelledEvent, RotationQueuedEvent},
    state::VaultState,
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::CommonError;
use pinocchio::{
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

/// Rotation kinds (`kind` byte of the instructions and events).
pub const ROTATE_KEEPER: u8 = 1;
pub const ROTATE_TRADE_AUTHORITY: u8 = 2;

/// `[kind u8][32 bytes]` (queue) or `[kind u8][nonce u64 LE]` (apply, cancel): the kind's
/// slot index and the rest.
fn parse(data: &[u8], rest_len: usize) -> Result<(usize, &[u8]), VaultError> {
    let [kind, rest @ ..] = data else {
        return Err(VaultError::InvalidRotation);
    };
    if rest.len() != rest_len || !(ROTATE_KEEPER..=ROTATE_TRADE_AUTHORITY).contains(kind) {
        return Err(VaultError::InvalidRotation);
    }
    // kind is 1 or 2 (checked above): the slot is 0 or 1.
    Ok((usize::from(kind.saturating_sub(1)), rest))
}

fn parse_nonce(data: &[u8]) -> Result<(usize, u64), VaultError> {
    let (slot, rest) = parse(data, 8)?;
    let mut b = [0u8; 8];
    b.copy_from_slice(rest);
    Ok((slot, u64::from_le_bytes(b)))
}

/// The pending change of `slot` named `nonce`: its eta.
fn pending(state: &VaultState, slot: usize, nonce: u64) -> Result<i64, VaultError> {
    let eta = state.pending_rotation_eta[slot].get();
    if eta == 0 || state.pending_rotation_nonce[slot].get() != nonce {
        return Err(VaultError::NoPendingRotation);
    }
    Ok(eta)
}

/// Emits one of the three rotation events (same fields) for `slot`'s pending change.
fn emit(state: &mut VaultState, slot: usize, which: u8) {
    let event_sequence = PodU64::new(state.next_event_sequence());
    // `slot` is 0 or 1 (checked by `parse`), so `kind` is 1 or 2.
    let kind = if slot == 0 {
        ROTATE_KEEPER
    } else {
        ROTATE_TRADE_AUTHORITY
    };
    let (sku_id, new_key) = (state.sku_id, state.pending_rotation_key[slot]);
    let nonce = PodU64::new(state.pending_rotation_nonce[slot].get());
    let eta = PodI64::new(state.pending_rotation_eta[slot].get());
    match which {
        0 => RotationQueuedEvent {
            sku_id,
            kind,
            new_key,
            nonce,
            eta,
            event_sequence,
        }
        .emit(),
        1 => RotationAppliedEvent {
            sku_id,
            kind,
            new_key,
            nonce,
            eta,
            event_sequence,
        }
        .emit(),
        _ => RotationCancelledEvent {
            sku_id,
            kind,
            new_key,
            nonce,
            eta,
            event_sequence,
        }
        .emit(),
    }
}

fn clear(state: &mut VaultState, slot: usize) {
    state.pending_rotation_eta[slot].set(0);
    state.pending_rotation_key[slot] = [0; 32];
}

#[inline(never)]
pub fn process_queue(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let (slot, key) = parse(data, 32)?;
    let state = admin::load_vault_as_admin(vault, signers)?;
    let mut new_key = [0u8; 32];
    new_key.copy_from_slice(key);
    if new_key == [0; 32] {
        return Err(VaultError::InvalidRotation.into());
    }
    if state.pending_rotation_eta[slot].get() != 0 {
        return Err(VaultError::RotationAlreadyPending.into());
    }
    let eta = Clock::get()?
        .unix_timestamp
        .checked_add(WEIGHT_TIMELOCK_SECS)
        .ok_or(CommonError::MathOverflow)?;
    let nonce = state
        .rotation_nonce
        .get()
        .checked_add(1)
        .ok_or(CommonError::MathOverflow)?;
    state.rotation_nonce.set(nonce);
    state.pending_rotation_nonce[slot].set(nonce);
    state.pending_rotation_key[slot] = new_key;
    state.pending_rotation_eta[slot].set(eta);
    emit(state, slot, 0);
    Ok(())
}

#[inline(never)]
pub fn process_apply(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let (slot, nonce) = parse_nonce(data)?;
    let state = admin::load_vault_mut(vault)?;
    let eta = pending(state, slot, nonce)?;
    if Clock::get()?.unix_timestamp < eta {
        return Err(VaultError::TimelockNotElapsed.into());
    }
    let key = state.pending_rotation_key[slot];
    if slot == 0 {
        state.keeper = key;
    } else {
        state.trade_authority = key;
    }
    emit(state, slot, 1);
    clear(state, slot);
    Ok(())
}

#[inline(never)]
pub fn process_cancel(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let (slot, nonce) = parse_nonce(data)?;
    let state = admin::load_vault_as_admin(vault, signers)?;
    pending(state, slot, nonce)?;
    emit(state, slot, 2);
    clear(state, slot);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_two_kinds_and_refuses_others_and_wrong_lengths() {
        let mut d = [0u8; 9];
        d[0] = 2;
        d[1..].copy_from_slice(&7u64.to_le_bytes());
        assert_eq!(parse_nonce(&d), Ok((1, 7)));
        d[0] = 1;
        assert_eq!(parse_nonce(&d), Ok((0, 7)));
        for bad in [0u8, 3, 255] {
            d[0] = bad;
            assert_eq!(parse_nonce(&d), Err(VaultError::InvalidRotation));
        }
        assert_eq!(parse(&[1; 32], 32), Err(VaultError::InvalidRotation));
        assert_eq!(parse(&[1; 33], 32).map(|(s, k)| (s, k.len())), Ok((0, 32)));
        assert_eq!(parse(&[], 8), Err(VaultError::InvalidRotation));
    }
}
