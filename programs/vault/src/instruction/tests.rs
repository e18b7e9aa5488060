//! The instruction enum and the discriminator bytes agree, variant by variant.

use super::*;

fn tag(ix: &VaultInstruction) -> u8 {
    // SAFETY: `repr(C, u8)` puts the discriminant in the first byte.
    unsafe { *(ix as *const VaultInstruction as *const u8) }
}

#[test]
fn discriminator_constants_match_the_idl_enum() {
    let init = VaultInstruction::InitVault {
        sku_id: [0; 16],
        admins: [[0; 32]; 5],
        threshold: 0,
        keeper: [0; 32],
        treasury: [0; 32],
        mgmt_fee_bps: 0,
        perf_fee_bps: 0,
        withdraw_fee_bps: 0,
        cash_buffer_bps: 0,
        max_slip_bps: 0,
        deposit_cap_usd: 0,
        min_deposit_raw: 0,
        asset_count: 0,
        token_programs: [0; 20],
        weights: [0; 20],
        trade_authority: [0; 32],
    };
    assert_eq!(tag(&init), discriminator::INIT_VAULT);
    assert_eq!(
        tag(&VaultInstruction::Deposit {
            raw_amount: 0,
            min_shares_out: 0
        }),
        discriminator::DEPOSIT
    );
    assert_eq!(
        tag(&VaultInstruction::SetPaused { paused: false }),
        discriminator::SET_PAUSED
    );
    assert_eq!(
        tag(&VaultInstruction::UpdateWeights {
            new_weights: [0; 20]
        }),
        discriminator::UPDATE_WEIGHTS
    );
    assert_eq!(
        tag(&VaultInstruction::ApplyWeights { nonce: 0 }),
        discriminator::APPLY_WEIGHTS
    );
    assert_eq!(
        tag(&VaultInstruction::CancelWeights { nonce: 0 }),
        discriminator::CANCEL_WEIGHTS
    );
    assert_eq!(
        tag(&VaultInstruction::RebalanceLeg {
            expected_mint: [0; 32],
            expected_amount_raw: 0,
            pay_amount_raw: 0
        }),
        discriminator::REBALANCE_LEG
    );
    assert_eq!(
        tag(&VaultInstruction::RebalanceSettle),
        discriminator::REBALANCE_SETTLE
    );
    assert_eq!(
        tag(&VaultInstruction::BeginRedemption {
            shares: 0,
            nonce: 0
        }),
        discriminator::BEGIN_REDEMPTION
    );
    assert_eq!(
        tag(&VaultInstruction::PayRedemption { slots: 0 }),
        discriminator::PAY_REDEMPTION
    );
    assert_eq!(
        tag(&VaultInstruction::SetShareMetadata {
            name: [0; 32],
            symbol: [0; 10],
            uri: [0; 128]
        }),
        discriminator::SET_SHARE_METADATA
    );
    assert_eq!(
        tag(&VaultInstruction::RefreshNav),
        discriminator::REFRESH_NAV
    );
    assert_eq!(
        tag(&VaultInstruction::RequestWithdrawUsdc {
            shares: 0,
            min_out: 0,
            nonce: 0
        }),
        discriminator::REQUEST_WITHDRAW_USDC
    );
    assert_eq!(
        tag(&VaultInstruction::FulfilWithdrawal),
        discriminator::FULFIL_WITHDRAWAL
    );
    assert_eq!(
        tag(&VaultInstruction::CancelWithdrawal),
        discriminator::CANCEL_WITHDRAWAL
    );
    assert_eq!(
        tag(&VaultInstruction::QueueRotation {
            kind: 0,
            new_key: [0; 32]
        }),
        discriminator::QUEUE_ROTATION
    );
    assert_eq!(
        tag(&VaultInstruction::ApplyRotation { kind: 0, nonce: 0 }),
        discriminator::APPLY_ROTATION
    );
    assert_eq!(
        tag(&VaultInstruction::CancelRotation { kind: 0, nonce: 0 }),
        discriminator::CANCEL_ROTATION
    );
    assert_eq!(
        tag(&VaultInstruction::CollectWithdrawFees),
        discriminator::COLLECT_WITHDRAW_FEES
    );
}
