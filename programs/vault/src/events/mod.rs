//! Events of the vault program: the single definition of each event. The program emits
//! `[VaultEventKind][version][struct bytes]` (one `sol_log_data` field); the IDL lists the
//! structs and the kind enum as defined types, and the SDK decodes them with the generated
//! codecs. Amounts are raw token units, values 1e-6 USD. See docs/sdk.md, "Events".
//!
//! One file per concept: `user_flows` (deposit, withdrawals, redemptions, NAV refresh) and
//! `operations` (admin and keeper instructions); the issuer-power and live-operation events
//! live in `issuer_events` and `live_events`.

mod operations;
mod user_flows;

pub use operations::*;
pub use user_flows::*;

pub use crate::issuer_events::*;
pub use crate::live_events::*;

use basket_common::event::EventInfo;
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
    WithdrawFeesCollected = 27,
}

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
    EventInfo::of::<WithdrawFeesCollectedEvent>("WithdrawFeesCollectedEvent"),
];

#[cfg(test)]
mod tests;
