//! Events of the vault program: the single definition of each event. The program emits
//! `[VaultEventKind][version][struct bytes]` (one `sol_log_data` field); the IDL lists the
//! structs and the kind enum as defined types, and the SDK decodes them with the generated
//! codecs. Amounts are raw token units, values 1e-6 USD. See docs/sdk.md, "Events".

use basket_common::{
    event::EventInfo,
    layout::{PodI64, PodU64},
};
use codama_macros::CodamaType;

/// Event discriminators of this program (first byte of every event). Append-only and
/// contiguous from 0: the Codama JS renderer numbers enum variants by position and ignores
/// explicit values, so `Reserved = 0` (never emitted) keeps every generated TypeScript value
/// equal to the byte on chain.
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaType)]
#[repr(u8)]
pub enum VaultEventKind {
    /// Never emitted.
    Reserved = 0,
    VaultInitialized = 1,
    Deposit = 2,
    PauseSet = 3,
    WeightsQueued = 4,
    WeightsApplied = 5,
    WeightsCancelled = 6,
    WithdrawInKind = 7,
    MgmtFeeCollected = 8,
    WithdrawStable = 9,
    PerfFeeCrystallized = 10,
    AssetStatusSet = 11,
    RebalanceLeg = 12,
    RedemptionBegun = 13,
    RedemptionPaid = 14,
    ShareMetadataSet = 15,
    NavRefreshed = 16,
    HoldingBelowBook = 17,
    PermanentDelegateChanged = 18,
    InKindNotPaid = 19,
    RebalanceSettled = 20,
    WithdrawalRequested = 21,
    WithdrawalFulfilled = 22,
    WithdrawalCancelled = 23,
    RotationQueued = 24,
    RotationApplied = 25,
    RotationCancelled = 26,
}

pub use crate::issuer_events::*;
pub use crate::live_events::*;

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

/// `deposit`: stablecoin in, shares out.
///
/// Payload: 104 bytes after `[2][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct DepositEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub depositor: [u8; 32],
    /// Stablecoin received (raw units).
    #[codama(type = number(u64))]
    pub raw_amount: PodU64,
    /// Shares minted.
    #[codama(type = number(u64))]
    pub shares: PodU64,
    /// NAV before the deposit (1e-6 USD, rounded up).
    #[codama(type = number(u64))]
    pub nav_usd: PodU64,
    /// Effective share supply before.
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
}

basket_common::impl_event!(
    DepositEvent,
    VaultEventKind::Deposit,
    version = 1,
    len = 104
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

/// `withdraw_in_kind`: shares burned for a pro-rata slice of every holding.
///
/// Payload: 248 bytes after `[7][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WithdrawInKindEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    /// Shares burned.
    #[codama(type = number(u64))]
    pub shares: PodU64,
    /// Stablecoin paid (raw units).
    #[codama(type = number(u64))]
    pub cash_out: PodU64,
    #[codama(type = number(u64))]
    pub supply_before: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Raw amount paid per asset slot.
    #[codama(type = array(number(u64), 20))]
    pub amounts: [PodU64; 20],
}

basket_common::impl_event!(
    WithdrawInKindEvent,
    VaultEventKind::WithdrawInKind,
    version = 1,
    len = 248
);

/// `collect_mgmt_fee`: management fee minted as shares.
///
/// Payload: 48 bytes after `[8][1]`.
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
}

basket_common::impl_event!(
    MgmtFeeCollectedEvent,
    VaultEventKind::MgmtFeeCollected,
    version = 1,
    len = 48
);

/// `withdraw_usdc`: shares burned for stablecoin from the cash buffer.
///
/// Payload: 128 bytes after `[9][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WithdrawStableEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    /// Shares burned.
    #[codama(type = number(u64))]
    pub shares: PodU64,
    #[codama(type = number(u64))]
    pub gross_usd: PodU64,
    /// Withdrawal fee kept by the vault.
    #[codama(type = number(u64))]
    pub fee_usd: PodU64,
    /// Stablecoin paid out.
    #[codama(type = number(u64))]
    pub net_usd: PodU64,
    /// NAV before (1e-6 USD, rounded down).
    #[codama(type = number(u64))]
    pub nav_usd: PodU64,
    #[codama(type = number(u64))]
    pub supply_before: PodU64,
    /// Cash buffer after the payout.
    #[codama(type = number(u64))]
    pub cash_left: PodU64,
    /// Sequence of the oracle snapshot that priced the instruction.
    #[codama(type = number(u64))]
    pub snapshot_sequence: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    WithdrawStableEvent,
    VaultEventKind::WithdrawStable,
    version = 1,
    len = 128
);

