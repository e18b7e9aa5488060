//! The gate's one account: its admin set.

use basket_common::{
    layout::{AccountLayout, PodU64},
    signer_set::SignerSet,
};
use codama_macros::CodamaAccount;

/// Seed of the gate configuration: `["gate_config"]`.
pub const CONFIG_SEED: &[u8] = b"gate_config";

/// Seed of the PDA that is the upgrade authority of the gated programs:
/// `["upgrade_authority"]`. It holds no data; only this program can sign for it.
pub const AUTHORITY_SEED: &[u8] = b"upgrade_authority";

/// Account type discriminators (first byte). Append-only.
pub mod account_type {
    pub const GATE_CONFIG: u8 = 1;
}

/// The gate's configuration (192 bytes):
/// - `[0]` discriminator = 1, `[1]` version = 1, `[2]` config bump, `[3]` authority bump
/// - `[4..166]` admin signer set (five keys, threshold, reserved)
/// - `[166..174]` admin-set version, incremented by every `set_admins`
/// - `[174..182]` proposal nonce: every `upgrade`, `set_authority` and `set_admins` names the
///   value it was proposed against and raises it by one when it lands, so an approval signed
///   before any later gate action (a superseded upgrade, handover or admin change) is refused
/// - `[182..192]` reserved
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "gate_config"))]
pub struct GateConfig {
    #[codama(default_value = 1)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub authority_bump: u8,
    pub admins: SignerSet,
    #[codama(type = number(u64))]
    pub admin_set_version: PodU64,
    #[codama(type = number(u64))]
    pub proposal_nonce: PodU64,
    pub reserved: [u8; 10],
}

const _: () =
    assert!(core::mem::size_of::<GateConfig>() == 192 && core::mem::align_of::<GateConfig>() == 1);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for GateConfig {
    const DISCRIMINATOR: u8 = account_type::GATE_CONFIG;
    const VERSION: u8 = 1;
}
