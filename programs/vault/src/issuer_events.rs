//! Events about what the issuer did to the vault's holdings (docs/vault.md, "The issuer's
//! powers"): a holding found below its book, a permanent delegate that changed, and an
//! in-kind payout that could not move. Kinds 17-19 of [`VaultEventKind`].

use crate::events::VaultEventKind;
use basket_common::layout::PodU64;
use codama_macros::CodamaType;

/// A holding's balance was found below its book plus what open claims are owed (a seizure
/// by the permanent delegate): the book took its pro-rata part of the shortfall.
///
/// Payload: 89 bytes after `[17][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct HoldingBelowBookEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    pub asset_index: u8,
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    #[codama(type = number(u64))]
    pub book_before: PodU64,
    /// Raw units owed to open redemption claims, backed by the same holding.
    #[codama(type = number(u64))]
    pub claims_owed: PodU64,
    /// The holding's token balance as read.
    #[codama(type = number(u64))]
    pub balance: PodU64,
    #[codama(type = number(u64))]
    pub book_after: PodU64,
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    HoldingBelowBookEvent,
    VaultEventKind::HoldingBelowBook,
    version = 1,
    len = 89
);

/// `refresh_nav` found a mint's permanent delegate different from the one recorded (at
/// init_vault or at the last change) and recorded the new one.
///
/// Payload: 121 bytes after `[18][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct PermanentDelegateChangedEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    pub asset_index: u8,
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    /// Zero when there was none.
    #[codama(type = public_key)]
    pub previous: [u8; 32],
    #[codama(type = public_key)]
    pub current: [u8; 32],
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    PermanentDelegateChangedEvent,
    VaultEventKind::PermanentDelegateChanged,
    version = 1,
    len = 121
);

/// Why an in-kind slice did not move.
pub mod not_paid_reason {
    /// The issuer froze the vault's holding.
    pub const HOLDING_FROZEN: u8 = 1;
    /// The issuer paused every transfer of the mint.
    pub const MINT_PAUSED: u8 = 2;
}

/// `withdraw_in_kind`: the slice of one asset could not move (frozen holding, paused mint)
/// and stays in the vault's book; every other slice was paid.
///
/// Payload: 90 bytes after `[19][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct InKindNotPaidEvent {
    /// SKU id of the vault.
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    pub asset_index: u8,
    /// See [`not_paid_reason`].
    pub reason: u8,
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    /// Per-vault event counter (gaps reveal missed events).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
}

basket_common::impl_event!(
    InKindNotPaidEvent,
    VaultEventKind::InKindNotPaid,
    version = 1,
    len = 90
);
