// The keeper's TypeScript serializer and the program's Rust parser agree on the canonical
// payload: (1) both reproduce the shared vectors in vectors/payload-v1.txt (the Rust side in
// programs/oracle/src/payload.rs), (2) random payloads survive encode/decode, and (3) random
// payloads signed by the TS client are accepted on chain and stored exactly as serialized.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodeNavPayload,
  encodeNavPayload,
  getNavSnapshotDecoder,
  type NavPayload,
  type NavPayloadEntry,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { REPO_ROOT } from '@basket/test-harness';
import { getAddressDecoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSnapshot, expectOk, push, START_SLOT, setupOracle } from './oracle-fixture.ts';

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((b) => Number.parseInt(b, 16)));
const addr = (s: string) => getAddressDecoder().decode(hex(s));

interface Vector {
  name: string;
  payload: NavPayload;
  bytes: Uint8Array;
}

function readVectors(): Vector[] {
  const text = readFileSync(
    join(REPO_ROOT, 'programs/oracle/tests/vectors/payload-v1.txt'),
    'utf8',
  );
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((l) => l && !l.startsWith('#')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const get = (k: string) => lines.find((l) => l.startsWith(`${k}=`))!.slice(k.length + 1);
      const entries = lines
        .filter((l) => l.startsWith('entry='))
        .map((l) => {
          const [p, m, s, f] = l.slice(6).split(',');
          return {
            priceUsd1E8: BigInt(p!),
            multiplierNum: BigInt(m!),
            updatedSlot: BigInt(s!),
            flags: Number(f),
          };
        });
      return {
        name: get('name'),
        payload: {
          programAddress: addr(get('program')),
          snapshot: addr(get('snapshot')),
          skuId: hex(get('sku')),
          sequence: BigInt(get('sequence')),
          entries,
        },
        bytes: hex(get('payload')),
      };
    });
}

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const entryArb: fc.Arbitrary<NavPayloadEntry> = fc.record({
  priceUsd1E8: u64,
  multiplierNum: u64,
  updatedSlot: u64,
  flags: fc.integer({ min: 0, max: 0xffff_ffff }),
});
const bytes32 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => getAddressDecoder().decode(b));

describe('canonical NAV payload', () => {
  it('reproduces the shared Rust/TypeScript test vectors', () => {
    const vectors = readVectors();
    expect(vectors.length).toBeGreaterThanOrEqual(3);
    for (const v of vectors) {
      expect(encodeNavPayload(v.payload), v.name).toEqual(v.bytes);
      expect(decodeNavPayload(v.bytes), v.name).toEqual(v.payload);
    }
  });

  it('round-trips any payload through encode and decode', () => {
    fc.assert(
      fc.property(
        bytes32,
        bytes32,
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        u64,
        fc.array(entryArb, { maxLength: 20 }),
        (programAddress, snapshot, skuId, sequence, entries) => {
          const payload = { programAddress, snapshot, skuId, sequence, entries };
          const bytes = encodeNavPayload(payload);
          expect(bytes.length).toBe(102 + 28 * entries.length);
          expect(decodeNavPayload(bytes)).toEqual(payload);
        },
      ),
    );
  });

  it('refuses more than 20 entries and values outside u64', () => {
    const base = {
      programAddress: ORACLE_PROGRAM_ADDRESS,
      snapshot: ORACLE_PROGRAM_ADDRESS,
      skuId: new Uint8Array(16),
      sequence: 1n,
    };
    const e = { priceUsd1E8: 1n, multiplierNum: 1n, updatedSlot: 1n, flags: 0 };
    expect(() => encodeNavPayload({ ...base, entries: Array(21).fill(e) })).toThrow(RangeError);
    expect(() =>
      encodeNavPayload({ ...base, entries: [{ ...e, priceUsd1E8: 1n << 64n }] }),
    ).toThrow(RangeError);
    expect(() => encodeNavPayload({ ...base, sequence: -1n, entries: [] })).toThrow(RangeError);
  });

  it('is accepted on chain and stored exactly as the TypeScript client serialized it', async () => {
    // Given one oracle; each run creates a fresh SKU and pushes random valid entries
    const o = await setupOracle(1);
    let run = 0;
    const validEntry = fc.record({
      priceUsd1E8: fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
      multiplierNum: fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
      updatedSlot: fc.bigInt({ min: START_SLOT - 150n, max: START_SLOT }),
      flags: fc.integer({ min: 0, max: 15 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(validEntry, { minLength: 1, maxLength: 20 }),
        // A first push: 1 to 16 (MAX_SEQUENCE_STEP) above the fresh snapshot's 0.
        fc.bigInt({ min: 1n, max: 16n }),
        async (es, sequence) => {
          run += 1;
          const snap = await createSnapshot(o, `PROP${run}`, es.length);
          // When the keeper client signs and pushes them
          expectOk(await push(o, { keeper: o.keepers[0]!, ...snap, sequence, entries: es }));
          // Then the program stored each field as the TS serializer encoded it
          const acc = o.svm.getAccount(snap.snapshot);
          if (!acc.exists) throw new Error('missing');
          const s = getNavSnapshotDecoder().decode(Uint8Array.from(acc.data));
          expect(s.sequence).toBe(sequence);
          es.forEach((e, i) => {
            const stored = s.entries[i]!;
            expect([
              stored.priceUsd1E8,
              stored.multiplierNum,
              stored.updatedSlot,
              stored.flags,
            ]).toEqual([e.priceUsd1E8, e.multiplierNum, e.updatedSlot, e.flags]);
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});
