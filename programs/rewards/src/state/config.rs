use super::{account_type, MAX_REWARD_MINTS};
use basket_common::{
    layout::{AccountLayout, PodU64},
    signer_set::SignerSet,
};
use codama_macros::CodamaAccount;

/// Maximum number of authorized keepers.
pub const MAX_KEEPERS: usize = 8;

/// Seed of the single rewards configuration account: `["rewards_config"]`. The config PDA
/// also owns the staking holding and signs unstake transfers.
pub const CONFIG_SEED: &[u8] = b"rewards_config";

/// The rewards configuration.
///
/// Layout (888 bytes):
/// - `[0]` discriminator = 1, `[1]` version = 1, `[2]` bump, `[3]` keeper count
/// - `[4..166]` admin signer set (five keys, threshold, reserved)
/// - `[166..422]` keepers, eight 32-byte slots (unused slots are zero)
/// - `[422..454]` staking mint
/// - `[454..486]` staking holding (token account of the staking mint owned by this PDA)
/// - `[486..518]` staking mint's token program
/// - `[518]` staking mint decimals, `[519]` reward mint count (1..=10)
/// - `[520..840]` allowed reward mints, ten 32-byte slots (unused slots are zero)
/// - `[840..848]` last distributed epoch id (0 before the first epoch)
/// - `[848..856]` total raw amount currently staked
/// - `[856]` pause bits (see [`super::pause`]), `[857..888]` reserved
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "rewards_config"))]
pub struct RewardsConfig {
    #[codama(default_value = 1)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub keeper_count: u8,
    pub admins: SignerSet,
    #[codama(type = array(public_key, 8))]
    pub keepers: [[u8; 32]; MAX_KEEPERS],
    #[codama(type = public_key)]
    pub staking_mint: [u8; 32],
    #[codama(type = public_key)]
    pub stake_holding: [u8; 32],
    #[codama(type = public_key)]
    pub staking_token_program: [u8; 32],
    pub staking_decimals: u8,
    pub reward_mint_count: u8,
    #[codama(type = array(public_key, 10))]
    pub reward_mints: [[u8; 32]; MAX_REWARD_MINTS],
    #[codama(type = number(u64))]
    pub last_epoch_id: PodU64,
    #[codama(type = number(u64))]
    pub total_staked: PodU64,
    pub paused: u8,
    pub reserved: [u8; 31],
}

const _: () = assert!(
    core::mem::size_of::<RewardsConfig>() == 888 && core::mem::align_of::<RewardsConfig>() == 1
);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for RewardsConfig {
    const DISCRIMINATOR: u8 = account_type::REWARDS_CONFIG;
    const VERSION: u8 = 1;
}

impl RewardsConfig {
    /// Whether `key` is one of the first `keeper_count` keepers.
    pub fn is_keeper(&self, key: &[u8; 32]) -> bool {
        let n = (self.keeper_count as usize).min(MAX_KEEPERS);
        self.keepers[..n].contains(key)
    }

    /// Whether `mint` is one of the allowed reward mints.
    pub fn is_reward_mint(&self, mint: &[u8; 32]) -> bool {
        let n = (self.reward_mint_count as usize).min(MAX_REWARD_MINTS);
        self.reward_mints[..n]
            .iter()
            .any(|m| crate::merkle::eq32(m, mint))
    }

    /// Whether the pause bit `what` (see [`super::pause`]) is set.
    #[inline(always)]
    pub fn is_paused(&self, what: u8) -> bool {
        self.paused & what != 0
    }
}
