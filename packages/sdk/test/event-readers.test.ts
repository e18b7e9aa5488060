// The generated straight-line event readers (clients/*/src/generated/eventReaders.ts) against
// the Kit codecs they replaced on the decoder's hot path: for every event of every program,
// values with every field at its minimum, its maximum and random values (built from the IDL's
// own type definitions and encoded by the generated Kit encoder) decode to deeply and strictly
// equal objects (same shapes, field order, bigint vs number); random payloads of the right
// length too; and the base58 address reader agrees with Kit's address decoder.
import { readFileSync } from 'node:fs';
import { createOracleEventReaders } from '@basket/oracle-client';
import { createRewardsEventReaders } from '@basket/rewards-client';
import { createVaultEventReaders } from '@basket/vault-client';
import { type Decoder, type Encoder, getAddressDecoder } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressAt } from '../src/base58-address.ts';
import { type BasketProgram, PROGRAM_EVENT_TABLES } from '../src/index.ts';

interface Row {
  name: string;
  size: number;
  getDecoder: () => Decoder<unknown>;
  getEncoder: () => Encoder<never>;
}
type Reader = (b: Uint8Array, v: DataView) => unknown;
interface TypeNode {
  kind: string;
  format?: string;
  size?: number;
  name?: string;
  item?: TypeNode;
  count?: { value: number };
  fields?: { name: string; type: TypeNode }[];
}

const READERS: Record<BasketProgram, Record<string, Reader>> = {
  oracle: createOracleEventReaders(addressAt),
  vault: createVaultEventReaders(addressAt),
  rewards: createRewardsEventReaders(addressAt),
};

/** Each program's IDL types by name: the definitions both the codecs and readers come from. */
function idlTypes(program: BasketProgram): Map<string, TypeNode> {
  const idl = JSON.parse(
    readFileSync(new URL(`../../../idl/${program}.json`, import.meta.url), 'utf8'),
  ) as { program: { definedTypes: { name: string; type: TypeNode }[] } };
  return new Map(idl.program.definedTypes.map((t) => [t.name, t.type]));
}

const BITS: Record<string, [bits: number, signed: boolean]> = {
  u8: [8, false],
  u16: [16, false],
  u32: [32, false],
  u64: [64, false],
  u128: [128, false],
  i8: [8, true],
  i16: [16, true],
  i32: [32, true],
  i64: [64, true],
  i128: [128, true],
};

type Pick = 'min' | 'max' | (() => number);

/** A value of `node` (as the encoder takes it) with every number at `pick`. */
function sample(node: TypeNode, types: Map<string, TypeNode>, pick: Pick): unknown {
  const byte = () => (pick === 'min' ? 0 : pick === 'max' ? 255 : pick() & 0xff);
  switch (node.kind) {
    case 'numberTypeNode': {
      const [bits, signed] = BITS[node.format as string] as [number, boolean];
      const lo = signed ? -(1n << BigInt(bits - 1)) : 0n;
      const hi = (1n << BigInt(signed ? bits - 1 : bits)) - 1n;
      let value: bigint;
      if (pick === 'min') value = lo;
      else if (pick === 'max') value = hi;
      else {
        let raw = 0n;
        for (let i = 0; i < bits / 8; i += 1) raw = (raw << 8n) | BigInt(pick() & 0xff);
        value = lo + (raw % (hi - lo + 1n));
      }
      return bits <= 32 ? Number(value) : value;
    }
    case 'publicKeyTypeNode':
      return getAddressDecoder().decode(Uint8Array.from({ length: 32 }, byte));
    case 'booleanTypeNode':
      return pick === 'max' || (pick !== 'min' && (pick() & 1) === 1);
    case 'fixedSizeTypeNode':
      return Uint8Array.from({ length: node.size as number }, byte);
    case 'arrayTypeNode':
      return Array.from({ length: node.count?.value as number }, () =>
        sample(node.item as TypeNode, types, pick),
      );
    case 'structTypeNode':
      return Object.fromEntries(
        (node.fields ?? []).map((f) => [f.name, sample(f.type, types, pick)]),
      );
    case 'definedTypeLinkNode':
      return sample(types.get(node.name as string) as TypeNode, types, pick);
    default:
      throw new Error(`no sample for ${node.kind}`);
  }
}

