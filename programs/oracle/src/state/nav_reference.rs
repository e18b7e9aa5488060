use super::{account_type, MAX_ENTRIES, SKU_ID_LEN};
use basket_common::layout::{AccountLayout, PodU64};
use codama_macros::{CodamaAccount, CodamaType};

/// Seed prefix of a SKU's deviation reference: `["nav_reference", sku_id (16 bytes)]`.
pub const REFERENCE_SEED: &[u8] = b"nav_reference";

/// How long a deviation reference holds: about 60 s of 400 ms slots. Every push inside the
/// window is capped against the same reference, so no number of pushes in one slot or one
/// transaction moves a price further than the cap within it.
pub const DEVIATION_WINDOW_SLOTS: u64 = 150;

/// One entry's reference value (16 bytes): `[0..8]` price_usd_1e8, `[8..16]` multiplier_num.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct ReferenceEntry {
    #[codama(type = number(u64))]
    pub price_usd_1e8: PodU64,
    #[codama(type = number(u64))]
    pub multiplier_num: PodU64,
}

/// What a SKU's deviation cap is held against, and the one push the admins approved past it
/// (356 bytes), created with the snapshot by `create_snapshot`:
/// - `[0]` discriminator = 3, `[1]` version = 1, `[2]` bump, `[3]` reserved
/// - `[4..20]` SKU id
/// - `[20..28]` window start slot: the reference below holds until this slot plus
///   `DEVIATION_WINDOW_SLOTS`; the first push after that moves it to the snapshot as it then
///   stands (0 before the first push)
/// - `[28..36]` approved sequence: the one push `approve_deviation` let past the cap (0: none)
/// - `[36..356]` 20 reference entries, in the snapshot's entry order
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
pub struct NavReference {
    #[codama(default_value = 3)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub reserved: u8,
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; SKU_ID_LEN],
    #[codama(type = number(u64))]
    pub window_start_slot: PodU64,
    #[codama(type = number(u64))]
    pub approved_sequence: PodU64,
    // Literal length so the IDL generator can read it; equal to MAX_ENTRIES (asserted below).
    pub entries: [ReferenceEntry; 20],
}

const _: () = assert!(
    core::mem::size_of::<NavReference>() == 356
        && core::mem::align_of::<NavReference>() == 1
        && MAX_ENTRIES == 20
);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for NavReference {
    const DISCRIMINATOR: u8 = account_type::NAV_REFERENCE;
    const VERSION: u8 = 1;
}
