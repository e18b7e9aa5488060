use super::VAULT_SEED;
use super::{account_type, AssetEntry, TokenProgramKind, MAX_ASSETS};
use crate::error::VaultError;
use basket_common::{
    layout::{AccountLayout, PodBool, PodI64, PodU128, PodU16, PodU32, PodU64},
    signer_set::SignerSet,
};
use codama_macros::CodamaAccount;
use pinocchio::cpi::Seed;

/// `leg_receive_slot` value naming the stablecoin cash buffer instead of an asset.
pub const CASH_SLOT: u8 = 0xff;

/// Length of a SKU id: ASCII, zero-padded on the right (the oracle uses the same form).
pub const SKU_ID_LEN: usize = 16;

/// One vault per SKU at `["vault", sku_id]`: configuration, books and fee state.
///
/// Every amount of an asset is raw (unscaled). USD values are in 1e-6 USD units. Field
/// offsets are listed in docs/layouts/vault.md and pinned by a unit test.
#[repr(C)]
#[derive(CodamaAccount)]
#[codama(discriminator(field = "discriminator"))]
#[codama(seed(type = string(utf8), value = "vault"))]
#[codama(seed(name = "sku_id"))]
pub struct VaultState {
    #[codama(default_value = 1)]
    pub discriminator: u8,
    pub version: u8,
    pub bump: u8,
    pub share_mint_bump: u8,
    pub cash_holding_bump: u8,
    pub asset_count: u8,
    #[codama(type = number(u8))]
    pub paused: PodBool,
    /// 0 = SPL Token, 1 = Token-2022.
    pub stable_token_program: u8,
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; SKU_ID_LEN],
    pub admins: SignerSet,
    #[codama(type = public_key)]
    pub keeper: [u8; 32],
    /// Owner of the share token account that receives fee shares.
    #[codama(type = public_key)]
    pub treasury: [u8; 32],
    /// The oracle's snapshot account of this SKU, `["nav_snapshot", sku_id]` under the oracle.
    #[codama(type = public_key)]
    pub nav_snapshot: [u8; 32],
    #[codama(type = public_key)]
    pub stable_mint: [u8; 32],
    #[codama(type = public_key)]
    pub share_mint: [u8; 32],
    /// Book of the stablecoin cash buffer, raw units (6 decimals, valued at par).
    #[codama(type = number(u64))]
    pub cash_raw: PodU64,
    #[codama(type = number(u16))]
    pub mgmt_fee_bps: PodU16,
    #[codama(type = number(u16))]
    pub perf_fee_bps: PodU16,
    #[codama(type = number(u16))]
    pub withdraw_fee_bps: PodU16,
    /// Target share of NAV kept in the cash buffer.
    #[codama(type = number(u16))]
    pub cash_buffer_bps: PodU16,
    /// Slippage bound for rebalance legs.
    #[codama(type = number(u16))]
    pub max_slip_bps: PodU16,
    #[codama(type = fixed_size(bytes, 6))]
    pub reserved0: [u8; 6],
    /// High-water mark: NAV per share x 1e12 (see `share_math::PPS_SCALE`) after the last
    /// performance-fee crystallization.
    #[codama(type = number(u64))]
    pub high_water_mark_pps: PodU64,
    #[codama(type = number(i64))]
    pub last_mgmt_fee_time: PodI64,
    #[codama(type = number(i64))]
    pub last_perf_fee_time: PodI64,
    /// Management-fee shares accrued to the treasury and not yet minted; counted in supply.
    #[codama(type = number(u64))]
    pub fee_shares_owed: PodU64,
    /// Largest NAV (1e-6 USD) a deposit may take the vault to.
    #[codama(type = number(u64))]
    pub deposit_cap_usd: PodU64,
    /// Smallest deposit, raw stablecoin units.
    #[codama(type = number(u64))]
    pub min_deposit_raw: PodU64,
    /// NAV (1e-6 USD, rounded up) at the last deposit or withdrawal, and its inputs.
    #[codama(type = number(u64))]
    pub last_nav_usd: PodU64,
    #[codama(type = number(i64))]
    pub last_nav_time: PodI64,
    #[codama(type = number(u64))]
    pub last_snapshot_sequence: PodU64,
    /// Unix time from which the pending weights may be applied; 0 = nothing pending.
    #[codama(type = number(i64))]
    pub pending_weights_eta: PodI64,
    /// Incremented by every queued weight change; apply and cancel name it.
    #[codama(type = number(u64))]
    pub pending_weights_nonce: PodU64,
    #[codama(type = array(number(u16), 20))]
    pub pending_weights: [PodU16; 20],
    /// Incremented by every event the vault emits (ordering and dedup for indexers).
    #[codama(type = number(u64))]
    pub event_sequence: PodU64,
    #[codama(type = number(u128))]
    pub total_deposited_raw: PodU128,
    #[codama(type = number(u128))]
    pub total_shares_minted: PodU128,
    #[codama(type = number(u128))]
    pub total_shares_burned: PodU128,
    #[codama(type = number(u128))]
    pub total_withdrawn_usd: PodU128,
    #[codama(type = number(u128))]
    pub total_mgmt_fee_shares: PodU128,
    #[codama(type = number(u128))]
    pub total_perf_fee_shares: PodU128,
    #[codama(type = number(u128))]
    pub total_withdraw_fees_usd: PodU128,
    /// 1 between `rebalance_leg` and its `rebalance_settle` (within one transaction only).
    #[codama(type = number(u8))]
    pub leg_pending: PodBool,
    /// Slot of the leg's receiving side: an asset index, or [`CASH_SLOT`] for the buffer.
    pub leg_receive_slot: u8,
    /// Raw amount the pending leg must deliver.
    #[codama(type = number(u64))]
    pub leg_expected_raw: PodU64,
    /// Token balance of the receiving holding when `rebalance_leg` ran.
    #[codama(type = number(u64))]
    pub leg_balance_before: PodU64,
    /// Oracle sequence of the last snapshot the vault priced NAV with (the assets'
    /// `seen_unit_1e8`); 0 = none yet.
    #[codama(type = number(u64))]
    pub memo_sequence: PodU64,
    /// UTC day (unix time / 86,400) that `rebalance_loss_usd` counts.
    #[codama(type = number(i64))]
    pub rebalance_day: PodI64,
    /// Sum over that day's rebalance legs of (value out rounded up - value in rounded
    /// down), 1e-6 USD; capped at `max_slip_bps` of `last_nav_usd`.
    #[codama(type = number(u64))]
    pub rebalance_loss_usd: PodU64,
    /// Publish time of that snapshot: the previous units count only within
    /// `price_memo::MEMO_WINDOW_SECS` of the next snapshot the vault prices with.
    #[codama(type = number(i64))]
    pub memo_publish_time: PodI64,
    #[codama(type = fixed_size(bytes, 14))]
    pub reserved1: [u8; 14],
    // Literal length so the IDL generator can read it; equal to MAX_ASSETS (asserted below).
    pub assets: [AssetEntry; 20],
    /// Oracle sequence the cached NAV parts below were priced at in full; 0 = no cache.
    /// Cleared by every change of an asset book or status (see `invalidate_nav_cache`).
    #[codama(type = number(u64))]
    pub nav_cache_sequence: PodU64,
    /// Value of the held assets (cash excluded), 1e-6 USD, rounded up (deposits) and down
    /// (payouts), as `nav::vault_nav` priced them at `nav_cache_sequence`.
    #[codama(type = number(u64))]
    pub nav_cache_assets_up: PodU64,
    #[codama(type = number(u64))]
    pub nav_cache_assets_down: PodU64,
    /// The cash buffer PDA `["holding", sku_id, stable_mint]`, recorded by init_vault.
    #[codama(type = public_key)]
    pub cash_holding: [u8; 32],
    /// Withdrawal fees (stablecoin raw units) charged by `withdraw_usdc` and
    /// `fulfil_withdrawal` and still in the cash buffer, owed to the treasury: outside
    /// `cash_raw` (so outside NAV and every spendable amount) until `collect_withdraw_fees`.
    #[codama(type = number(u64))]
    pub withdraw_fees_owed: PodU64,
    #[codama(type = fixed_size(bytes, 8))]
    pub reserved2: [u8; 8],
    // Live operation (issue 15): trade authority, withdrawal requests, rotations.
    /// The wallet that executes rebalance routes (whitelisted with the RFQ provider, the
    /// aggregator's signer): `rebalance_leg` pays only into its token accounts. Set at
    /// init_vault, rotated behind the 48 h timelock.
    #[codama(type = public_key)]
    pub trade_authority: [u8; 32],
    /// Shares of open stablecoin withdrawal requests: burned from the owners at request,
    /// still counted in the supply that prices every instruction until fulfilled or cancelled.
    #[codama(type = number(u64))]
    pub escrowed_shares: PodU64,
    /// Queued rotations, indexed by kind - 1 (0 = keeper, 1 = trade authority): new key,
    /// unix time from which it applies (0 = none queued) and the queued change's nonce.
    #[codama(type = array(public_key, 2))]
    pub pending_rotation_key: [[u8; 32]; 2],
    #[codama(type = array(number(i64), 2))]
    pub pending_rotation_eta: [PodI64; 2],
    #[codama(type = array(number(u64), 2))]
    pub pending_rotation_nonce: [PodU64; 2],
    /// Incremented by every queued rotation (of either kind).
    #[codama(type = number(u64))]
    pub rotation_nonce: PodU64,
    /// Open withdrawal requests (informational; the keeper's router reads the events).
    #[codama(type = number(u64))]
    pub open_requests: PodU64,
    /// Per asset slot: the part of `claims_owed_raw` its holding no longer backs, fixed when a
    /// seizure was shared between the book and the open claims (0 = fully backed). The
    /// holding backs `book + owed - unbacked`, so a shared seizure is never shared again.
    #[codama(type = array(number(u64), 20))]
    pub claims_unbacked_raw: [PodU64; 20],
    /// Per asset slot: the cumulative haircut index of the open claims, in 1e-18 of a raw unit
    /// owed (`holdings::INDEX_SCALE`): what seizures took from each unit owed since the index
    /// was last reset (0 = none; reset when nothing is owed). A claim records it at opening
    /// and is paid `amount x (1e18 - haircut now) / (1e18 - haircut at opening)`, so a claim
    /// opened after a seizure never shares the older claims' loss (see `holdings`).
    #[codama(type = array(number(u64), 20))]
    pub claims_haircut: [PodU64; 20],
    /// Per asset slot: the `claims_epoch` at which a seizure last left its open claims nothing
    /// (0 = never). A claim opened before that epoch is owed nothing on the slot.
    #[codama(type = array(number(u32), 20))]
    pub claims_wiped_epoch: [PodU32; 20],
    /// Counts the seizures that left an asset's open claims nothing (each restarts that
    /// asset's haircut index at 0); every claim records it at opening.
    #[codama(type = number(u32))]
    pub claims_epoch: PodU32,
}