/// `collect_perf_fee`: performance fee minted as shares.
///
/// Payload: 72 bytes after `[10][1]`.
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
}

basket_common::impl_event!(
    PerfFeeCrystallizedEvent,
    VaultEventKind::PerfFeeCrystallized,
    version = 1,
    len = 72
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

/// `rebalance_leg`: one swap leg between two book slots. Version 2 adds both mints.
///
/// Payload: 138 bytes after `[12][2]`.
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
}

basket_common::impl_event!(
    RebalanceLegEvent,
    VaultEventKind::RebalanceLeg,
    version = 2,
    len = 138
);

/// `begin_redemption`: shares burned, a redemption claim opened.
///
/// Payload: 256 bytes after `[13][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RedemptionBegunEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub shares: PodU64,
    #[codama(type = number(u64))]
    pub cash_owed: PodU64,
    #[codama(type = number(u64))]
    pub supply_before: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Raw amount owed per asset slot.
    #[codama(type = array(number(u64), 20))]
    pub owed: [PodU64; 20],
}

basket_common::impl_event!(
    RedemptionBegunEvent,
    VaultEventKind::RedemptionBegun,
    version = 1,
    len = 256
);

/// `pay_redemption`: slots of a claim paid.
///
/// Payload: 240 bytes after `[14][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RedemptionPaidEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub cash_paid: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Raw amount paid per asset slot.
    #[codama(type = array(number(u64), 20))]
    pub paid: [PodU64; 20],
}

basket_common::impl_event!(
    RedemptionPaidEvent,
    VaultEventKind::RedemptionPaid,
    version = 1,
    len = 240
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

/// `refresh_nav`: the vault's NAV at a snapshot, every held asset priced (the cached value
/// later deposits and withdrawals at that snapshot use).
///
/// Payload: 64 bytes after `[16][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct NavRefreshedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// Oracle sequence of the snapshot priced with.
    #[codama(type = number(u64))]
    pub snapshot_sequence: PodU64,
    /// NAV (cash included), 1e-6 USD, rounded up (deposit pricing) and down (payouts).
    #[codama(type = number(u64))]
    pub nav_up_usd: PodU64,
    #[codama(type = number(u64))]
    pub nav_down_usd: PodU64,
    /// Cash book, raw stablecoin units (6 decimals, valued at par).
    #[codama(type = number(u64))]
    pub cash_raw: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    NavRefreshedEvent,
    VaultEventKind::NavRefreshed,
    version = 1,
    len = 64
);

