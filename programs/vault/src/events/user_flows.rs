//! Events of the user flows: deposit, both withdrawals, the redemption claim and the NAV
//! refresh that prices them.

use super::VaultEventKind;
use basket_common::layout::{PodI64, PodU64};
use codama_macros::CodamaType;

/// `deposit`: stablecoin in, shares out.
///
/// Version 2 adds the management fee accrued. The supply after is `supply_before + shares`
/// and the cash book moves by `raw_amount` (deposit's budget of 6,500 CU at 20 assets leaves
/// room for one more field: decision 0910).
///
/// Payload: 112 bytes after `[2][2]`.
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
    /// Management-fee shares accrued to the treasury by this instruction (before pricing;
    /// owed, not minted: they are in `supply_before`).
    #[codama(type = number(u64))]
    pub mgmt_fee_accrued: PodU64,
}

basket_common::impl_event!(
    DepositEvent,
    VaultEventKind::Deposit,
    version = 2,
    len = 112
);

/// `withdraw_in_kind`: shares burned for a pro-rata slice of every holding.
///
/// Version 2 adds the management fee accrued, the supply and the cash book after (the
/// books move by `amounts`).
///
/// Payload: 272 bytes after `[7][2]`.
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
    /// Management-fee shares accrued to the treasury by this instruction (before pricing;
    /// owed, not minted: they are in `supply_before` and `supply_after`).
    #[codama(type = number(u64))]
    pub mgmt_fee_accrued: PodU64,
    /// Effective share supply after the instruction (minted + fee shares owed + escrowed).
    #[codama(type = number(u64))]
    pub supply_after: PodU64,
    /// Cash book after the instruction (raw stablecoin units).
    #[codama(type = number(u64))]
    pub cash_after: PodU64,
    /// Raw amount paid per asset slot.
    #[codama(type = array(number(u64), 20))]
    pub amounts: [PodU64; 20],
}

basket_common::impl_event!(
    WithdrawInKindEvent,
    VaultEventKind::WithdrawInKind,
    version = 2,
    len = 272
);

/// `withdraw_usdc`: shares burned for stablecoin from the cash buffer.
///
/// Version 2 adds the management fee accrued and the supply after (`cash_left` is the
/// cash book after).
///
/// Payload: 144 bytes after `[9][2]`.
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
    /// Management-fee shares accrued to the treasury by this instruction (before pricing;
    /// owed, not minted: they are in `supply_before` and `supply_after`).
    #[codama(type = number(u64))]
    pub mgmt_fee_accrued: PodU64,
    /// Effective share supply after the instruction (minted + fee shares owed + escrowed).
    #[codama(type = number(u64))]
    pub supply_after: PodU64,
}

basket_common::impl_event!(
    WithdrawStableEvent,
    VaultEventKind::WithdrawStable,
    version = 2,
    len = 144
);

/// `begin_redemption`: shares burned, a redemption claim opened.
///
/// Version 2 adds the management fee accrued, the supply and the cash book after (the
/// books move by `owed`).
///
/// Payload: 280 bytes after `[13][2]`.
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
    /// Management-fee shares accrued to the treasury by this instruction (before pricing;
    /// owed, not minted: they are in `supply_before` and `supply_after`).
    #[codama(type = number(u64))]
    pub mgmt_fee_accrued: PodU64,
    /// Effective share supply after the instruction (minted + fee shares owed + escrowed).
    #[codama(type = number(u64))]
    pub supply_after: PodU64,
    /// Cash book after the instruction (raw stablecoin units).
    #[codama(type = number(u64))]
    pub cash_after: PodU64,
    /// Raw amount owed per asset slot.
    #[codama(type = array(number(u64), 20))]
    pub owed: [PodU64; 20],
}

basket_common::impl_event!(
    RedemptionBegunEvent,
    VaultEventKind::RedemptionBegun,
    version = 2,
    len = 280
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