const _: () =
    assert!(core::mem::size_of::<VaultState>() == 4510 && core::mem::align_of::<VaultState>() == 1);
const _: () = assert!(MAX_ASSETS == 20);

// SAFETY: repr(C), only u8 and byte-array fields, alignment 1, no padding (asserted above).
unsafe impl AccountLayout for VaultState {
    const DISCRIMINATOR: u8 = account_type::VAULT_STATE;
    const VERSION: u8 = 1;
}

impl VaultState {
    /// The vault PDA's signer seeds, `["vault", sku_id, bump]`: the one place they are built
    /// (the bump is read in place, so no site keeps a copy of it).
    #[inline(always)]
    pub fn signer_seeds(&self) -> [Seed<'_>; 3] {
        [
            Seed::from(VAULT_SEED),
            Seed::from(&self.sku_id),
            Seed::from(core::slice::from_ref(&self.bump)),
        ]
    }

    /// The configured assets (the first `asset_count` slots).
    pub fn assets(&self) -> &[AssetEntry] {
        &self.assets[..(self.asset_count as usize).min(MAX_ASSETS)]
    }

    pub fn assets_mut(&mut self) -> &mut [AssetEntry] {
        let n = (self.asset_count as usize).min(MAX_ASSETS);
        &mut self.assets[..n]
    }

