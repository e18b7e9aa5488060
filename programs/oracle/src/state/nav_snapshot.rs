use super::account_type;
use basket_common::layout::{AccountLayout, PodI64, PodU32, PodU64};
use codama_macros::{CodamaAccount, CodamaType};

/// Maximum number of assets in one snapshot (and one vault).
pub const MAX_ENTRIES: usize = 20;

/// Seed prefix of a SKU's snapshot account: `["nav_snapshot", sku_id (16 bytes)]`.
pub const SNAPSHOT_SEED: &[u8] = b"nav_snapshot";

/// Length of a SKU id: ASCII, zero-padded on the right.
pub const SKU_ID_LEN: usize = 16;

/// Bits of [`NavEntry::flags`].
pub mod entry_flags {
    /// The asset's primary market was open when the price was taken.
    pub const MARKET_OPEN: u32 = 1 << 0;
    /// The price came from the fallback source (indicative price) instead of the oracle feed.
    pub const FALLBACK_PRICE: u32 = 1 << 1;
    /// A corporate action changes the multiplier within the freeze window: deposits and
    /// withdrawals touching this asset are refused until the on-chain multiplier settles.
    pub const CORPORATE_ACTION_FREEZE: u32 = 1 << 2;
    /// Trading in the asset is halted.
    pub const TRADING_HALTED: u32 = 1 << 3;
    /// Every bit this layout version defines; pushes with other bits set are rejected.
    pub const ALL: u32 = MARKET_OPEN | FALLBACK_PRICE | CORPORATE_ACTION_FREEZE | TRADING_HALTED;
}

/// One asset's price and multiplier in a snapshot (64 bytes).
///
/// - `[0..32]` mint
/// - `[32..40]` price_usd_1e8: USD price of one whole UI token (multiplier applied) x 1e8
/// - `[40..48]` multiplier_num: the ScaledUiAmount multiplier x 1e12 (floor of the mint's f64)
/// - `[48..56]` updated_slot: slot at which the keeper read this entry's inputs
/// - `[56..60]` flags (see [`entry_flags`])
/// - `[60..64]` reserved
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct NavEntry {
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    #[codama(type = number(u64))]
    pub price_usd_1e8: PodU64,
    #[codama(type = number(u64))]
    pub multiplier_num: PodU64,
    #[codama(type = number(u64))]
    pub updated_slot: PodU64,
    #[codama(type = number(u32))]
    pub flags: PodU32,
    pub reserved: [u8; 4],
}

const _: () =
    assert!(core::mem::size_of::<NavEntry>() == 64 && core::mem::align_of::<NavEntry>() == 1);

/// A SKU's latest NAV snapshot (1,360 bytes).
///
/// - `[0]` discriminator = 2, `[1]` version = 1, `[2]` bump, `[3]` entry count
/// - `[4..20]` SKU id
/// - `[20..28]` sequence: each push raises it by 1 to `MAX_SEQUENCE_STEP` (so no push can
///   take it near `u64::MAX`); `reset_sequence` (admin threshold) only raises it
/// - `[28..36]` publish slot, `[36..44]` publish unix time (the Clock's, at push)
/// - `[44..76]` keeper that signed the pushed payload
/// - `[76..80]` snapshot flags, zero (bit 0 once marked an approval of "the next push", which
///   a push of any size consumed; an approval now names its push's sequence, in the SKU's
///   [`super::NavReference`])
/// - `[80..1360]` 20 entries of 64 bytes; entries past the count are zero
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
pub struct NavSnapshot {
    #[codama(default_value = 2)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub entry_count: u8,
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; SKU_ID_LEN],
    #[codama(type = number(u64))]
    pub sequence: PodU64,
    #[codama(type = number(u64))]
    pub publish_slot: PodU64,
    #[codama(type = number(i64))]
    pub publish_unix_time: PodI64,
    #[codama(type = public_key)]
    pub pushed_by: [u8; 32],
    #[codama(type = number(u32))]
    pub flags: PodU32,
    // Literal length so the IDL generator can read it; equal to MAX_ENTRIES (asserted below).
    pub entries: [NavEntry; 20],
}

const _: () = assert!(
    core::mem::size_of::<NavSnapshot>() == 1360 && core::mem::align_of::<NavSnapshot>() == 1
);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for NavSnapshot {
    const DISCRIMINATOR: u8 = account_type::NAV_SNAPSHOT;
    const VERSION: u8 = 1;
}

impl NavSnapshot {
    /// The populated entries.
    pub fn entries(&self) -> &[NavEntry] {
        let n = (self.entry_count as usize).min(MAX_ENTRIES);
        &self.entries[..n]
    }

    /// The entry for `mint`, if the snapshot prices it.
    pub fn entry(&self, mint: &[u8; 32]) -> Option<&NavEntry> {
        self.entries().iter().find(|e| &e.mint == mint)
    }
}
