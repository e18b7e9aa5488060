use super::account_type;
use basket_common::layout::{AccountLayout, PodBool, PodI64, PodU16, PodU64};
use codama_macros::{CodamaAccount, CodamaType};

/// Seconds after an epoch's distribution during which its rewards can only be claimed:
/// 90 days (13 weekly epochs). After it the admins may sweep what is left (`sweep_epoch`).
pub const CLAIM_WINDOW_SECS: i64 = 90 * 86_400;

/// Seed prefix of epoch accounts: `["epoch", epoch_id u64 LE]`. The epoch PDA owns the
/// epoch's reward holdings and signs the claim transfers.
pub const EPOCH_SEED: &[u8] = b"epoch";

/// Token program of a reward mint, as stored in [`RewardEntry::token_program`].
pub mod token_program_kind {
    pub const SPL_TOKEN: u8 = 0;
    pub const TOKEN_2022: u8 = 1;
}

/// One reward mint of an epoch, 82 bytes:
/// - `[0..32]` mint, `[32..64]` holding (token account owned by the epoch PDA)
/// - `[64]` token program (0 = SPL Token, 1 = Token-2022), `[65]` decimals
/// - `[66..74]` total funded (raw), `[74..82]` total claimed so far (raw)
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct RewardEntry {
    #[codama(type = public_key)]
    pub mint: [u8; 32],
    #[codama(type = public_key)]
    pub holding: [u8; 32],
    pub token_program: u8,
    pub decimals: u8,
    #[codama(type = number(u64))]
    pub total: PodU64,
    #[codama(type = number(u64))]
    pub claimed: PodU64,
}

/// A distributed reward epoch.
///
/// Layout (964 bytes):
/// - `[0]` discriminator = 3, `[1]` version = 2, `[2]` bump, `[3]` reward mint count (1..=10)
/// - `[4..12]` epoch id
/// - `[12..44]` Merkle root
/// - `[44..52]` distribution time (unix seconds)
/// - `[52..60]` number of claims made
/// - `[60]` swept (0/1): unclaimed rewards were swept, claims are closed
/// - `[61..63]` pausable (u16 LE): bit `i` set = reward mint `i` carries Token-2022's Pausable
///   extension, so a claim checks its pause flag before paying it; `[63]` reserved
/// - `[64..884]` ten reward entries of 82 bytes (unused entries are zero); the order of
///   the entries is the order of `amounts[]` in every leaf of this epoch
/// - `[884..964]` settled per reward mint (u64 LE each, same order): the leaf amounts whose
///   claims are done, paid in full or pro rata after a seizure (a leaf counts its whole
///   amount). `total - settled` is what the epoch still owes of that mint, deferred claims
///   included: a claim that finds the holding short of it is paid its part of the real balance
///   (`claim`, reward_transfer.rs). Version 2 appended it (v1 was 884 bytes).
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "epoch"))]
#[codama(seed(name = "epochId", type = number(u64)))]
pub struct Epoch {
    #[codama(default_value = 3)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub mint_count: u8,
    #[codama(type = number(u64))]
    pub epoch_id: PodU64,
    #[codama(type = fixed_size(bytes, 32))]
    pub merkle_root: [u8; 32],
    #[codama(type = number(i64))]
    pub distributed_ts: PodI64,
    #[codama(type = number(u64))]
    pub claim_count: PodU64,
    #[codama(type = number(u8))]
    pub swept: PodBool,
    #[codama(type = number(u16))]
    pub pausable: PodU16,
    pub reserved: u8,
    // Literal length so the IDL generator can read it; equal to MAX_REWARD_MINTS (asserted below).
    pub rewards: [RewardEntry; 10],
    #[codama(type = array(number(u64), 10))]
    pub settled: [PodU64; 10],
}

const _: () =
    assert!(core::mem::size_of::<RewardEntry>() == 82 && core::mem::align_of::<RewardEntry>() == 1);
const _: () = assert!(
    super::MAX_REWARD_MINTS == 10
        && core::mem::size_of::<Epoch>() == 964
        && core::mem::align_of::<Epoch>() == 1
);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for Epoch {
    const DISCRIMINATOR: u8 = account_type::EPOCH;
    const VERSION: u8 = 2;
}