/// Every event of this program in discriminator order (read by `scripts/idl-gen`).
pub const EVENTS: &[EventInfo] = &[
    EventInfo::of::<VaultInitializedEvent>("VaultInitializedEvent"),
    EventInfo::of::<DepositEvent>("DepositEvent"),
    EventInfo::of::<PauseSetEvent>("PauseSetEvent"),
    EventInfo::of::<WeightsQueuedEvent>("WeightsQueuedEvent"),
    EventInfo::of::<WeightsAppliedEvent>("WeightsAppliedEvent"),
    EventInfo::of::<WeightsCancelledEvent>("WeightsCancelledEvent"),
    EventInfo::of::<WithdrawInKindEvent>("WithdrawInKindEvent"),
    EventInfo::of::<MgmtFeeCollectedEvent>("MgmtFeeCollectedEvent"),
    EventInfo::of::<WithdrawStableEvent>("WithdrawStableEvent"),
    EventInfo::of::<PerfFeeCrystallizedEvent>("PerfFeeCrystallizedEvent"),
    EventInfo::of::<AssetStatusSetEvent>("AssetStatusSetEvent"),
    EventInfo::of::<RebalanceLegEvent>("RebalanceLegEvent"),
    EventInfo::of::<RedemptionBegunEvent>("RedemptionBegunEvent"),
    EventInfo::of::<RedemptionPaidEvent>("RedemptionPaidEvent"),
    EventInfo::of::<ShareMetadataSetEvent>("ShareMetadataSetEvent"),
    EventInfo::of::<NavRefreshedEvent>("NavRefreshedEvent"),
    EventInfo::of::<HoldingBelowBookEvent>("HoldingBelowBookEvent"),
    EventInfo::of::<PermanentDelegateChangedEvent>("PermanentDelegateChangedEvent"),
    EventInfo::of::<InKindNotPaidEvent>("InKindNotPaidEvent"),
    EventInfo::of::<RebalanceSettledEvent>("RebalanceSettledEvent"),
    EventInfo::of::<WithdrawalRequestedEvent>("WithdrawalRequestedEvent"),
    EventInfo::of::<WithdrawalFulfilledEvent>("WithdrawalFulfilledEvent"),
    EventInfo::of::<WithdrawalCancelledEvent>("WithdrawalCancelledEvent"),
    EventInfo::of::<RotationQueuedEvent>("RotationQueuedEvent"),
    EventInfo::of::<RotationAppliedEvent>("RotationAppliedEvent"),
    EventInfo::of::<RotationCancelledEvent>("RotationCancelledEvent"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use basket_common::event::Event;
    use core::mem::offset_of;

    #[test]
    fn vault_initialized_layout() {
        assert_eq!(<VaultInitializedEvent as Event>::LEN, 57);
        assert_eq!(<VaultInitializedEvent as Event>::DISCRIMINATOR, 1);
        assert_eq!(<VaultInitializedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(VaultInitializedEvent, sku_id), 0);
        assert_eq!(offset_of!(VaultInitializedEvent, share_mint), 16);
        assert_eq!(offset_of!(VaultInitializedEvent, asset_count), 48);
        assert_eq!(offset_of!(VaultInitializedEvent, event_sequence), 49);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: VaultInitializedEvent = unsafe { core::mem::transmute([0xABu8; 57]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 59);
            assert_eq!(&bytes[..2], &[1, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn deposit_layout() {
        assert_eq!(<DepositEvent as Event>::LEN, 104);
        assert_eq!(<DepositEvent as Event>::DISCRIMINATOR, 2);
        assert_eq!(<DepositEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(DepositEvent, sku_id), 0);
        assert_eq!(offset_of!(DepositEvent, depositor), 16);
        assert_eq!(offset_of!(DepositEvent, raw_amount), 48);
        assert_eq!(offset_of!(DepositEvent, shares), 56);
        assert_eq!(offset_of!(DepositEvent, nav_usd), 64);
        assert_eq!(offset_of!(DepositEvent, supply_before), 72);
        assert_eq!(offset_of!(DepositEvent, snapshot_sequence), 80);
        assert_eq!(offset_of!(DepositEvent, unix_time), 88);
        assert_eq!(offset_of!(DepositEvent, event_sequence), 96);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: DepositEvent = unsafe { core::mem::transmute([0xABu8; 104]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 106);
            assert_eq!(&bytes[..2], &[2, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn pause_set_layout() {
        assert_eq!(<PauseSetEvent as Event>::LEN, 25);
        assert_eq!(<PauseSetEvent as Event>::DISCRIMINATOR, 3);
        assert_eq!(<PauseSetEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(PauseSetEvent, sku_id), 0);
        assert_eq!(offset_of!(PauseSetEvent, paused), 16);
        assert_eq!(offset_of!(PauseSetEvent, event_sequence), 17);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: PauseSetEvent = unsafe { core::mem::transmute([0xABu8; 25]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 27);
            assert_eq!(&bytes[..2], &[3, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn weights_queued_layout() {
        assert_eq!(<WeightsQueuedEvent as Event>::LEN, 40);
        assert_eq!(<WeightsQueuedEvent as Event>::DISCRIMINATOR, 4);
        assert_eq!(<WeightsQueuedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(WeightsQueuedEvent, sku_id), 0);
        assert_eq!(offset_of!(WeightsQueuedEvent, nonce), 16);
        assert_eq!(offset_of!(WeightsQueuedEvent, eta), 24);
        assert_eq!(offset_of!(WeightsQueuedEvent, event_sequence), 32);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: WeightsQueuedEvent = unsafe { core::mem::transmute([0xABu8; 40]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 42);
            assert_eq!(&bytes[..2], &[4, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn weights_applied_layout() {
        assert_eq!(<WeightsAppliedEvent as Event>::LEN, 40);
        assert_eq!(<WeightsAppliedEvent as Event>::DISCRIMINATOR, 5);
        assert_eq!(<WeightsAppliedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(WeightsAppliedEvent, sku_id), 0);
        assert_eq!(offset_of!(WeightsAppliedEvent, nonce), 16);
        assert_eq!(offset_of!(WeightsAppliedEvent, eta), 24);
        assert_eq!(offset_of!(WeightsAppliedEvent, event_sequence), 32);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: WeightsAppliedEvent = unsafe { core::mem::transmute([0xABu8; 40]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 42);
            assert_eq!(&bytes[..2], &[5, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn weights_cancelled_layout() {
        assert_eq!(<WeightsCancelledEvent as Event>::LEN, 40);
        assert_eq!(<WeightsCancelledEvent as Event>::DISCRIMINATOR, 6);
        assert_eq!(<WeightsCancelledEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(WeightsCancelledEvent, sku_id), 0);
        assert_eq!(offset_of!(WeightsCancelledEvent, nonce), 16);
        assert_eq!(offset_of!(WeightsCancelledEvent, eta), 24);
        assert_eq!(offset_of!(WeightsCancelledEvent, event_sequence), 32);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: WeightsCancelledEvent = unsafe { core::mem::transmute([0xABu8; 40]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 42);
            assert_eq!(&bytes[..2], &[6, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn withdraw_in_kind_layout() {
        assert_eq!(<WithdrawInKindEvent as Event>::LEN, 248);
        assert_eq!(<WithdrawInKindEvent as Event>::DISCRIMINATOR, 7);
        assert_eq!(<WithdrawInKindEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(WithdrawInKindEvent, sku_id), 0);
        assert_eq!(offset_of!(WithdrawInKindEvent, owner), 16);
        assert_eq!(offset_of!(WithdrawInKindEvent, shares), 48);
        assert_eq!(offset_of!(WithdrawInKindEvent, cash_out), 56);
        assert_eq!(offset_of!(WithdrawInKindEvent, supply_before), 64);
        assert_eq!(offset_of!(WithdrawInKindEvent, unix_time), 72);
        assert_eq!(offset_of!(WithdrawInKindEvent, event_sequence), 80);
        assert_eq!(offset_of!(WithdrawInKindEvent, amounts), 88);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: WithdrawInKindEvent = unsafe { core::mem::transmute([0xABu8; 248]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 250);
            assert_eq!(&bytes[..2], &[7, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn mgmt_fee_collected_layout() {
        assert_eq!(<MgmtFeeCollectedEvent as Event>::LEN, 48);
        assert_eq!(<MgmtFeeCollectedEvent as Event>::DISCRIMINATOR, 8);
        assert_eq!(<MgmtFeeCollectedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(MgmtFeeCollectedEvent, sku_id), 0);
        assert_eq!(offset_of!(MgmtFeeCollectedEvent, shares_minted), 16);
        assert_eq!(offset_of!(MgmtFeeCollectedEvent, supply), 24);
        assert_eq!(offset_of!(MgmtFeeCollectedEvent, unix_time), 32);
        assert_eq!(offset_of!(MgmtFeeCollectedEvent, event_sequence), 40);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: MgmtFeeCollectedEvent = unsafe { core::mem::transmute([0xABu8; 48]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 50);
            assert_eq!(&bytes[..2], &[8, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn withdraw_stable_layout() {
        assert_eq!(<WithdrawStableEvent as Event>::LEN, 128);
        assert_eq!(<WithdrawStableEvent as Event>::DISCRIMINATOR, 9);
        assert_eq!(<WithdrawStableEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(WithdrawStableEvent, sku_id), 0);
        assert_eq!(offset_of!(WithdrawStableEvent, owner), 16);
        assert_eq!(offset_of!(WithdrawStableEvent, shares), 48);
        assert_eq!(offset_of!(WithdrawStableEvent, gross_usd), 56);
        assert_eq!(offset_of!(WithdrawStableEvent, fee_usd), 64);
        assert_eq!(offset_of!(WithdrawStableEvent, net_usd), 72);
        assert_eq!(offset_of!(WithdrawStableEvent, nav_usd), 80);
        assert_eq!(offset_of!(WithdrawStableEvent, supply_before), 88);
        assert_eq!(offset_of!(WithdrawStableEvent, cash_left), 96);
        assert_eq!(offset_of!(WithdrawStableEvent, snapshot_sequence), 104);
        assert_eq!(offset_of!(WithdrawStableEvent, unix_time), 112);
        assert_eq!(offset_of!(WithdrawStableEvent, event_sequence), 120);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: WithdrawStableEvent = unsafe { core::mem::transmute([0xABu8; 128]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 130);
            assert_eq!(&bytes[..2], &[9, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn perf_fee_crystallized_layout() {
        assert_eq!(<PerfFeeCrystallizedEvent as Event>::LEN, 72);
        assert_eq!(<PerfFeeCrystallizedEvent as Event>::DISCRIMINATOR, 10);
        assert_eq!(<PerfFeeCrystallizedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, sku_id), 0);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, fee_shares), 16);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, new_hwm_pps), 24);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, nav_usd), 32);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, supply_before), 40);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, snapshot_sequence), 48);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, unix_time), 56);
        assert_eq!(offset_of!(PerfFeeCrystallizedEvent, event_sequence), 64);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: PerfFeeCrystallizedEvent = unsafe { core::mem::transmute([0xABu8; 72]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 74);
            assert_eq!(&bytes[..2], &[10, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn asset_status_set_layout() {
        assert_eq!(<AssetStatusSetEvent as Event>::LEN, 26);
        assert_eq!(<AssetStatusSetEvent as Event>::DISCRIMINATOR, 11);
        assert_eq!(<AssetStatusSetEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(AssetStatusSetEvent, sku_id), 0);
        assert_eq!(offset_of!(AssetStatusSetEvent, asset_index), 16);
        assert_eq!(offset_of!(AssetStatusSetEvent, status), 17);
        assert_eq!(offset_of!(AssetStatusSetEvent, event_sequence), 18);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: AssetStatusSetEvent = unsafe { core::mem::transmute([0xABu8; 26]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 28);
            assert_eq!(&bytes[..2], &[11, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn rebalance_leg_layout() {
        assert_eq!(<RebalanceLegEvent as Event>::LEN, 138);
        assert_eq!(<RebalanceLegEvent as Event>::DISCRIMINATOR, 12);
        assert_eq!(<RebalanceLegEvent as Event>::VERSION, 2);
        assert_eq!(offset_of!(RebalanceLegEvent, sku_id), 0);
        assert_eq!(offset_of!(RebalanceLegEvent, pay_slot), 16);
        assert_eq!(offset_of!(RebalanceLegEvent, receive_slot), 17);
        assert_eq!(offset_of!(RebalanceLegEvent, pay_mint), 18);
        assert_eq!(offset_of!(RebalanceLegEvent, receive_mint), 50);
        assert_eq!(offset_of!(RebalanceLegEvent, pay_amount_raw), 82);
        assert_eq!(offset_of!(RebalanceLegEvent, received_amount_raw), 90);
        assert_eq!(offset_of!(RebalanceLegEvent, value_out), 98);
        assert_eq!(offset_of!(RebalanceLegEvent, value_in), 106);
        assert_eq!(offset_of!(RebalanceLegEvent, snapshot_sequence), 114);
        assert_eq!(offset_of!(RebalanceLegEvent, unix_time), 122);
        assert_eq!(offset_of!(RebalanceLegEvent, event_sequence), 130);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: RebalanceLegEvent = unsafe { core::mem::transmute([0xABu8; 138]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 140);
            assert_eq!(&bytes[..2], &[12, 2]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn redemption_begun_layout() {
        assert_eq!(<RedemptionBegunEvent as Event>::LEN, 256);
        assert_eq!(<RedemptionBegunEvent as Event>::DISCRIMINATOR, 13);
        assert_eq!(<RedemptionBegunEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(RedemptionBegunEvent, sku_id), 0);
        assert_eq!(offset_of!(RedemptionBegunEvent, owner), 16);
        assert_eq!(offset_of!(RedemptionBegunEvent, nonce), 48);
        assert_eq!(offset_of!(RedemptionBegunEvent, shares), 56);
        assert_eq!(offset_of!(RedemptionBegunEvent, cash_owed), 64);
        assert_eq!(offset_of!(RedemptionBegunEvent, supply_before), 72);
        assert_eq!(offset_of!(RedemptionBegunEvent, unix_time), 80);
        assert_eq!(offset_of!(RedemptionBegunEvent, event_sequence), 88);
        assert_eq!(offset_of!(RedemptionBegunEvent, owed), 96);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: RedemptionBegunEvent = unsafe { core::mem::transmute([0xABu8; 256]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 258);
            assert_eq!(&bytes[..2], &[13, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn redemption_paid_layout() {
        assert_eq!(<RedemptionPaidEvent as Event>::LEN, 240);
        assert_eq!(<RedemptionPaidEvent as Event>::DISCRIMINATOR, 14);
        assert_eq!(<RedemptionPaidEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(RedemptionPaidEvent, sku_id), 0);
        assert_eq!(offset_of!(RedemptionPaidEvent, owner), 16);
        assert_eq!(offset_of!(RedemptionPaidEvent, nonce), 48);
        assert_eq!(offset_of!(RedemptionPaidEvent, cash_paid), 56);
        assert_eq!(offset_of!(RedemptionPaidEvent, unix_time), 64);
        assert_eq!(offset_of!(RedemptionPaidEvent, event_sequence), 72);
        assert_eq!(offset_of!(RedemptionPaidEvent, paid), 80);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: RedemptionPaidEvent = unsafe { core::mem::transmute([0xABu8; 240]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 242);
            assert_eq!(&bytes[..2], &[14, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn share_metadata_set_layout() {
        assert_eq!(<ShareMetadataSetEvent as Event>::LEN, 24);
        assert_eq!(<ShareMetadataSetEvent as Event>::DISCRIMINATOR, 15);
        assert_eq!(<ShareMetadataSetEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(ShareMetadataSetEvent, sku_id), 0);
        assert_eq!(offset_of!(ShareMetadataSetEvent, event_sequence), 16);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: ShareMetadataSetEvent = unsafe { core::mem::transmute([0xABu8; 24]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 26);
            assert_eq!(&bytes[..2], &[15, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn nav_refreshed_layout() {
        assert_eq!(<NavRefreshedEvent as Event>::LEN, 64);
        assert_eq!(<NavRefreshedEvent as Event>::DISCRIMINATOR, 16);
        assert_eq!(<NavRefreshedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(NavRefreshedEvent, snapshot_sequence), 16);
        assert_eq!(offset_of!(NavRefreshedEvent, nav_up_usd), 24);
        assert_eq!(offset_of!(NavRefreshedEvent, nav_down_usd), 32);
        assert_eq!(offset_of!(NavRefreshedEvent, cash_raw), 40);
        assert_eq!(offset_of!(NavRefreshedEvent, unix_time), 48);
        assert_eq!(offset_of!(NavRefreshedEvent, event_sequence), 56);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: NavRefreshedEvent = unsafe { core::mem::transmute([0xABu8; 64]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 66);
            assert_eq!(&bytes[..2], &[16, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn events_list_every_kind_once_in_order() {
        assert_eq!(EVENTS.len(), VaultEventKind::RotationCancelled as usize);
        for (i, e) in EVENTS.iter().enumerate() {
            assert_eq!(usize::from(e.discriminator), i + 1, "{}", e.name);
        }
    }
}
