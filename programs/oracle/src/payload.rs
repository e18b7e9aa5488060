//! The canonical NAV payload: the exact bytes a keeper signs with ed25519.
//!
//! The payload travels once per transaction, as the message of the Ed25519 instruction
//! placed right before `push_snapshot`; the oracle reads the entries from there. Carrying
//! it a second time in the push data would not fit 20 entries in a 1,232-byte packet.
//!
//! Layout (102 + 28 x entry_count bytes, integers little-endian):
//! - `[0..13]` domain tag `b"BASKET_NAV_V1"`
//! - `[13..45]` oracle program id
//! - `[45..77]` snapshot account address
//! - `[77..93]` SKU id
//! - `[93..101]` sequence (u64)
//! - `[101]` entry count (u8, at most 20; equal to the snapshot's mint count)
//! - `[102..]` entries of 28 bytes, in the order of the snapshot's mint list:
//!   `[0..8]` price_usd_1e8, `[8..16]` multiplier_num, `[16..24]` updated_slot, `[24..28]` flags
//!
//! Mints are not repeated in the payload: they are fixed per snapshot account by the admin
//! multisig at `create_snapshot`, and the payload is bound to that account's address.

use crate::{bytes::eq, error::OracleError, state::MAX_ENTRIES};

/// Domain separation tag, versioned with the layout.
pub const DOMAIN_TAG: &[u8; 13] = b"BASKET_NAV_V1";
/// Bytes before the first entry.
pub const HEADER_LEN: usize = 102;
/// Bytes per entry.
pub const ENTRY_LEN: usize = 28;
/// Length of a payload with the maximum number of entries.
pub const MAX_LEN: usize = HEADER_LEN + ENTRY_LEN * MAX_ENTRIES;

const PROGRAM_AT: usize = 13;
const SNAPSHOT_AT: usize = 45;
const SKU_AT: usize = 77;
const SEQUENCE_AT: usize = 93;
const COUNT_AT: usize = 101;

/// One entry as signed.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct PayloadEntry {
    pub price_usd_1e8: u64,
    pub multiplier_num: u64,
    pub updated_slot: u64,
    pub flags: u32,
}

/// A payload whose length, tag and program id have been checked.
pub struct Payload<'a> {
    bytes: &'a [u8],
}

#[inline(always)]
fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[at..][..8]);
    u64::from_le_bytes(b)
}

impl<'a> Payload<'a> {
    /// Checks the tag, the program id, the entry count bound and the exact length.
    pub fn parse(bytes: &'a [u8], program_id: &[u8; 32]) -> Result<Self, OracleError> {
        if bytes.len() < HEADER_LEN
            || !eq(&bytes[..PROGRAM_AT], DOMAIN_TAG)
            || !eq(&bytes[PROGRAM_AT..SNAPSHOT_AT], program_id)
        {
            return Err(OracleError::InvalidPayload);
        }
        let count = bytes[COUNT_AT] as usize;
        if count > MAX_ENTRIES {
            return Err(OracleError::TooManyEntries);
        }
        // count <= 20, so the length is at most MAX_LEN.
        #[allow(clippy::arithmetic_side_effects)]
        let expected_len = HEADER_LEN + ENTRY_LEN * count;
        if bytes.len() != expected_len {
            return Err(OracleError::InvalidPayload);
        }
        Ok(Self { bytes })
    }

    pub fn snapshot(&self) -> &[u8] {
        &self.bytes[SNAPSHOT_AT..SKU_AT]
    }

    pub fn sku_id(&self) -> &[u8] {
        &self.bytes[SKU_AT..SEQUENCE_AT]
    }

    pub fn sequence(&self) -> u64 {
        u64_at(self.bytes, SEQUENCE_AT)
    }

    pub fn entry_count(&self) -> usize {
        self.bytes[COUNT_AT] as usize
    }

    /// The entries in order (`parse` checked there are exactly `entry_count`).
    pub fn entries(&self) -> impl Iterator<Item = PayloadEntry> + '_ {
        self.bytes[HEADER_LEN..]
            .chunks_exact(ENTRY_LEN)
            .map(decode_entry)
    }
}

