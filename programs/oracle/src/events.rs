//! Events of the oracle program: the single definition of each event. The program emits
//! `[OracleEventKind][version][struct bytes]` (one `sol_log_data` field); the IDL lists the
//! structs and the kind enum as defined types, and the SDK decodes them with the generated
//! codecs. See docs/sdk.md, "Events".

use basket_common::{event::EventInfo, layout::PodU64};
use codama_macros::CodamaType;

/// Event discriminators of this program (first byte of every event). Append-only and
/// contiguous from 0: the Codama JS renderer numbers enum variants by position and ignores
/// explicit values, so `Reserved = 0` (never emitted) keeps every generated TypeScript value
/// equal to the byte on chain.
#[derive(Clone, Copy, Debug, Eq, PartialEq, CodamaType)]
#[repr(u8)]
pub enum OracleEventKind {
    /// Never emitted.
    Reserved = 0,
    ConfigInitialized = 1,
    KeepersRotated = 2,
    SnapshotCreated = 3,
    SnapshotPushed = 4,
    DeviationApproved = 5,
    SequenceReset = 6,
}

/// `initialize_config`.
///
/// Payload: 2 bytes after `[1][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct ConfigInitializedEvent {
    pub keeper_count: u8,
    /// Admin threshold.
    pub threshold: u8,
}

basket_common::impl_event!(
    ConfigInitializedEvent,
    OracleEventKind::ConfigInitialized,
    version = 1,
    len = 2
);

/// `rotate_keepers`.
///
/// Payload: 9 bytes after `[2][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct KeepersRotatedEvent {
    pub keeper_count: u8,
    #[codama(type = number(u64))]
    pub keeper_set_version: PodU64,
}

basket_common::impl_event!(
    KeepersRotatedEvent,
    OracleEventKind::KeepersRotated,
    version = 1,
    len = 9
);

/// `create_snapshot`.
///
/// Payload: 17 bytes after `[3][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct SnapshotCreatedEvent {
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    pub mint_count: u8,
}

basket_common::impl_event!(
    SnapshotCreatedEvent,
    OracleEventKind::SnapshotCreated,
    version = 1,
    len = 17
);

/// `push_snapshot`: a keeper wrote new prices. Version 2 adds the keeper.
///
/// Payload: 57 bytes after `[4][2]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct SnapshotPushedEvent {
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// Snapshot sequence after the push.
    #[codama(type = number(u64))]
    pub sequence: PodU64,
    pub entry_count: u8,
    /// Keeper whose Ed25519 signature was verified.
    #[codama(type = public_key)]
    pub keeper: [u8; 32],
}

basket_common::impl_event!(
    SnapshotPushedEvent,
    OracleEventKind::SnapshotPushed,
    version = 2,
    len = 57
);

/// `approve_deviation`: admins allow the push with `sequence` past the cap.
///
/// Payload: 24 bytes after `[5][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct DeviationApprovedEvent {
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// The sequence of the one push the approval lets past the cap.
    #[codama(type = number(u64))]
    pub sequence: PodU64,
}

basket_common::impl_event!(
    DeviationApprovedEvent,
    OracleEventKind::DeviationApproved,
    version = 1,
    len = 24
);

/// `reset_sequence`: the admins set a snapshot's sequence.
///
/// Payload: 32 bytes after `[6][1]`.
#[repr(C)]
#[derive(Clone, Copy, CodamaType)]
pub struct SequenceResetEvent {
    #[codama(type = fixed_size(bytes, 16))]
    pub sku_id: [u8; 16],
    /// The sequence before the reset.
    #[codama(type = number(u64))]
    pub previous: PodU64,
    /// The sequence after it: the next push is 1 to `MAX_SEQUENCE_STEP` above.
    #[codama(type = number(u64))]
    pub sequence: PodU64,
}

basket_common::impl_event!(
    SequenceResetEvent,
    OracleEventKind::SequenceReset,
    version = 1,
    len = 32
);

