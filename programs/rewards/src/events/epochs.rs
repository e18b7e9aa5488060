//! Events of an epoch's life: distribute_epoch and claim.

use super::RewardsEventKind;
use basket_common::layout::PodU64;
use codama_macros::CodamaType;

/// `distribute_epoch`: an epoch root posted. Version 3: only the first `mint_count` totals are
/// emitted (v2 always carried 10).
///
/// Payload: 41 + 8 * `mint_count` bytes (at most 121) after `[4][3]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct EpochDistributedEvent {
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    #[codama(type = fixed_size(bytes, 32))]
    pub merkle_root: [u8; 32],
    pub mint_count: u8,
    /// Total per reward mint, in the epoch's mint order; only `mint_count` are emitted (the
    /// decoder zero-fills the rest).
    #[codama(type = array(number(u64), 10))]
    pub totals: [PodU64; 10],
}

basket_common::impl_event!(
    EpochDistributedEvent,
    RewardsEventKind::EpochDistributed,
    version = 3,
    len = 121,
    trailing = [8; 10],
    count = mint_count
);

/// `claim`. Version 3: only the first `amount_count` amounts are emitted (v2 always carried 10).
///
/// Payload: 41 + 8 * `amount_count` bytes (at most 121) after `[5][3]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct ClaimedEvent {
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    #[codama(type = public_key)]
    pub claimant: [u8; 32],
    pub amount_count: u8,
    /// Amount per reward mint paid by this call, in the epoch's mint order; only
    /// `amount_count` are emitted (the decoder zero-fills the rest). A mint the claim had to
    /// defer shows 0 here and its amount in the event of the later claim that pays it, so a
    /// leaf's events add up to the leaf, less what its `ClaimShortfall` events say was cut
    /// after a seizure.
    #[codama(type = array(number(u64), 10))]
    pub amounts: [PodU64; 10],
}

basket_common::impl_event!(
    ClaimedEvent,
    RewardsEventKind::Claimed,
    version = 3,
    len = 121,
    trailing = [8; 10],
    count = amount_count
);

/// `claim`, once per reward mint that the claim paid short: the epoch holding really held less
/// than the epoch still owed of that mint (the issuer's permanent delegate burned or moved
/// part of it), so the claim was paid its part of the real balance, rounded down, and is
/// settled. `owed - paid` is what the claimant was short (the keeper may make it good from
/// the treasury); `held` and `outstanding` are the two sides of the ratio.
///
/// Payload: 104 bytes after `[10][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct ClaimShortfallEvent {
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    #[codama(type = public_key)]
    pub claimant: [u8; 32],
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    /// The leaf's amount of this mint (raw).
    #[codama(type = number(u64))]
    pub owed: PodU64,
    /// What the claim paid: `owed * held / outstanding`, rounded down (raw).
    #[codama(type = number(u64))]
    pub paid: PodU64,
    /// The epoch holding's real balance before the payment (raw).
    #[codama(type = number(u64))]
    pub held: PodU64,
    /// What the epoch still owed of this mint before the payment, this claim included (raw).
    #[codama(type = number(u64))]
    pub outstanding: PodU64,
}

basket_common::impl_event!(
    ClaimShortfallEvent,
    RewardsEventKind::ClaimShortfall,
    version = 1,
    len = 104
);