#[inline(always)]
fn decode_entry(e: &[u8]) -> PayloadEntry {
    PayloadEntry {
        price_usd_1e8: u64_at(e, 0),
        multiplier_num: u64_at(e, 8),
        updated_slot: u64_at(e, 16),
        flags: u32::from_le_bytes([e[24], e[25], e[26], e[27]]),
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // test helpers index small fixed inputs
mod tests {
    extern crate std;
    use super::*;
    use std::{string::String, vec::Vec};

    /// Encoder used by the tests only: the keeper's TypeScript serializer is the production
    /// encoder, and both must produce the shared vectors in tests/vectors/payload-v1.txt.
    fn encode(
        program: &[u8; 32],
        snapshot: &[u8; 32],
        sku: &[u8; 16],
        sequence: u64,
        entries: &[PayloadEntry],
    ) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(DOMAIN_TAG);
        out.extend_from_slice(program);
        out.extend_from_slice(snapshot);
        out.extend_from_slice(sku);
        out.extend_from_slice(&sequence.to_le_bytes());
        out.push(u8::try_from(entries.len()).unwrap());
        for e in entries {
            out.extend_from_slice(&e.price_usd_1e8.to_le_bytes());
            out.extend_from_slice(&e.multiplier_num.to_le_bytes());
            out.extend_from_slice(&e.updated_slot.to_le_bytes());
            out.extend_from_slice(&e.flags.to_le_bytes());
        }
        out
    }

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    fn arr<const N: usize>(v: &[u8]) -> [u8; N] {
        v.try_into().unwrap()
    }

    /// Parses tests/vectors/payload-v1.txt: blocks of `key=value` lines separated by blank
    /// lines; `entry=price,multiplier,slot,flags` repeats.
    /// name, program, snapshot, sku, sequence, entries, payload bytes
    type Vector = (
        String,
        [u8; 32],
        [u8; 32],
        [u8; 16],
        u64,
        Vec<PayloadEntry>,
        Vec<u8>,
    );

    fn vectors() -> Vec<Vector> {
        let text = include_str!("../tests/vectors/payload-v1.txt");
        let mut out = Vec::new();
        for block in text.split("\n\n") {
            let lines: Vec<&str> = block
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
                .collect();
            if lines.is_empty() {
                continue;
            }
            let get = |k: &str| {
                lines
                    .iter()
                    .find_map(|l| l.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
                    .unwrap()
            };
            let entries = lines
                .iter()
                .filter_map(|l| l.strip_prefix("entry="))
                .map(|l| {
                    let f: Vec<u64> = l.split(',').map(|x| x.parse().unwrap()).collect();
                    PayloadEntry {
                        price_usd_1e8: f[0],
                        multiplier_num: f[1],
                        updated_slot: f[2],
                        flags: u32::try_from(f[3]).unwrap(),
                    }
                })
                .collect();
            out.push((
                String::from(get("name")),
                arr(&hex(get("program"))),
                arr(&hex(get("snapshot"))),
                arr(&hex(get("sku"))),
                get("sequence").parse().unwrap(),
                entries,
                hex(get("payload")),
            ));
        }
        out
    }

    #[test]
    fn shared_vectors_encode_and_parse_identically() {
        let all = vectors();
        assert!(all.len() >= 3);
        for (name, program, snapshot, sku, sequence, entries, expected) in all {
            assert_eq!(
                encode(&program, &snapshot, &sku, sequence, &entries),
                expected,
                "{name}"
            );
            let p = Payload::parse(&expected, &program).unwrap();
            assert_eq!(
                (p.snapshot(), p.sku_id(), p.sequence(), p.entry_count()),
                (&snapshot[..], &sku[..], sequence, entries.len()),
                "{name}"
            );
            assert_eq!(p.entries().collect::<Vec<_>>(), entries, "{name}");
        }
    }

    #[test]
    fn rejects_wrong_tag_program_length_and_count() {
        let program = [7u8; 32];
        let e = PayloadEntry {
            price_usd_1e8: 1,
            multiplier_num: 1,
            updated_slot: 1,
            flags: 0,
        };
        let good = encode(&program, &[1; 32], &[2; 16], 5, &[e, e]);
        assert!(Payload::parse(&good, &program).is_ok());
        assert_eq!(
            Payload::parse(&good, &[8; 32]).err(),
            Some(OracleError::InvalidPayload)
        );
        let mut bad_tag = good.clone();
        bad_tag[12] = b'2';
        assert_eq!(
            Payload::parse(&bad_tag, &program).err(),
            Some(OracleError::InvalidPayload)
        );
        assert_eq!(
            Payload::parse(&good[..good.len() - 1], &program).err(),
            Some(OracleError::InvalidPayload)
        );
        assert_eq!(
            Payload::parse(&good[..HEADER_LEN - 1], &program).err(),
            Some(OracleError::InvalidPayload)
        );
        let mut too_many = encode(&program, &[1; 32], &[2; 16], 5, &[e; 21]);
        assert_eq!(
            Payload::parse(&too_many, &program).err(),
            Some(OracleError::TooManyEntries)
        );
        too_many[COUNT_AT] = 20;
        assert_eq!(
            Payload::parse(&too_many, &program).err(),
            Some(OracleError::InvalidPayload)
        );
    }
}
