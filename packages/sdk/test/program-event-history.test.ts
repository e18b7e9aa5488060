// Events an earlier deployment emitted stay readable (decision 0980). Each superseded layout
// of the ledger (idl/events/<program>.history.json, reconstructed from git) is written here
// once more, field by field as released, and its bytes built from it: the decoder must read
// them as `superseded`, with that release's version, its ledger id and exactly its fields
// (none a later version added). The list is frozen: a released layout that disappears from
// the ledger or changes fails here, and a new superseded one needs its own row below. Each
// layout is also read from bytes its old program emitted (fixtures/released-events.json).

import { readFileSync } from 'node:fs';
import { ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import { REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import {
  type Address,
  getAddressDecoder,
  getAddressEncoder,
  getBase64Decoder,
  getBase64Encoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type BasketProgram, decodeProgramEvents, PROGRAM_EVENT_HISTORY } from '../src/index.ts';

const ADDRESS: Record<BasketProgram, Address> = {
  oracle: ORACLE_PROGRAM_ADDRESS,
  vault: VAULT_PROGRAM_ADDRESS,
  rewards: REWARDS_PROGRAM_ADDRESS,
};

/** [program, ledger id, discriminator, version, fields as released: name:type, in order]. */
const RELEASED: [BasketProgram, string, number, number, string][] = [
  [
    'vault',
    'deposit.v1',
    2,
    1,
    'skuId:b16 depositor:pk rawAmount:u64 shares:u64 navUsd:u64 supplyBefore:u64 snapshotSequence:u64 unixTime:i64 eventSequence:u64',
  ],
  [
    'vault',
    'deposit.v2-128b',
    2,
    2,
    'skuId:b16 depositor:pk rawAmount:u64 shares:u64 navUsd:u64 supplyBefore:u64 snapshotSequence:u64 unixTime:i64 eventSequence:u64 mgmtFeeAccrued:u64 supplyAfter:u64 cashAfter:u64',
  ],
  [
    'vault',
    'withdrawInKind.v1',
    7,
    1,
    'skuId:b16 owner:pk shares:u64 cashOut:u64 supplyBefore:u64 unixTime:i64 eventSequence:u64 amounts:20xu64',
  ],
  [
    'vault',
    'mgmtFeeCollected.v1',
    8,
    1,
    'skuId:b16 sharesMinted:u64 supply:u64 unixTime:i64 eventSequence:u64',
  ],
  [
    'vault',
    'withdrawStable.v1',
    9,
    1,
    'skuId:b16 owner:pk shares:u64 grossUsd:u64 feeUsd:u64 netUsd:u64 navUsd:u64 supplyBefore:u64 cashLeft:u64 snapshotSequence:u64 unixTime:i64 eventSequence:u64',
  ],
  [
    'vault',
    'perfFeeCrystallized.v1',
    10,
    1,
    'skuId:b16 feeShares:u64 newHwmPps:u64 navUsd:u64 supplyBefore:u64 snapshotSequence:u64 unixTime:i64 eventSequence:u64',
  ],
  [
    'vault',
    'rebalanceLeg.v2',
    12,
    2,
    'skuId:b16 paySlot:u8 receiveSlot:u8 payMint:pk receiveMint:pk payAmountRaw:u64 receivedAmountRaw:u64 valueOut:u64 valueIn:u64 snapshotSequence:u64 unixTime:i64 eventSequence:u64',
  ],
  [
    'vault',
    'redemptionBegun.v1',
    13,
    1,
    'skuId:b16 owner:pk nonce:u64 shares:u64 cashOwed:u64 supplyBefore:u64 unixTime:i64 eventSequence:u64 owed:20xu64',
  ],
  [
    'vault',
    'rebalanceSettled.v1',
    20,
    1,
    'skuId:b16 receiveSlot:u8 expectedRaw:u64 receivedRaw:u64 eventSequence:u64',
  ],
  [
    'vault',
    'withdrawalRequested.v1',
    21,
    1,
    'skuId:b16 owner:pk nonce:u64 shares:u64 minOut:u64 estimatedGrossUsd:u64 unixTime:i64 eventSequence:u64',
  ],
  [
    'vault',
    'withdrawalFulfilled.v1',
    22,
    1,
    'skuId:b16 owner:pk nonce:u64 shares:u64 grossUsd:u64 feeUsd:u64 netUsd:u64 navUsd:u64 supplyBefore:u64 cashLeft:u64 snapshotSequence:u64 unixTime:i64 eventSequence:u64',
  ],
  ['rewards', 'epochDistributed.v2', 4, 2, 'epochId:u64 merkleRoot:b32 mintCount:u8 totals:10xu64'],
  ['rewards', 'claimed.v2', 5, 2, 'epochId:u64 claimant:pk amountCount:u8 amounts:10xu64'],
  ['rewards', 'epochSwept.v2', 9, 2, 'epochId:u64 mintCount:u8 mints:10xpk amounts:10xu64'],
];

const addresses = getAddressDecoder();

/**
 * The payload of `fields` (as released) with a distinct value in every field, and the
 * object the decoder must return for it. Written with a DataView, not the generated readers.
 */
function build(fields: string): { payload: Uint8Array; expected: Record<string, unknown> } {
  const chunks: number[] = [];
  const expected: Record<string, unknown> = {};
  let seed = 1;
  const one = (type: string): unknown => {
    seed += 1;
    if (type === 'u8') {
      chunks.push(seed & 0xff);
      return seed & 0xff;
    }
    if (type === 'u64' || type === 'i64') {
      // Distinct in both halves, so a read at the wrong offset or width cannot match.
      const value = BigInt(seed) * 4_294_967_311n + BigInt(seed);
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setBigUint64(0, value, true);
      chunks.push(...bytes);
      return value;
    }
    const width = type === 'pk' ? 32 : Number(type.slice(1));
    const bytes = Uint8Array.from({ length: width }, (_, i) => (seed * 31 + i) & 0xff);
    chunks.push(...bytes);
    return type === 'pk' ? addresses.decode(bytes) : bytes;
  };
  for (const f of fields.split(' ')) {
    const [name, type] = f.split(':') as [string, string];
    const array = /^(\d+)x(.+)$/.exec(type);
    expected[name] = array
      ? Array.from({ length: Number(array[1]) }, () => one(array[2] as string))
      : one(type);
  }
  return { payload: Uint8Array.from(chunks), expected };
}

/** `value` (as decoded) written back as `fields` say, independently of the generated readers. */
function encode(fields: string, value: Record<string, unknown>): Uint8Array {
  const out: number[] = [];
  const one = (type: string, v: unknown) => {
    if (type === 'u8') out.push(v as number);
    else if (type === 'u64' || type === 'i64') {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, v as bigint), true);
      out.push(...bytes);
    } else if (type === 'pk') out.push(...getAddressEncoder().encode(v as Address));
    else out.push(...(v as Uint8Array));
  };
  for (const f of fields.split(' ')) {
    const [name, type] = f.split(':') as [string, string];
    const array = /^(\d+)x(.+)$/.exec(type);
    if (array) for (const item of value[name] as unknown[]) one(array[2] as string, item);
    else one(type, value[name]);
  }
  return Uint8Array.from(out);
}

