//! Events of the admin and keeper operations: init_vault, pause, weights, fees, asset
//! status, rebalance legs and share metadata.

use super::VaultEventKind;
use basket_common::layout::{PodI64, PodU64};
use codama_macros::CodamaType;

/// `init_vault`: a vault and its share mint exist.
///
/// Payload: 57 bytes after `[1][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct VaultInitializedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub share_mint: [u8; 32],
    pub asset_count: u8,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    VaultInitializedEvent,
    VaultEventKind::VaultInitialized,
    version = 1,
    len = 57
);

/// `set_paused`.
///
/// Payload: 25 bytes after `[3][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct PauseSetEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// 1 = paused, 0 = running.
    pub paused: u8,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    PauseSetEvent,
    VaultEventKind::PauseSet,
    version = 1,
    len = 25
);

/// `update_weights`: new target weights queued behind the 48 h timelock.
///
/// Payload: 40 bytes after `[4][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WeightsQueuedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    /// Earliest apply time (unix seconds).
    #[codama(type = number(i64))]
    pub eta: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    WeightsQueuedEvent,
    VaultEventKind::WeightsQueued,
    version = 1,
    len = 40
);

/// `apply_weights`: the queued weights took effect.
///
/// Payload: 40 bytes after `[5][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WeightsAppliedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(i64))]
    pub eta: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    WeightsAppliedEvent,
    VaultEventKind::WeightsApplied,
    version = 1,
    len = 40
);

/// `cancel_weights`: the queued weights were dropped.
///
/// Payload: 40 bytes after `[6][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WeightsCancelledEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(i64))]
    pub eta: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    WeightsCancelledEvent,
    VaultEventKind::WeightsCancelled,
    version = 1,
    len = 40
);

/// `collect_mgmt_fee`: management fee minted as shares.
///
/// Version 2 adds the fee accrued by this instruction itself.
///
/// Payload: 56 bytes after `[8][2]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct MgmtFeeCollectedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = number(u64))]
    pub shares_minted: PodU64,
    /// Effective supply (unchanged by minting what was owed).
    #[codama(type = number(u64))]
    pub supply: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Management-fee shares accrued by this instruction (part of `shares_minted`).
    #[codama(type = number(u64))]
    pub mgmt_fee_accrued: PodU64,
}

basket_common::impl_event!(
    MgmtFeeCollectedEvent,
    VaultEventKind::MgmtFeeCollected,
    version = 2,
    len = 56
);

/// `collect_withdraw_fees`: the withdrawal fees kept in the cash buffer paid to the
/// treasury's stablecoin account.
///
/// Payload: 40 bytes after `[27][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WithdrawFeesCollectedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// Stablecoin raw units paid to the treasury (every fee owed until now).
    #[codama(type = number(u64))]
    pub fee_usd: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    WithdrawFeesCollectedEvent,
    VaultEventKind::WithdrawFeesCollected,
    version = 1,
    len = 40
);

/// `collect_perf_fee`: performance fee minted as shares.
///
/// Version 2 adds the management fee accrued and the supply after (`supply_before` plus
/// `fee_shares`).
///
/// Payload: 88 bytes after `[10][2]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct PerfFeeCrystallizedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = number(u64))]
    pub fee_shares: PodU64,
    /// New high-water mark (NAV per share).
    #[codama(type = number(u64))]
    pub new_hwm_pps: PodU64,
    /// NAV (rounded down).
    #[codama(type = number(u64))]
    pub nav_usd: PodU64,
    #[codama(type = number(u64))]
    pub supply_before: PodU64,
    /// Sequence of the oracle snapshot that priced the instruction.
    #[codama(type = number(u64))]
    pub snapshot_sequence: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Management-fee shares accrued to the treasury by this instruction (before pricing;
    /// owed, not minted: they are in `supply_before` and `supply_after`).
    #[codama(type = number(u64))]
    pub mgmt_fee_accrued: PodU64,
    /// Effective share supply after the instruction (minted + fee shares owed + escrowed).
    #[codama(type = number(u64))]
    pub supply_after: PodU64,
}

basket_common::impl_event!(
    PerfFeeCrystallizedEvent,
    VaultEventKind::PerfFeeCrystallized,
    version = 2,
    len = 88
);

/// `set_asset_status`.
///
/// Payload: 26 bytes after `[11][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct AssetStatusSetEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    pub asset_index: u8,
    /// 1 Active, 2 Frozen, 3 Retired.
    pub status: u8,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    AssetStatusSetEvent,
    VaultEventKind::AssetStatusSet,
    version = 1,
    len = 26
);

/// `rebalance_leg`: one swap leg between two book slots. Version 2 adds both mints, version 3
/// the paying slot's book after.
///
/// Payload: 146 bytes after `[12][3]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RebalanceLegEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// Slot paid out (asset index, 255 = cash buffer).
    pub pay_slot: u8,
    pub receive_slot: u8,
    #[codama(type = public_key)]
    pub pay_mint: [u8; 32],
    #[codama(type = public_key)]
    pub receive_mint: [u8; 32],
    #[codama(type = number(u64))]
    pub pay_amount_raw: PodU64,
    #[codama(type = number(u64))]
    pub received_amount_raw: PodU64,
    /// Value paid out (1e-6 USD, rounded up).
    #[codama(type = number(u64))]
    pub value_out: PodU64,
    /// Value received (1e-6 USD, rounded down).
    #[codama(type = number(u64))]
    pub value_in: PodU64,
    /// Sequence of the oracle snapshot that priced the instruction.
    #[codama(type = number(u64))]
    pub snapshot_sequence: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Book of the paying slot after the leg (the cash book when `pay_slot` is 255); the
    /// receiving slot is booked by `RebalanceSettled`.
    #[codama(type = number(u64))]
    pub pay_book_after: PodU64,
}

basket_common::impl_event!(
    RebalanceLegEvent,
    VaultEventKind::RebalanceLeg,
    version = 3,
    len = 146
);

/// `set_share_metadata`.
///
/// Payload: 24 bytes after `[15][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct ShareMetadataSetEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    ShareMetadataSetEvent,
    VaultEventKind::ShareMetadataSet,
    version = 1,
    len = 24
);
