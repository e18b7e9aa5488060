//! `set_asset_status(asset_index, status)`: the admin multisig freezes, unfreezes or retires
//! one asset, immediately.
//!
//! Accounts: 0. `[WRITE]` vault state; 1.. `[SIGNER]` admin signers.
//! Data: `[0]` asset index (< asset count), `[1]` status (1 Active, 2 Frozen, 3 Retired).
//!
//! Transitions: Active <-> Frozen; Active or Frozen -> Retired only with target weight 0 and
//! book 0; Retired is final; setting the current status again is refused (no silent no-op).

use super::admin;
use crate::{
    error::VaultError,
    events::AssetStatusSetEvent,
    state::{AssetEntry, AssetStatus},
};
use basket_common::event::Event as _;
use basket_common::{layout::PodU64, CommonError};
use pinocchio::{AccountView, ProgramResult};

/// Whether `asset` may move to `to`.
pub fn check_transition(asset: &AssetEntry, to: AssetStatus) -> Result<(), VaultError> {
    let from = asset.status()?;
    let allowed = match (from, to) {
        (AssetStatus::Active, AssetStatus::Frozen) | (AssetStatus::Frozen, AssetStatus::Active) => {
            true
        }
        (AssetStatus::Active | AssetStatus::Frozen, AssetStatus::Retired) => {
            asset.target_weight_bps.get() == 0 && asset.holdings_raw.get() == 0
        }
        _ => false,
    };
    if allowed {
        Ok(())
    } else {
        Err(VaultError::InvalidStatusTransition)
    }
}

#[inline(never)]
pub fn process(accounts: &[AccountView], data: &[u8]) -> ProgramResult {
    let [vault, signers @ ..] = accounts else {
        return Err(CommonError::NotEnoughAccounts.into());
    };
    let [index, status] = data else {
        return Err(CommonError::InvalidInstructionData.into());
    };
    let to = AssetStatus::try_from(*status).map_err(|_| CommonError::InvalidInstructionData)?;
    let state = admin::load_vault_as_admin(vault, signers)?;
    let asset = state
        .assets_mut()
        .get_mut(*index as usize)
        .ok_or(VaultError::InvalidAssetCount)?;
    check_transition(asset, to)?;
    asset.status = to as u8;
    state.invalidate_nav_cache();
    let seq = state.next_event_sequence();
    AssetStatusSetEvent {
        sku_id: state.sku_id,
        asset_index: *index,
        status: *status,
        event_sequence: PodU64::new(seq),
    }
    .emit();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use basket_common::layout::{PodU16, PodU64};

    fn asset(status: AssetStatus, weight: u16, book: u64) -> AssetEntry {
        AssetEntry {
            mint: [1; 32],
            holdings_raw: PodU64::new(book),
            target_weight_bps: PodU16::new(weight),
            token_program: 1,
            decimals: 8,
            status: status as u8,
            holding_bump: 255,
            prev_unit_1e8: PodU64::new(0),
            seen_unit_1e8: PodU64::new(0),
            unit_inexact: 0,
            reserved: [0; 1],
            verified_bits: Default::default(),
            ext_offset: Default::default(),
            reserved2: [0; 6],
            holding: [0; 32],
            permanent_delegate: [0; 32],
            claims_owed_raw: Default::default(),
            delegate_offset: Default::default(),
            mint_flags: 0,
            reserved3: [0; 5],
        }
    }

    #[test]
    fn every_transition_of_the_table() {
        use AssetStatus::*;
        let cases = [
            (Active, Frozen, 100, 5, true),
            (Frozen, Active, 100, 5, true),
            (Active, Active, 100, 5, false),
            (Frozen, Frozen, 100, 5, false),
            (Active, Retired, 0, 0, true),
            (Frozen, Retired, 0, 0, true),
            (Active, Retired, 1, 0, false),
            (Active, Retired, 0, 1, false),
            (Retired, Active, 0, 0, false),
            (Retired, Frozen, 0, 0, false),
            (Retired, Retired, 0, 0, false),
        ];
        for (from, to, weight, book, ok) in cases {
            assert_eq!(
                check_transition(&asset(from, weight, book), to).is_ok(),
                ok,
                "{from:?} -> {to:?} w{weight} b{book}"
            );
        }
    }
}
