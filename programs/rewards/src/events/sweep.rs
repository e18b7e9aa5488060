//! Events of sweep_epoch.

use super::RewardsEventKind;
use basket_common::layout::PodU64;
use codama_macros::CodamaType;

/// One swept mint of `EpochSweptEvent`.
#[repr(C)]
#[derive(Clone, Copy, Default, CodamaType)]
pub struct SweptMint {
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    /// Raw amount returned.
    #[codama(type = number(u64))]
    pub amount: PodU64,
}

const _: () = assert!(size_of::<SweptMint>() == 40 && align_of::<SweptMint>() == 1);

/// `sweep_epoch`: unclaimed rewards returned. Version 3: one `(mint, amount)` entry per swept
/// mint and only the first `mint_count` emitted (v2 carried 10 mints, then 10 amounts).
///
/// Payload: 9 + 40 * `mint_count` bytes (at most 409) after `[9][3]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct EpochSweptEvent {
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    pub mint_count: u8,
    /// Swept mints in the order of the instruction's groups; only `mint_count` are emitted
    /// (the decoder zero-fills the rest).
    #[codama(type = array(link("sweptMint"), 10))]
    pub swept: [SweptMint; 10],
}

basket_common::impl_event!(
    EpochSweptEvent,
    RewardsEventKind::EpochSwept,
    version = 3,
    len = 409,
    trailing = [40; 10],
    count = mint_count
);
