use super::{account_type, MAX_ASSETS};
use basket_common::layout::{AccountLayout, PodI64, PodU32, PodU64};
use codama_macros::CodamaAccount;

/// Seed prefix of a redemption claim: `["claim", vault (32), owner (32), nonce (u64 LE)]`.
pub const CLAIM_SEED: &[u8] = b"claim";

/// Raw amounts owed to one in-kind redeemer, fixed when the shares were burned
/// (`begin_redemption`) and paid asset by asset (`pay_redemption`), so a basket of any
/// size redeems over several transactions and a frozen asset delays only its own leg.
/// Closed (lamports to the owner, data zeroed) when nothing is owed any more.
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "claim"))]
#[codama(seed(name = "vault"))]
#[codama(seed(name = "owner"))]
#[codama(seed(name = "nonce"))]
pub struct RedemptionClaim {
    #[codama(default_value = 2)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    /// The vault's asset count when the claim was made.
    pub asset_count: u8,
    #[codama(type = public_key)]
    pub vault: [u8; 32],
    /// Who burned the shares; every payment goes to token accounts this key owns.
    #[codama(type = public_key)]
    pub owner: [u8; 32],
    #[codama(type = number(u64))]
    pub nonce: PodU64,
    #[codama(type = number(u64))]
    pub shares: PodU64,
    #[codama(type = number(i64))]
    pub created_at: PodI64,
    /// Stablecoin still owed (raw).
    #[codama(type = number(u64))]
    pub cash_owed: PodU64,
    /// Raw amount still owed per asset slot (0 once paid, and past `asset_count`).
    #[codama(type = array(number(u64), 20))]
    pub owed: [PodU64; 20],
    /// The vault's `claims_epoch` when the claim was made: a slot whose asset's claims were
    /// wiped at a later epoch (`claims_wiped_epoch`) is owed nothing.
    #[codama(type = number(u32))]
    pub epoch: PodU32,
    /// Per asset slot, the vault's `claims_haircut` when the claim was made: the slot is paid
    /// `owed x (1e18 - haircut now) / (1e18 - this)`, its own share of later seizures only.
    #[codama(type = array(number(u64), 20))]
    pub haircut_at_open: [PodU64; 20],
}

const _: () = assert!(
    core::mem::size_of::<RedemptionClaim>() == 424 && core::mem::align_of::<RedemptionClaim>() == 1
);
const _: () = assert!(MAX_ASSETS == 20);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for RedemptionClaim {
    const DISCRIMINATOR: u8 = account_type::REDEMPTION_CLAIM;
    const VERSION: u8 = 1;
}

impl RedemptionClaim {
    /// Whether anything is still owed.
    pub fn is_settled(&self) -> bool {
        self.cash_owed.get() == 0 && self.owed.iter().all(|o| o.get() == 0)
    }
}