    pub fn is_paused(&self) -> Result<bool, VaultError> {
        self.paused.get().map_err(|_| VaultError::CorruptState)
    }

    pub fn stable_token_program(&self) -> Result<TokenProgramKind, VaultError> {
        TokenProgramKind::from_tag(self.stable_token_program)
    }

    /// Forgets the cached NAV: called by everything that changes an asset book or status, so
    /// the next NAV-priced instruction prices every asset again.
    pub fn invalidate_nav_cache(&mut self) {
        self.nav_cache_sequence.set(0);
    }

    /// Next event sequence number (wraps: it orders events, it guards nothing).
    pub fn next_event_sequence(&mut self) -> u64 {
        let next = self.event_sequence.get().wrapping_add(1);
        self.event_sequence.set(next);
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::offset_of;

    /// The offsets documented in docs/layouts/vault.md.
    #[test]
    fn field_offsets_match_the_documented_layout() {
        assert_eq!(offset_of!(VaultState, paused), 6);
        assert_eq!(offset_of!(VaultState, sku_id), 8);
        assert_eq!(offset_of!(VaultState, admins), 24);
        assert_eq!(offset_of!(VaultState, keeper), 186);
        assert_eq!(offset_of!(VaultState, treasury), 218);
        assert_eq!(offset_of!(VaultState, nav_snapshot), 250);
        assert_eq!(offset_of!(VaultState, stable_mint), 282);
        assert_eq!(offset_of!(VaultState, share_mint), 314);
        assert_eq!(offset_of!(VaultState, cash_raw), 346);
        assert_eq!(offset_of!(VaultState, mgmt_fee_bps), 354);
        assert_eq!(offset_of!(VaultState, max_slip_bps), 362);
        assert_eq!(offset_of!(VaultState, high_water_mark_pps), 370);
        assert_eq!(offset_of!(VaultState, fee_shares_owed), 394);
        assert_eq!(offset_of!(VaultState, deposit_cap_usd), 402);
        assert_eq!(offset_of!(VaultState, min_deposit_raw), 410);
        assert_eq!(offset_of!(VaultState, last_nav_usd), 418);
        assert_eq!(offset_of!(VaultState, pending_weights_eta), 442);
        assert_eq!(offset_of!(VaultState, pending_weights_nonce), 450);
        assert_eq!(offset_of!(VaultState, pending_weights), 458);
        assert_eq!(offset_of!(VaultState, event_sequence), 498);
        assert_eq!(offset_of!(VaultState, total_deposited_raw), 506);
        assert_eq!(offset_of!(VaultState, total_withdraw_fees_usd), 602);
        assert_eq!(offset_of!(VaultState, leg_pending), 618);
        assert_eq!(offset_of!(VaultState, leg_receive_slot), 619);
        assert_eq!(offset_of!(VaultState, leg_expected_raw), 620);
        assert_eq!(offset_of!(VaultState, leg_balance_before), 628);
        assert_eq!(offset_of!(VaultState, memo_sequence), 636);
        assert_eq!(offset_of!(VaultState, rebalance_day), 644);
        assert_eq!(offset_of!(VaultState, rebalance_loss_usd), 652);
        assert_eq!(offset_of!(VaultState, memo_publish_time), 660);
        assert_eq!(offset_of!(VaultState, reserved1), 668);
        assert_eq!(offset_of!(VaultState, assets), 682);
        assert_eq!(offset_of!(VaultState, nav_cache_sequence), 682 + 20 * 160);
        assert_eq!(offset_of!(VaultState, nav_cache_assets_up), 3890);
        assert_eq!(offset_of!(VaultState, nav_cache_assets_down), 3898);
        assert_eq!(offset_of!(VaultState, cash_holding), 3906);
        assert_eq!(offset_of!(VaultState, withdraw_fees_owed), 3938);
        assert_eq!(offset_of!(VaultState, reserved2), 3946);
        assert_eq!(offset_of!(VaultState, trade_authority), 3954);
        assert_eq!(offset_of!(VaultState, escrowed_shares), 3986);
        assert_eq!(offset_of!(VaultState, pending_rotation_key), 3994);
        assert_eq!(offset_of!(VaultState, pending_rotation_eta), 4058);
        assert_eq!(offset_of!(VaultState, pending_rotation_nonce), 4074);
        assert_eq!(offset_of!(VaultState, rotation_nonce), 4090);
        assert_eq!(offset_of!(VaultState, open_requests), 4098);
        assert_eq!(offset_of!(VaultState, claims_unbacked_raw), 4106);
        assert_eq!(offset_of!(VaultState, claims_haircut), 4266);
        assert_eq!(offset_of!(VaultState, claims_wiped_epoch), 4426);
        assert_eq!(offset_of!(VaultState, claims_epoch), 4506);
        assert_eq!(VaultState::LEN, 4510);
    }
}
