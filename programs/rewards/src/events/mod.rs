//! Events of the rewards program: the single definition of each event. The program emits
//! `[RewardsEventKind][version][struct bytes]` (one `sol_log_data` field); the IDL lists the
//! structs and the kind enum as defined types, and the SDK decodes them with the generated
//! codecs. See docs/sdk.md, "Events".
//!
//! One file per concept: `admin` (configuration), `staking`, `epochs` (distribution and
//! claims), `sweep`.

mod admin;
mod epochs;
mod staking;
mod sweep;

pub use admin::*;
pub use epochs::*;
pub use staking::*;
pub use sweep::*;

use basket_common::event::EventInfo;
use codama_macros::CodamaType;

/// Event discriminators of this program (first byte of every event). Append-only and
/// contiguous from 0: the Codama JS renderer numbers enum variants by position and ignores
/// explicit values, so `Reserved = 0` (never emitted) keeps every generated TypeScript value
/// equal to the byte on chain.
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaType)]
#[repr(u8)]
pub enum RewardsEventKind {
    /// Never emitted.
    Reserved = 0,
    Initialized = 1,
    Staked = 2,
    Unstaked = 3,
    EpochDistributed = 4,
    Claimed = 5,
    KeepersRotated = 6,
    PauseSet = 7,
    RewardMintsSet = 8,
    EpochSwept = 9,
    ClaimShortfall = 10,
    LastEpochReset = 11,
}

/// Every event of this program in discriminator order (read by `scripts/idl-gen`).
pub const EVENTS: &[EventInfo] = &[
    EventInfo::of::<InitializedEvent>("InitializedEvent"),
    EventInfo::of::<StakedEvent>("StakedEvent"),
    EventInfo::of::<UnstakedEvent>("UnstakedEvent"),
    EventInfo::of::<EpochDistributedEvent>("EpochDistributedEvent"),
    EventInfo::of::<ClaimedEvent>("ClaimedEvent"),
    EventInfo::of::<KeepersRotatedEvent>("KeepersRotatedEvent"),
    EventInfo::of::<PauseSetEvent>("PauseSetEvent"),
    EventInfo::of::<RewardMintsSetEvent>("RewardMintsSetEvent"),
    EventInfo::of::<EpochSweptEvent>("EpochSweptEvent"),
    EventInfo::of::<ClaimShortfallEvent>("ClaimShortfallEvent"),
    EventInfo::of::<LastEpochResetEvent>("LastEpochResetEvent"),
];

#[cfg(test)]
mod tests;
