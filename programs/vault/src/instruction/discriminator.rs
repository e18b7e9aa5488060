//! Discriminator bytes, checked against [`super::VaultInstruction`] by a unit test so the
//! two cannot drift.

pub const INIT_VAULT: u8 = 0;
pub const DEPOSIT: u8 = 1;
pub const SET_PAUSED: u8 = 2;
pub const UPDATE_WEIGHTS: u8 = 3;
pub const APPLY_WEIGHTS: u8 = 4;
pub const CANCEL_WEIGHTS: u8 = 5;
pub const WITHDRAW_IN_KIND: u8 = 6;
pub const WITHDRAW_USDC: u8 = 7;
pub const COLLECT_MGMT_FEE: u8 = 8;
pub const COLLECT_PERF_FEE: u8 = 9;
pub const SET_ASSET_STATUS: u8 = 10;
pub const REBALANCE_LEG: u8 = 11;
pub const REBALANCE_SETTLE: u8 = 12;
pub const BEGIN_REDEMPTION: u8 = 13;
pub const PAY_REDEMPTION: u8 = 14;
pub const SET_SHARE_METADATA: u8 = 15;
pub const REFRESH_NAV: u8 = 16;
pub const REQUEST_WITHDRAW_USDC: u8 = 17;
pub const FULFIL_WITHDRAWAL: u8 = 18;
pub const CANCEL_WITHDRAWAL: u8 = 19;
pub const QUEUE_ROTATION: u8 = 20;
pub const APPLY_ROTATION: u8 = 21;
pub const CANCEL_ROTATION: u8 = 22;
pub const COLLECT_WITHDRAW_FEES: u8 = 23;