/// Every event of this program in discriminator order (read by `scripts/idl-gen`).
pub const EVENTS: &[EventInfo] = &[
    EventInfo::of::<ConfigInitializedEvent>("ConfigInitializedEvent"),
    EventInfo::of::<KeepersRotatedEvent>("KeepersRotatedEvent"),
    EventInfo::of::<SnapshotCreatedEvent>("SnapshotCreatedEvent"),
    EventInfo::of::<SnapshotPushedEvent>("SnapshotPushedEvent"),
    EventInfo::of::<DeviationApprovedEvent>("DeviationApprovedEvent"),
    EventInfo::of::<SequenceResetEvent>("SequenceResetEvent"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use basket_common::event::Event;
    use core::mem::offset_of;

    #[test]
    fn config_initialized_layout() {
        assert_eq!(<ConfigInitializedEvent as Event>::LEN, 2);
        assert_eq!(<ConfigInitializedEvent as Event>::DISCRIMINATOR, 1);
        assert_eq!(<ConfigInitializedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(ConfigInitializedEvent, keeper_count), 0);
        assert_eq!(offset_of!(ConfigInitializedEvent, threshold), 1);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: ConfigInitializedEvent = unsafe { core::mem::transmute([0xABu8; 2]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 4);
            assert_eq!(&bytes[..2], &[1, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn keepers_rotated_layout() {
        assert_eq!(<KeepersRotatedEvent as Event>::LEN, 9);
        assert_eq!(<KeepersRotatedEvent as Event>::DISCRIMINATOR, 2);
        assert_eq!(<KeepersRotatedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(KeepersRotatedEvent, keeper_count), 0);
        assert_eq!(offset_of!(KeepersRotatedEvent, keeper_set_version), 1);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: KeepersRotatedEvent = unsafe { core::mem::transmute([0xABu8; 9]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 11);
            assert_eq!(&bytes[..2], &[2, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn snapshot_created_layout() {
        assert_eq!(<SnapshotCreatedEvent as Event>::LEN, 17);
        assert_eq!(<SnapshotCreatedEvent as Event>::DISCRIMINATOR, 3);
        assert_eq!(<SnapshotCreatedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(SnapshotCreatedEvent, sku_id), 0);
        assert_eq!(offset_of!(SnapshotCreatedEvent, mint_count), 16);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: SnapshotCreatedEvent = unsafe { core::mem::transmute([0xABu8; 17]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 19);
            assert_eq!(&bytes[..2], &[3, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn snapshot_pushed_layout() {
        assert_eq!(<SnapshotPushedEvent as Event>::LEN, 57);
        assert_eq!(<SnapshotPushedEvent as Event>::DISCRIMINATOR, 4);
        assert_eq!(<SnapshotPushedEvent as Event>::VERSION, 2);
        assert_eq!(offset_of!(SnapshotPushedEvent, sku_id), 0);
        assert_eq!(offset_of!(SnapshotPushedEvent, sequence), 16);
        assert_eq!(offset_of!(SnapshotPushedEvent, entry_count), 24);
        assert_eq!(offset_of!(SnapshotPushedEvent, keeper), 25);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: SnapshotPushedEvent = unsafe { core::mem::transmute([0xABu8; 57]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 59);
            assert_eq!(&bytes[..2], &[4, 2]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn deviation_approved_layout() {
        assert_eq!(<DeviationApprovedEvent as Event>::LEN, 24);
        assert_eq!(<DeviationApprovedEvent as Event>::DISCRIMINATOR, 5);
        assert_eq!(<DeviationApprovedEvent as Event>::VERSION, 1);
        assert_eq!(offset_of!(DeviationApprovedEvent, sku_id), 0);
        assert_eq!(offset_of!(DeviationApprovedEvent, sequence), 16);
        // SAFETY: every field is a byte array, so all-0xAB bytes are a valid value.
        let event: DeviationApprovedEvent = unsafe { core::mem::transmute([0xABu8; 24]) };
        event.framed(|bytes| {
            assert_eq!(bytes.len(), 26);
            assert_eq!(&bytes[..2], &[5, 1]);
            assert!(bytes[2..].iter().all(|b| *b == 0xAB));
        });
    }

    #[test]
    fn sequence_reset_layout() {
        assert_eq!(<SequenceResetEvent as Event>::LEN, 32);
        assert_eq!(<SequenceResetEvent as Event>::DISCRIMINATOR, 6);
        assert_eq!(offset_of!(SequenceResetEvent, previous), 16);
        assert_eq!(offset_of!(SequenceResetEvent, sequence), 24);
    }

    #[test]
    fn events_list_every_kind_once_in_order() {
        assert_eq!(EVENTS.len(), OracleEventKind::SequenceReset as usize);
        for (i, e) in EVENTS.iter().enumerate() {
            assert_eq!(usize::from(e.discriminator), i + 1, "{}", e.name);
        }
    }
}
