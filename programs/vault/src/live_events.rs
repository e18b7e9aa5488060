//! Events of the live-operation instructions (issue 15): the settle of a rebalance leg,
//! stablecoin withdrawal requests and the keeper / trade-authority rotations. Same framing
//! as `events.rs` (`[kind][version][payload]`), listed in `events::EVENTS`.

use crate::events::VaultEventKind;
use basket_common::layout::{PodI64, PodU64};
use codama_macros::CodamaType;

/// `rebalance_settle`: the receiving holding grew by `received_raw` (>= `expected_raw`),
/// booked; the re-entrancy lock is released.
///
/// Version 2 adds the receiving book after. Payload: 49 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RebalanceSettledEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// Slot that received (asset index, 255 = cash buffer).
    pub receive_slot: u8,
    /// Raw amount the leg quoted.
    #[codama(type = number(u64))]
    pub expected_raw: PodU64,
    /// Raw amount the holding really grew by (booked).
    #[codama(type = number(u64))]
    pub received_raw: PodU64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    /// Book of the receiving slot after (the cash book when `receive_slot` is 255).
    #[codama(type = number(u64))]
    pub book_after: PodU64,
}

basket_common::impl_event!(
    RebalanceSettledEvent,
    VaultEventKind::RebalanceSettled,
    version = 2,
    len = 49
);

/// `request_withdraw_usdc`: shares went into escrow; the keeper's withdrawal-router raises
/// the cash and fulfils at a later snapshot.
///
/// Version 2 adds the management fee accrued and the supply after (unchanged by the
/// escrow). Payload: 112 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WithdrawalRequestedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub shares: PodU64,
    /// Least net stablecoin payout the owner accepts (raw).
    #[codama(type = number(u64))]
    pub min_out: PodU64,
    /// Cash the request is worth now, before the fee (1e-6 USD, NAV rounded down at the
    /// snapshot in force): what the router should raise, the final amount is priced later.
    #[codama(type = number(u64))]
    pub estimated_gross_usd: PodU64,
    /// Clock unix timestamp of the request (forward pricing: a later snapshot pays it).
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
    WithdrawalRequestedEvent,
    VaultEventKind::WithdrawalRequested,
    version = 2,
    len = 112
);

/// `fulfil_withdrawal`: the escrowed shares were paid at the snapshot in force.
///
/// Version 2 adds the management fee accrued and the supply after. Payload: 152 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WithdrawalFulfilledEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub shares: PodU64,
    /// Value of the shares (1e-6 USD, rounded down), fee (rounded up) and net paid.
    #[codama(type = number(u64))]
    pub gross_usd: PodU64,
    #[codama(type = number(u64))]
    pub fee_usd: PodU64,
    #[codama(type = number(u64))]
    pub net_usd: PodU64,
    /// NAV (1e-6 USD, rounded down) and supply (escrow included) that priced it.
    #[codama(type = number(u64))]
    pub nav_usd: PodU64,
    #[codama(type = number(u64))]
    pub supply_before: PodU64,
    /// Cash book after the payment.
    #[codama(type = number(u64))]
    pub cash_left: PodU64,
    /// Sequence of the oracle snapshot that priced it (published after the request).
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
    WithdrawalFulfilledEvent,
    VaultEventKind::WithdrawalFulfilled,
    version = 2,
    len = 152
);

/// `cancel_withdrawal`: the exact escrowed shares went back to the owner.
///
/// Payload: 112 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct WithdrawalCancelledEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    /// Who sent the cancel: the owner, or anyone past the keeper's deadline.
    #[codama(type = public_key)]
    pub canceller: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub shares: PodU64,
    /// Clock unix timestamp of the instruction.
    #[codama(type = number(i64))]
    pub unix_time: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    WithdrawalCancelledEvent,
    VaultEventKind::WithdrawalCancelled,
    version = 1,
    len = 112
);

/// `queue_rotation`: a new keeper or trade authority, applicable from `eta`.
///
/// Payload: 73 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RotationQueuedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// 1 = keeper, 2 = trade authority.
    pub kind: u8,
    #[codama(type = public_key)]
    pub new_key: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    /// Unix time from which the rotation applies.
    #[codama(type = number(i64))]
    pub eta: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    RotationQueuedEvent,
    VaultEventKind::RotationQueued,
    version = 1,
    len = 73
);

/// `apply_rotation`: the new key is in force.
///
/// Payload: 73 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RotationAppliedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// 1 = keeper, 2 = trade authority.
    pub kind: u8,
    #[codama(type = public_key)]
    pub new_key: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    /// Unix time from which the rotation applies.
    #[codama(type = number(i64))]
    pub eta: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    RotationAppliedEvent,
    VaultEventKind::RotationApplied,
    version = 1,
    len = 73
);

/// `cancel_rotation`: the queued key was dropped.
///
/// Payload: 73 bytes.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RotationCancelledEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// 1 = keeper, 2 = trade authority.
    pub kind: u8,
    #[codama(type = public_key)]
    pub new_key: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    /// Unix time from which the rotation applies.
    #[codama(type = number(i64))]
    pub eta: PodI64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    RotationCancelledEvent,
    VaultEventKind::RotationCancelled,
    version = 1,
    len = 73
);
