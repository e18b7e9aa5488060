//! Layout tests of every event: sizes, discriminators, versions and field offsets.

use super::*;
use basket_common::event::Event;
use core::mem::offset_of;

#[test]
fn vault_initialized_layout() {
    assert_eq!(<VaultInitializedEvent as Event>::LEN, 57);
    assert_eq!(<VaultInitializedEvent as Event>::DISCRIMINATOR, 1);
    assert_eq!(<VaultInitializedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(VaultInitializedEvent, sku_id), 0);
    assert_eq!(offset_of!(VaultInitializedEvent, share_mint), 16);
    assert_eq!(offset_of!(VaultInitializedEvent, asset_count), 48);
    assert_eq!(offset_of!(VaultInitializedEvent, event_sequence), 49);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: VaultInitializedEvent = unsafe { core::mem::transmute([0xABu8; 57]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 59);
        assert_eq!(&bytes[..2], &[1, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn deposit_layout() {
    assert_eq!(<DepositEvent as Event>::LEN, 112);
    assert_eq!(<DepositEvent as Event>::DISCRIMINATOR, 2);
    assert_eq!(<DepositEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(DepositEvent, sku_id), 0);
    assert_eq!(offset_of!(DepositEvent, depositor), 16);
    assert_eq!(offset_of!(DepositEvent, raw_amount), 48);
    assert_eq!(offset_of!(DepositEvent, shares), 56);
    assert_eq!(offset_of!(DepositEvent, nav_usd), 64);
    assert_eq!(offset_of!(DepositEvent, supply_before), 72);
    assert_eq!(offset_of!(DepositEvent, snapshot_sequence), 80);
    assert_eq!(offset_of!(DepositEvent, unix_time), 88);
    assert_eq!(offset_of!(DepositEvent, event_sequence), 96);
    assert_eq!(offset_of!(DepositEvent, mgmt_fee_accrued), 104);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: DepositEvent = unsafe { core::mem::transmute([0xABu8; 112]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 114);
        assert_eq!(&bytes[..2], &[2, 2]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn pause_set_layout() {
    assert_eq!(<PauseSetEvent as Event>::LEN, 25);
    assert_eq!(<PauseSetEvent as Event>::DISCRIMINATOR, 3);
    assert_eq!(<PauseSetEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(PauseSetEvent, sku_id), 0);
    assert_eq!(offset_of!(PauseSetEvent, paused), 16);
    assert_eq!(offset_of!(PauseSetEvent, event_sequence), 17);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: PauseSetEvent = unsafe { core::mem::transmute([0xABu8; 25]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 27);
        assert_eq!(&bytes[..2], &[3, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn weights_queued_layout() {
    assert_eq!(<WeightsQueuedEvent as Event>::LEN, 40);
    assert_eq!(<WeightsQueuedEvent as Event>::DISCRIMINATOR, 4);
    assert_eq!(<WeightsQueuedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(WeightsQueuedEvent, sku_id), 0);
    assert_eq!(offset_of!(WeightsQueuedEvent, nonce), 16);
    assert_eq!(offset_of!(WeightsQueuedEvent, eta), 24);
    assert_eq!(offset_of!(WeightsQueuedEvent, event_sequence), 32);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: WeightsQueuedEvent = unsafe { core::mem::transmute([0xABu8; 40]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 42);
        assert_eq!(&bytes[..2], &[4, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn weights_applied_layout() {
    assert_eq!(<WeightsAppliedEvent as Event>::LEN, 40);
    assert_eq!(<WeightsAppliedEvent as Event>::DISCRIMINATOR, 5);
    assert_eq!(<WeightsAppliedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(WeightsAppliedEvent, sku_id), 0);
    assert_eq!(offset_of!(WeightsAppliedEvent, nonce), 16);
    assert_eq!(offset_of!(WeightsAppliedEvent, eta), 24);
    assert_eq!(offset_of!(WeightsAppliedEvent, event_sequence), 32);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: WeightsAppliedEvent = unsafe { core::mem::transmute([0xABu8; 40]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 42);
        assert_eq!(&bytes[..2], &[5, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn weights_cancelled_layout() {
    assert_eq!(<WeightsCancelledEvent as Event>::LEN, 40);
    assert_eq!(<WeightsCancelledEvent as Event>::DISCRIMINATOR, 6);
    assert_eq!(<WeightsCancelledEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(WeightsCancelledEvent, sku_id), 0);
    assert_eq!(offset_of!(WeightsCancelledEvent, nonce), 16);
    assert_eq!(offset_of!(WeightsCancelledEvent, eta), 24);
    assert_eq!(offset_of!(WeightsCancelledEvent, event_sequence), 32);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: WeightsCancelledEvent = unsafe { core::mem::transmute([0xABu8; 40]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 42);
        assert_eq!(&bytes[..2], &[6, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn withdraw_in_kind_layout() {
    assert_eq!(<WithdrawInKindEvent as Event>::LEN, 272);
    assert_eq!(<WithdrawInKindEvent as Event>::DISCRIMINATOR, 7);
    assert_eq!(<WithdrawInKindEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(WithdrawInKindEvent, sku_id), 0);
    assert_eq!(offset_of!(WithdrawInKindEvent, owner), 16);
    assert_eq!(offset_of!(WithdrawInKindEvent, shares), 48);
    assert_eq!(offset_of!(WithdrawInKindEvent, cash_out), 56);
    assert_eq!(offset_of!(WithdrawInKindEvent, supply_before), 64);
    assert_eq!(offset_of!(WithdrawInKindEvent, unix_time), 72);
    assert_eq!(offset_of!(WithdrawInKindEvent, event_sequence), 80);
    assert_eq!(offset_of!(WithdrawInKindEvent, amounts), 112);
    assert_eq!(offset_of!(WithdrawInKindEvent, mgmt_fee_accrued), 88);
    assert_eq!(offset_of!(WithdrawInKindEvent, supply_after), 96);
    assert_eq!(offset_of!(WithdrawInKindEvent, cash_after), 104);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: WithdrawInKindEvent = unsafe { core::mem::transmute([0xABu8; 272]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 274);
        assert_eq!(&bytes[..2], &[7, 2]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn mgmt_fee_collected_layout() {
    assert_eq!(<MgmtFeeCollectedEvent as Event>::LEN, 56);
    assert_eq!(<MgmtFeeCollectedEvent as Event>::DISCRIMINATOR, 8);
    assert_eq!(<MgmtFeeCollectedEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(MgmtFeeCollectedEvent, sku_id), 0);
    assert_eq!(offset_of!(MgmtFeeCollectedEvent, shares_minted), 16);
    assert_eq!(offset_of!(MgmtFeeCollectedEvent, supply), 24);
    assert_eq!(offset_of!(MgmtFeeCollectedEvent, unix_time), 32);
    assert_eq!(offset_of!(MgmtFeeCollectedEvent, event_sequence), 40);
    assert_eq!(offset_of!(MgmtFeeCollectedEvent, mgmt_fee_accrued), 48);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: MgmtFeeCollectedEvent = unsafe { core::mem::transmute([0xABu8; 56]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 58);
        assert_eq!(&bytes[..2], &[8, 2]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn withdraw_fees_collected_layout() {
    assert_eq!(<WithdrawFeesCollectedEvent as Event>::LEN, 40);
    assert_eq!(<WithdrawFeesCollectedEvent as Event>::DISCRIMINATOR, 27);
    assert_eq!(offset_of!(WithdrawFeesCollectedEvent, fee_usd), 16);
    assert_eq!(offset_of!(WithdrawFeesCollectedEvent, unix_time), 24);
    assert_eq!(offset_of!(WithdrawFeesCollectedEvent, event_sequence), 32);
}

#[test]
fn withdraw_stable_layout() {
    assert_eq!(<WithdrawStableEvent as Event>::LEN, 144);
    assert_eq!(<WithdrawStableEvent as Event>::DISCRIMINATOR, 9);
    assert_eq!(<WithdrawStableEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(WithdrawStableEvent, sku_id), 0);
    assert_eq!(offset_of!(WithdrawStableEvent, owner), 16);
    assert_eq!(offset_of!(WithdrawStableEvent, shares), 48);
    assert_eq!(offset_of!(WithdrawStableEvent, gross_usd), 56);
    assert_eq!(offset_of!(WithdrawStableEvent, fee_usd), 64);
    assert_eq!(offset_of!(WithdrawStableEvent, net_usd), 72);
    assert_eq!(offset_of!(WithdrawStableEvent, nav_usd), 80);
    assert_eq!(offset_of!(WithdrawStableEvent, supply_before), 88);
    assert_eq!(offset_of!(WithdrawStableEvent, cash_left), 96);
    assert_eq!(offset_of!(WithdrawStableEvent, snapshot_sequence), 104);
    assert_eq!(offset_of!(WithdrawStableEvent, unix_time), 112);
    assert_eq!(offset_of!(WithdrawStableEvent, event_sequence), 120);
    assert_eq!(offset_of!(WithdrawStableEvent, mgmt_fee_accrued), 128);
    assert_eq!(offset_of!(WithdrawStableEvent, supply_after), 136);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: WithdrawStableEvent = unsafe { core::mem::transmute([0xABu8; 144]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 146);
        assert_eq!(&bytes[..2], &[9, 2]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn perf_fee_crystallized_layout() {
    assert_eq!(<PerfFeeCrystallizedEvent as Event>::LEN, 88);
    assert_eq!(<PerfFeeCrystallizedEvent as Event>::DISCRIMINATOR, 10);
    assert_eq!(<PerfFeeCrystallizedEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, sku_id), 0);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, fee_shares), 16);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, new_hwm_pps), 24);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, nav_usd), 32);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, supply_before), 40);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, snapshot_sequence), 48);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, unix_time), 56);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, event_sequence), 64);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, mgmt_fee_accrued), 72);
    assert_eq!(offset_of!(PerfFeeCrystallizedEvent, supply_after), 80);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: PerfFeeCrystallizedEvent = unsafe { core::mem::transmute([0xABu8; 88]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 90);
        assert_eq!(&bytes[..2], &[10, 2]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn asset_status_set_layout() {
    assert_eq!(<AssetStatusSetEvent as Event>::LEN, 26);
    assert_eq!(<AssetStatusSetEvent as Event>::DISCRIMINATOR, 11);
    assert_eq!(<AssetStatusSetEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(AssetStatusSetEvent, sku_id), 0);
    assert_eq!(offset_of!(AssetStatusSetEvent, asset_index), 16);
    assert_eq!(offset_of!(AssetStatusSetEvent, status), 17);
    assert_eq!(offset_of!(AssetStatusSetEvent, event_sequence), 18);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: AssetStatusSetEvent = unsafe { core::mem::transmute([0xABu8; 26]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 28);
        assert_eq!(&bytes[..2], &[11, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn rebalance_leg_layout() {
    assert_eq!(<RebalanceLegEvent as Event>::LEN, 146);
    assert_eq!(<RebalanceLegEvent as Event>::DISCRIMINATOR, 12);
    assert_eq!(<RebalanceLegEvent as Event>::VERSION, 3);
    assert_eq!(offset_of!(RebalanceLegEvent, sku_id), 0);
    assert_eq!(offset_of!(RebalanceLegEvent, pay_slot), 16);
    assert_eq!(offset_of!(RebalanceLegEvent, receive_slot), 17);
    assert_eq!(offset_of!(RebalanceLegEvent, pay_mint), 18);
    assert_eq!(offset_of!(RebalanceLegEvent, receive_mint), 50);
    assert_eq!(offset_of!(RebalanceLegEvent, pay_amount_raw), 82);
    assert_eq!(offset_of!(RebalanceLegEvent, received_amount_raw), 90);
    assert_eq!(offset_of!(RebalanceLegEvent, value_out), 98);
    assert_eq!(offset_of!(RebalanceLegEvent, value_in), 106);
    assert_eq!(offset_of!(RebalanceLegEvent, snapshot_sequence), 114);
    assert_eq!(offset_of!(RebalanceLegEvent, unix_time), 122);
    assert_eq!(offset_of!(RebalanceLegEvent, event_sequence), 130);
    assert_eq!(offset_of!(RebalanceLegEvent, pay_book_after), 138);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: RebalanceLegEvent = unsafe { core::mem::transmute([0xABu8; 146]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 148);
        assert_eq!(&bytes[..2], &[12, 3]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn redemption_begun_layout() {
    assert_eq!(<RedemptionBegunEvent as Event>::LEN, 280);
    assert_eq!(<RedemptionBegunEvent as Event>::DISCRIMINATOR, 13);
    assert_eq!(<RedemptionBegunEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(RedemptionBegunEvent, sku_id), 0);
    assert_eq!(offset_of!(RedemptionBegunEvent, owner), 16);
    assert_eq!(offset_of!(RedemptionBegunEvent, nonce), 48);
    assert_eq!(offset_of!(RedemptionBegunEvent, shares), 56);
    assert_eq!(offset_of!(RedemptionBegunEvent, cash_owed), 64);
    assert_eq!(offset_of!(RedemptionBegunEvent, supply_before), 72);
    assert_eq!(offset_of!(RedemptionBegunEvent, unix_time), 80);
    assert_eq!(offset_of!(RedemptionBegunEvent, event_sequence), 88);
    assert_eq!(offset_of!(RedemptionBegunEvent, owed), 120);
    assert_eq!(offset_of!(RedemptionBegunEvent, mgmt_fee_accrued), 96);
    assert_eq!(offset_of!(RedemptionBegunEvent, supply_after), 104);
    assert_eq!(offset_of!(RedemptionBegunEvent, cash_after), 112);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: RedemptionBegunEvent = unsafe { core::mem::transmute([0xABu8; 280]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 282);
        assert_eq!(&bytes[..2], &[13, 2]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn redemption_paid_layout() {
    assert_eq!(<RedemptionPaidEvent as Event>::LEN, 240);
    assert_eq!(<RedemptionPaidEvent as Event>::DISCRIMINATOR, 14);
    assert_eq!(<RedemptionPaidEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(RedemptionPaidEvent, sku_id), 0);
    assert_eq!(offset_of!(RedemptionPaidEvent, owner), 16);
    assert_eq!(offset_of!(RedemptionPaidEvent, nonce), 48);
    assert_eq!(offset_of!(RedemptionPaidEvent, cash_paid), 56);
    assert_eq!(offset_of!(RedemptionPaidEvent, unix_time), 64);
    assert_eq!(offset_of!(RedemptionPaidEvent, event_sequence), 72);
    assert_eq!(offset_of!(RedemptionPaidEvent, paid), 80);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: RedemptionPaidEvent = unsafe { core::mem::transmute([0xABu8; 240]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 242);
        assert_eq!(&bytes[..2], &[14, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn share_metadata_set_layout() {
    assert_eq!(<ShareMetadataSetEvent as Event>::LEN, 24);
    assert_eq!(<ShareMetadataSetEvent as Event>::DISCRIMINATOR, 15);
    assert_eq!(<ShareMetadataSetEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(ShareMetadataSetEvent, sku_id), 0);
    assert_eq!(offset_of!(ShareMetadataSetEvent, event_sequence), 16);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: ShareMetadataSetEvent = unsafe { core::mem::transmute([0xABu8; 24]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 26);
        assert_eq!(&bytes[..2], &[15, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn nav_refreshed_layout() {
    assert_eq!(<NavRefreshedEvent as Event>::LEN, 64);
    assert_eq!(<NavRefreshedEvent as Event>::DISCRIMINATOR, 16);
    assert_eq!(<NavRefreshedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(NavRefreshedEvent, snapshot_sequence), 16);
    assert_eq!(offset_of!(NavRefreshedEvent, nav_up_usd), 24);
    assert_eq!(offset_of!(NavRefreshedEvent, nav_down_usd), 32);
    assert_eq!(offset_of!(NavRefreshedEvent, cash_raw), 40);
    assert_eq!(offset_of!(NavRefreshedEvent, unix_time), 48);
    assert_eq!(offset_of!(NavRefreshedEvent, event_sequence), 56);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: NavRefreshedEvent = unsafe { core::mem::transmute([0xABu8; 64]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 66);
        assert_eq!(&bytes[..2], &[16, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn events_list_every_kind_once_in_order() {
    assert_eq!(EVENTS.len(), VaultEventKind::WithdrawFeesCollected as usize);
    for (i, e) in EVENTS.iter().enumerate() {
        assert_eq!(usize::from(e.discriminator), i + 1, "{}", e.name);
    }
}

#[test]
fn rebalance_settled_layout() {
    assert_eq!(<RebalanceSettledEvent as Event>::LEN, 49);
    assert_eq!(<RebalanceSettledEvent as Event>::DISCRIMINATOR, 20);
    assert_eq!(<RebalanceSettledEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(RebalanceSettledEvent, receive_slot), 16);
    assert_eq!(offset_of!(RebalanceSettledEvent, expected_raw), 17);
    assert_eq!(offset_of!(RebalanceSettledEvent, received_raw), 25);
    assert_eq!(offset_of!(RebalanceSettledEvent, event_sequence), 33);
    assert_eq!(offset_of!(RebalanceSettledEvent, book_after), 41);
}

#[test]
fn withdrawal_requested_layout() {
    assert_eq!(<WithdrawalRequestedEvent as Event>::LEN, 112);
    assert_eq!(<WithdrawalRequestedEvent as Event>::DISCRIMINATOR, 21);
    assert_eq!(<WithdrawalRequestedEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(WithdrawalRequestedEvent, event_sequence), 88);
    assert_eq!(offset_of!(WithdrawalRequestedEvent, mgmt_fee_accrued), 96);
    assert_eq!(offset_of!(WithdrawalRequestedEvent, supply_after), 104);
}

#[test]
fn withdrawal_fulfilled_layout() {
    assert_eq!(<WithdrawalFulfilledEvent as Event>::LEN, 152);
    assert_eq!(<WithdrawalFulfilledEvent as Event>::DISCRIMINATOR, 22);
    assert_eq!(<WithdrawalFulfilledEvent as Event>::VERSION, 2);
    assert_eq!(offset_of!(WithdrawalFulfilledEvent, cash_left), 104);
    assert_eq!(offset_of!(WithdrawalFulfilledEvent, event_sequence), 128);
    assert_eq!(offset_of!(WithdrawalFulfilledEvent, mgmt_fee_accrued), 136);
    assert_eq!(offset_of!(WithdrawalFulfilledEvent, supply_after), 144);
}
