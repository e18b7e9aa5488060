//! Layout tests of every event: sizes, discriminators, versions and field offsets.

use super::*;
use basket_common::{event::Event, layout::PodU64};
use core::mem::offset_of;

#[test]
fn initialized_layout() {
    assert_eq!(<InitializedEvent as Event>::LEN, 3);
    assert_eq!(<InitializedEvent as Event>::DISCRIMINATOR, 1);
    assert_eq!(<InitializedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(InitializedEvent, keeper_count), 0);
    assert_eq!(offset_of!(InitializedEvent, threshold), 1);
    assert_eq!(offset_of!(InitializedEvent, reward_mint_count), 2);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: InitializedEvent = unsafe { core::mem::transmute([0xABu8; 3]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 5);
        assert_eq!(&bytes[..2], &[1, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn staked_layout() {
    assert_eq!(<StakedEvent as Event>::LEN, 66);
    assert_eq!(<StakedEvent as Event>::DISCRIMINATOR, 2);
    assert_eq!(<StakedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(StakedEvent, owner), 0);
    assert_eq!(offset_of!(StakedEvent, stake_index), 32);
    assert_eq!(offset_of!(StakedEvent, amount), 40);
    assert_eq!(offset_of!(StakedEvent, tier_days), 48);
    assert_eq!(offset_of!(StakedEvent, start), 50);
    assert_eq!(offset_of!(StakedEvent, unlock), 58);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: StakedEvent = unsafe { core::mem::transmute([0xABu8; 66]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 68);
        assert_eq!(&bytes[..2], &[2, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn unstaked_layout() {
    assert_eq!(<UnstakedEvent as Event>::LEN, 56);
    assert_eq!(<UnstakedEvent as Event>::DISCRIMINATOR, 3);
    assert_eq!(<UnstakedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(UnstakedEvent, owner), 0);
    assert_eq!(offset_of!(UnstakedEvent, stake_index), 32);
    assert_eq!(offset_of!(UnstakedEvent, amount), 40);
    assert_eq!(offset_of!(UnstakedEvent, unix_time), 48);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: UnstakedEvent = unsafe { core::mem::transmute([0xABu8; 56]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 58);
        assert_eq!(&bytes[..2], &[3, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn epoch_distributed_layout() {
    assert_eq!(<EpochDistributedEvent as Event>::LEN, 121);
    assert_eq!(<EpochDistributedEvent as Event>::MIN_LEN, 41);
    assert_eq!(<EpochDistributedEvent as Event>::DISCRIMINATOR, 4);
    assert_eq!(<EpochDistributedEvent as Event>::VERSION, 3);
    assert_eq!(offset_of!(EpochDistributedEvent, epoch_id), 0);
    assert_eq!(offset_of!(EpochDistributedEvent, merkle_root), 8);
    assert_eq!(offset_of!(EpochDistributedEvent, mint_count), 40);
    assert_eq!(offset_of!(EpochDistributedEvent, totals), 41);
    for count in 0..=10u8 {
        let mut event = EpochDistributedEvent {
            epoch_id: PodU64(7u64.to_le_bytes()),
            merkle_root: [0xAB; 32],
            mint_count: count,
            totals: [PodU64::default(); 10],
        };
        for (i, t) in event.totals.iter_mut().enumerate() {
            t.set(1000 + i as u64);
        }
        let len = 41 + 8 * usize::from(count);
        assert_eq!(event.emitted_len(), len);
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 2 + len);
            assert_eq!(&bytes[..2], &[4, 3]);
            assert_eq!(&bytes[2..10], &7u64.to_le_bytes());
            assert!(bytes[10..42].iter().all(|b| *b == 0xAB));
            assert_eq!(bytes[42], count);
            for (i, t) in bytes[43..].chunks_exact(8).enumerate() {
                assert_eq!(t, &(1000 + i as u64).to_le_bytes());
            }
        });
    }
    // A count above the capacity emits every slot, never more.
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let mut event: EpochDistributedEvent = unsafe { core::mem::transmute([0xABu8; 121]) };
    event.mint_count = 0xAB;
    assert_eq!(event.emitted_len(), 121);
    event.framed(|bytes| assert_eq!(bytes.len(), 123));
}

#[test]
fn claimed_layout() {
    assert_eq!(<ClaimedEvent as Event>::LEN, 121);
    assert_eq!(<ClaimedEvent as Event>::MIN_LEN, 41);
    assert_eq!(<ClaimedEvent as Event>::DISCRIMINATOR, 5);
    assert_eq!(<ClaimedEvent as Event>::VERSION, 3);
    assert_eq!(offset_of!(ClaimedEvent, epoch_id), 0);
    assert_eq!(offset_of!(ClaimedEvent, claimant), 8);
    assert_eq!(offset_of!(ClaimedEvent, amount_count), 40);
    assert_eq!(offset_of!(ClaimedEvent, amounts), 41);
    for count in 0..=10u8 {
        let mut event = ClaimedEvent {
            epoch_id: PodU64(9u64.to_le_bytes()),
            claimant: [0xCD; 32],
            amount_count: count,
            amounts: [PodU64::default(); 10],
        };
        for (i, a) in event
            .amounts
            .iter_mut()
            .enumerate()
            .take(usize::from(count))
        {
            a.set(500 + i as u64);
        }
        let len = 41 + 8 * usize::from(count);
        assert_eq!(event.emitted_len(), len);
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 2 + len);
            assert_eq!(&bytes[..2], &[5, 3]);
            assert_eq!(&bytes[2..10], &9u64.to_le_bytes());
            assert!(bytes[10..42].iter().all(|b| *b == 0xCD));
            assert_eq!(bytes[42], count);
            for (i, a) in bytes[43..].chunks_exact(8).enumerate() {
                assert_eq!(a, &(500 + i as u64).to_le_bytes());
            }
        });
    }
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: ClaimedEvent = unsafe { core::mem::transmute([0xABu8; 121]) };
    assert_eq!(event.emitted_len(), 121);
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 123);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn keepers_rotated_layout() {
    assert_eq!(<KeepersRotatedEvent as Event>::LEN, 1);
    assert_eq!(<KeepersRotatedEvent as Event>::DISCRIMINATOR, 6);
    assert_eq!(<KeepersRotatedEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(KeepersRotatedEvent, keeper_count), 0);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: KeepersRotatedEvent = unsafe { core::mem::transmute([0xABu8; 1]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 3);
        assert_eq!(&bytes[..2], &[6, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn pause_set_layout() {
    assert_eq!(<PauseSetEvent as Event>::LEN, 1);
    assert_eq!(<PauseSetEvent as Event>::DISCRIMINATOR, 7);
    assert_eq!(<PauseSetEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(PauseSetEvent, flags), 0);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: PauseSetEvent = unsafe { core::mem::transmute([0xABu8; 1]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 3);
        assert_eq!(&bytes[..2], &[7, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn reward_mints_set_layout() {
    assert_eq!(<RewardMintsSetEvent as Event>::LEN, 1);
    assert_eq!(<RewardMintsSetEvent as Event>::DISCRIMINATOR, 8);
    assert_eq!(<RewardMintsSetEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(RewardMintsSetEvent, count), 0);
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: RewardMintsSetEvent = unsafe { core::mem::transmute([0xABu8; 1]) };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 3);
        assert_eq!(&bytes[..2], &[8, 1]);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn epoch_swept_layout() {
    assert_eq!(<EpochSweptEvent as Event>::LEN, 409);
    assert_eq!(<EpochSweptEvent as Event>::MIN_LEN, 9);
    assert_eq!(<EpochSweptEvent as Event>::DISCRIMINATOR, 9);
    assert_eq!(<EpochSweptEvent as Event>::VERSION, 3);
    assert_eq!(offset_of!(EpochSweptEvent, epoch_id), 0);
    assert_eq!(offset_of!(EpochSweptEvent, mint_count), 8);
    assert_eq!(offset_of!(EpochSweptEvent, swept), 9);
    assert_eq!(offset_of!(SweptMint, mint), 0);
    assert_eq!(offset_of!(SweptMint, amount), 32);
    for count in 0..=10u8 {
        let mut event = EpochSweptEvent {
            epoch_id: PodU64(3u64.to_le_bytes()),
            mint_count: count,
            swept: [SweptMint::default(); 10],
        };
        for (i, s) in event.swept.iter_mut().enumerate().take(usize::from(count)) {
            s.mint = [i as u8 + 1; 32];
            s.amount.set(70 + i as u64);
        }
        let len = 9 + 40 * usize::from(count);
        assert_eq!(event.emitted_len(), len);
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 2 + len);
            assert_eq!(&bytes[..2], &[9, 3]);
            assert_eq!(&bytes[2..10], &3u64.to_le_bytes());
            assert_eq!(bytes[10], count);
            for (i, s) in bytes[11..].chunks_exact(40).enumerate() {
                assert!(s[..32].iter().all(|b| *b == i as u8 + 1));
                assert_eq!(&s[32..], &(70 + i as u64).to_le_bytes());
            }
        });
    }
    // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
    let event: EpochSweptEvent = unsafe { core::mem::transmute([0xABu8; 409]) };
    assert_eq!(event.emitted_len(), 409);
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 411);
        assert!(bytes[2..].iter().all(|b| *b == 0xAB));
    });
}

#[test]
fn claim_shortfall_layout() {
    assert_eq!(<ClaimShortfallEvent as Event>::LEN, 104);
    assert_eq!(<ClaimShortfallEvent as Event>::MIN_LEN, 104);
    assert_eq!(<ClaimShortfallEvent as Event>::DISCRIMINATOR, 10);
    assert_eq!(<ClaimShortfallEvent as Event>::VERSION, 1);
    assert_eq!(offset_of!(ClaimShortfallEvent, epoch_id), 0);
    assert_eq!(offset_of!(ClaimShortfallEvent, claimant), 8);
    assert_eq!(offset_of!(ClaimShortfallEvent, mint), 40);
    assert_eq!(offset_of!(ClaimShortfallEvent, owed), 72);
    assert_eq!(offset_of!(ClaimShortfallEvent, paid), 80);
    assert_eq!(offset_of!(ClaimShortfallEvent, held), 88);
    assert_eq!(offset_of!(ClaimShortfallEvent, outstanding), 96);
    let event = ClaimShortfallEvent {
        epoch_id: PodU64::new(4),
        claimant: [0xCD; 32],
        mint: [0xEF; 32],
        owed: PodU64::new(600),
        paid: PodU64::new(300),
        held: PodU64::new(500),
        outstanding: PodU64::new(1000),
    };
    event.framed(|bytes| {
        assert_eq!(bytes.len(), 106);
        assert_eq!(&bytes[..2], &[10, 1]);
        assert_eq!(&bytes[2..10], &4u64.to_le_bytes());
        assert!(bytes[10..42].iter().all(|b| *b == 0xCD));
        assert!(bytes[42..74].iter().all(|b| *b == 0xEF));
        assert_eq!(&bytes[74..82], &600u64.to_le_bytes());
        assert_eq!(&bytes[82..90], &300u64.to_le_bytes());
        assert_eq!(&bytes[90..98], &500u64.to_le_bytes());
        assert_eq!(&bytes[98..106], &1000u64.to_le_bytes());
    });
}

#[test]
fn fixed_events_emit_len() {
    assert_eq!(<StakedEvent as Event>::MIN_LEN, <StakedEvent as Event>::LEN);
    assert_eq!(<StakedEvent as Event>::TRAILING_ITEM_LEN, 0);
    let info = EVENTS.iter().find(|e| e.name == "ClaimedEvent").unwrap();
    assert_eq!(
        (info.len, info.min_len, info.item_len, info.count_offset),
        (121, 41, 8, Some(40))
    );
    let info = EVENTS.iter().find(|e| e.name == "EpochSweptEvent").unwrap();
    assert_eq!(
        (info.len, info.min_len, info.item_len, info.count_offset),
        (409, 9, 40, Some(8))
    );
    let info = EVENTS.iter().find(|e| e.name == "StakedEvent").unwrap();
    assert_eq!(
        (info.min_len, info.item_len, info.count_offset),
        (66, 0, None)
    );
}

#[test]
fn events_list_every_kind_once_in_order() {
    assert_eq!(EVENTS.len(), RewardsEventKind::LastEpochReset as usize);
    for (i, e) in EVENTS.iter().enumerate() {
        assert_eq!(usize::from(e.discriminator), i + 1, "{}", e.name);
    }
}