const ALL = (Object.keys(PROGRAM_EVENT_TABLES) as BasketProgram[]).flatMap((program) => {
  const types = idlTypes(program);
  return (PROGRAM_EVENT_TABLES[program] as readonly Row[]).map((row) => ({
    program,
    row,
    type: types.get(`${row.name}Event`) as TypeNode,
    types,
    read: READERS[program][row.name] as Reader,
  }));
});

function readBoth(row: Row, read: Reader, payload: Uint8Array) {
  const kit = row.getDecoder().decode(payload);
  const fast = read(payload, new DataView(payload.buffer, payload.byteOffset, payload.length));
  return { kit, fast };
}

describe('generated event readers', () => {
  it('cover every event of every program', () => {
    for (const { program, row, type, read } of ALL) {
      expect(type, `${program}.${row.name} IDL type`).toBeDefined();
      expect(read, `${program}.${row.name} reader`).toBeTypeOf('function');
    }
    expect(ALL.length).toBe(
      PROGRAM_EVENT_TABLES.oracle.length +
        PROGRAM_EVENT_TABLES.vault.length +
        PROGRAM_EVENT_TABLES.rewards.length,
    );
  });

  it.each(ALL.map((e) => [`${e.program}.${e.row.name}`, e] as const))(
    'read %s exactly as the Kit decoder, every field at its minimum and maximum',
    (_, { row, type, types, read }) => {
      for (const pick of ['min', 'max'] as const) {
        // Given the event with every field at its extreme, encoded by the generated encoder
        const value = sample(type, types, pick);
        const payload = Uint8Array.from(row.getEncoder().encode(value as never));
        expect(payload.length).toBe(row.size);
        // When read both ways
        const { kit, fast } = readBoth(row, read, payload);
        // Then the objects are the same (shape, key order, types) and carry the extremes
        expect(fast).toStrictEqual(kit);
        expect(Object.keys(fast as object)).toEqual(Object.keys(kit as object));
        expect(fast).toStrictEqual(value);
      }
    },
  );

  it('read random field values and random payloads exactly as the Kit decoder', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 64 }),
        fc.integer({ min: 0, max: 16 }),
        (event, seed, offset) => {
          // Random values per field, through the encoder
          let i = 0;
          const next = () => seed[i++ % seed.length] as number;
          const value = sample(event.type, event.types, next);
          const encoded = Uint8Array.from(event.row.getEncoder().encode(value as never));
          expect(readBoth(event.row, event.read, encoded).fast).toStrictEqual(value);
          // Random bytes, inside a larger buffer (the decoder reads subarrays of a field)
          const buffer = Uint8Array.from({ length: offset + event.row.size + 3 }, next);
          const payload = buffer.subarray(offset, offset + event.row.size);
          const { kit, fast } = readBoth(event.row, event.read, payload);
          expect(fast).toStrictEqual(kit);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('addressAt', () => {
  const kit = getAddressDecoder();

  it('agrees with the Kit address decoder on random bytes at any offset', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 48 }),
        fc.nat(16),
        fc.nat(32),
        (bytes, at, zeros) => {
          const offset = Math.min(at, bytes.length - 32);
          bytes.fill(0, offset, offset + Math.min(zeros, 32));
          expect(addressAt(bytes, offset)).toBe(kit.decode(bytes.subarray(offset, offset + 32)));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['all zero', new Uint8Array(32)],
    ['all 0xff', new Uint8Array(32).fill(255)],
    ['one at the end', Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0))],
    ['one at the start', Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0))],
    ['58 at the end', Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 58 : 0))],
  ])('agrees with Kit on %s', (_, bytes) => {
    expect(addressAt(bytes, 0)).toBe(kit.decode(bytes));
  });
});
