//! Target weights behind a 48 h timelock.
//!
//! - `update_weights(new_weights[20])` (admin multisig): validates and queues the weights,
//!   applicable from `now + 48 h`; refused while another change is pending.
//! - `apply_weights(nonce)` (anyone): installs the queued weights once `now >= eta`.
//! - `cancel_weights(nonce)` (admin multisig): drops the queued weights.
//!
//! Apply and cancel name the queued change by its nonce, so a transaction built for one
//! change can never act on a later one.
//!
//! Accounts: 0. `[WRITE]` vault state; 1.. `[SIGNER]` admin signers (update and cancel).

use super::{admin, init_vault::validate_weights};
use crate::{
    error::VaultError,
    events::{VaultEventKind, WeightsAppliedEvent, WeightsCancelledEvent, WeightsQueuedEvent},
    state::{VaultState, MAX_ASSETS},
};
use basket_common::event::Event as _;
use basket_common::layout::{PodI64, PodU64};
use basket_common::CommonError;
use pinocchio::{
    sysvars::{clock::Clock, Sysvar},
    AccountView, ProgramResult,
};

/// The weight-change timelock: 48 hours.
pub const WEIGHT_TIMELOCK_SECS: i64 = 48 * 3600;

/// `update_weights` data: twenty u16 LE weights (bps; zero past the asset count).
pub fn parse_weights(data: &[u8]) -> Result<[u16; MAX_ASSETS], CommonError> {
    if data.len() != MAX_ASSETS * 2 {
        return Err(CommonError::InvalidInstructionData);
    }
    let mut w = [0u16; MAX_ASSETS];
    for (i, pair) in data.chunks_exact(2).enumerate() {
        w[i] = u16::from_le_bytes([pair[0], pair[1]]);
    }
    Ok(w)
}

/// `apply_weights` / `cancel_weights` data: the pending change's nonce, u64 LE.
pub fn parse_nonce(data: &[u8]) -> Result<u64, CommonError> {
    let bytes: [u8; 8] = data
        .try_into()
        .map_err(|_| CommonError::InvalidInstructionData)?;
    Ok(u64::from_le_bytes(bytes))
}

fn pending(state: &VaultState, nonce: u64) -> Result<i64, VaultError> {
    let eta = state.pending_weights_eta.get();
    if eta == 0 {
        return Err(VaultError::NoPendingWeights);
    }
    if state.pending_weights_nonce.get() != nonce {
        return Err(VaultError::PendingWeightsMismatch);
    }
    Ok(eta)
}

/// Emits `event` (WeightsQueued, WeightsApplied or WeightsCancelled: one layout).
fn emit(state: &mut VaultState, event: VaultEventKind) {
    let seq = state.next_event_sequence();
    let (sku_id, nonce, eta) = (
        state.sku_id,
        PodU64::new(state.pending_weights_nonce.get()),
        PodI64::new(state.pending_weights_eta.get()),
    );
    let event_sequence = PodU64::new(seq);
    match event {
        VaultEventKind::WeightsQueued => WeightsQueuedEvent {
            sku_id,
            nonce,
            eta,
            event_sequence,
        }
        .emit(),
        VaultEventKind::WeightsApplied => WeightsAppliedEvent {
            sku_id,
            nonce,
            eta,
            event_sequence,
        }
        .emit(),
        _ => WeightsCancelledEvent {
            sku_id,
            nonce,
            eta,
            event_sequence,
        }
        .emit(),
    }
}

#[inline(never)]
pub fn process_update(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let weights = parse_weights(data)?;
    let state = admin::load_vault_as_admin(vault, signers)?;
    validate_weights(&weights, state.asset_count as usize)?;
    if state.pending_weights_eta.get() != 0 {
        return Err(VaultError::WeightsAlreadyPending.into());
    }
    let now = Clock::get()?.unix_timestamp;
    let eta = now
        .checked_add(WEIGHT_TIMELOCK_SECS)
        .ok_or(CommonError::MathOverflow)?;
    let nonce = state
        .pending_weights_nonce
        .get()
        .checked_add(1)
        .ok_or(CommonError::MathOverflow)?;
    for (slot, w) in state.pending_weights.iter_mut().zip(weights) {
        slot.set(w);
    }
    state.pending_weights_eta.set(eta);
    state.pending_weights_nonce.set(nonce);
    emit(state, VaultEventKind::WeightsQueued);
    Ok(())
}

#[inline(never)]
pub fn process_apply(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let nonce = parse_nonce(data)?;
    let state = admin::load_vault_mut(vault)?;
    let eta = pending(state, nonce)?;
    if Clock::get()?.unix_timestamp < eta {
        return Err(VaultError::TimelockNotElapsed.into());
    }
    let n = state.asset_count as usize;
    for i in 0..n.min(MAX_ASSETS) {
        let w = state.pending_weights[i].get();
        state.assets[i].target_weight_bps.set(w);
    }
    emit(state, VaultEventKind::WeightsApplied);
    clear(state);
    Ok(())
}

#[inline(never)]
pub fn process_cancel(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let nonce = parse_nonce(data)?;
    let state = admin::load_vault_as_admin(vault, signers)?;
    pending(state, nonce)?;
    emit(state, VaultEventKind::WeightsCancelled);
    clear(state);
    Ok(())
}

/// Clears the pending change (the nonce stays, so the next change gets a new one).
fn clear(state: &mut VaultState) {
    state.pending_weights_eta.set(0);
    for slot in state.pending_weights.iter_mut() {
        slot.set(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_twenty_weights_and_a_nonce() {
        let mut d = [0u8; 40];
        d[0..2].copy_from_slice(&6_000u16.to_le_bytes());
        d[38..40].copy_from_slice(&7u16.to_le_bytes());
        let w = parse_weights(&d).unwrap();
        assert_eq!((w[0], w[19]), (6_000, 7));
        assert!(parse_weights(&d[..39]).is_err());
        assert_eq!(parse_nonce(&9u64.to_le_bytes()), Ok(9));
        assert!(parse_nonce(&[1, 2, 3]).is_err());
    }
}