/** Event fields the old programs emitted, captured from their logs (see the file's JSON). */
type Captured = {
  id: string;
  program: BasketProgram;
  commit: string;
  test: string;
  base64: string;
};
const CAPTURED: Captured[] = JSON.parse(
  readFileSync(new URL('./fixtures/released-events.json', import.meta.url), 'utf8'),
).events;

function logs(program: BasketProgram, kind: number, version: number, payload: Uint8Array) {
  const field = getBase64Decoder().decode(Uint8Array.from([kind, version, ...payload]));
  const at = ADDRESS[program];
  return [`Program ${at} invoke [1]`, `Program data: ${field}`, `Program ${at} success`];
}

describe('superseded event layouts', () => {
  it('the ledger has exactly the released layouts listed here', () => {
    const ids = (Object.keys(PROGRAM_EVENT_HISTORY) as BasketProgram[]).flatMap((p) =>
      PROGRAM_EVENT_HISTORY[p].map((r) => `${p}:${r.id}`),
    );
    expect(ids.sort()).toEqual(RELEASED.map(([p, id]) => `${p}:${id}`).sort());
  });

  it.each(RELEASED)('%s %s decodes as released', (program, id, kind, version, fields) => {
    const { payload, expected } = build(fields);
    const row = PROGRAM_EVENT_HISTORY[program].find((r) => r.id === id);
    expect(payload.length).toBe(row?.size);
    const [entry, ...rest] = decodeProgramEvents(logs(program, kind, version, payload));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ status: 'superseded', program, kind, version, layout: id });
    if (entry?.status !== 'superseded') throw new Error('not superseded');
    expect(entry.name).toBe(id.slice(0, id.indexOf('.')));
    // Exactly that release's fields: none a later version added is invented.
    expect(entry.event).toEqual(expected);
  });

  it('picks the layout of a version by its length (deposit v2 was 128 bytes, then 112)', () => {
    const v2 = build(RELEASED[1]?.[4] as string);
    const [old] = decodeProgramEvents(logs('vault', 2, 2, v2.payload));
    expect(old).toMatchObject({ status: 'superseded', layout: 'deposit.v2-128b', version: 2 });
    const [current] = decodeProgramEvents(logs('vault', 2, 2, v2.payload.subarray(0, 112)));
    expect(current).toMatchObject({ status: 'decoded', name: 'deposit', version: 2 });
    expect(current?.status === 'decoded' && 'supplyAfter' in current.event).toBe(false);
  });

  it('a released version of the wrong length is malformed; a version never released is unknown', () => {
    const v1 = build(RELEASED[0]?.[4] as string);
    const [short] = decodeProgramEvents(logs('vault', 2, 1, v1.payload.subarray(1)));
    expect(short).toMatchObject({ status: 'malformed', reason: 'wrong-length' });
    expect(short?.status === 'malformed' && short.detail).toBe(
      'deposit v1 has 104 payload bytes, got 103',
    );
    const [never] = decodeProgramEvents(logs('vault', 2, 9, v1.payload));
    expect(never).toMatchObject({ status: 'unknown', reason: 'unknown-version', version: 9 });
    // rebalanceLeg v1 predates the first event table: not on record, so not readable.
    const [v1Leg] = decodeProgramEvents(logs('vault', 12, 1, new Uint8Array(138)));
    expect(v1Leg).toMatchObject({ status: 'unknown', reason: 'unknown-version' });
  });

  // Bytes the old programs emitted: each built from its commit in a separate worktree
  // (scripts/build-programs.sh) and its own LiteSVM tests run with their logs captured.
  it.each(CAPTURED)('$id as the program at $commit emitted it', (c) => {
    const spec = RELEASED.find(([p, id]) => p === c.program && id === c.id);
    if (spec === undefined) throw new Error(`${c.id} is not a released layout`);
    const [program, id, kind, version, fields] = spec;
    const bytes = getBase64Encoder().encode(c.base64);
    expect([bytes[0], bytes[1]]).toEqual([kind, version]);
    const [entry] = decodeProgramEvents(
      logs(program, kind, version, Uint8Array.from(bytes).slice(2)),
    );
    expect(entry).toMatchObject({ status: 'superseded', layout: id, version });
    if (entry?.status !== 'superseded') throw new Error('not superseded');
    const event = entry.event as Record<string, unknown>;
    // Exactly the release's fields, which written back are the emitted bytes.
    expect(Object.keys(event)).toEqual(fields.split(' ').map((f) => f.split(':')[0]));
    expect(encode(fields, event)).toEqual(Uint8Array.from(bytes).slice(2));
    if ('eventSequence' in event) expect(event.eventSequence as bigint).toBeGreaterThan(0n);
  });
});
