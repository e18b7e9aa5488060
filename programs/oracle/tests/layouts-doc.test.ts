// docs/layouts/oracle.md against the generated client: every table headed by a codec name
// must list each field at the offset and with the size the codec actually encodes it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  getApproveDeviationInstructionDataDecoder,
  getApproveDeviationInstructionDataEncoder,
  getCreateSnapshotInstructionDataDecoder,
  getCreateSnapshotInstructionDataEncoder,
  getInitializeConfigInstructionDataDecoder,
  getInitializeConfigInstructionDataEncoder,
  getNavEntryDecoder,
  getNavEntryEncoder,
  getNavReferenceDecoder,
  getNavReferenceEncoder,
  getNavSnapshotDecoder,
  getNavSnapshotEncoder,
  getOracleConfigDecoder,
  getOracleConfigEncoder,
  getPushSnapshotInstructionDataDecoder,
  getPushSnapshotInstructionDataEncoder,
  getResetSequenceInstructionDataDecoder,
  getResetSequenceInstructionDataEncoder,
  getRotateKeepersInstructionDataDecoder,
  getRotateKeepersInstructionDataEncoder,
  NAV_PAYLOAD_ENTRY_LENGTH,
  NAV_PAYLOAD_HEADER_LENGTH,
} from '@basket/oracle-client';
import { REPO_ROOT } from '@basket/test-harness';
import {
  type Address,
  type FixedSizeDecoder,
  type FixedSizeEncoder,
  getAddressDecoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';

type Codec = { encoder: FixedSizeEncoder<never>; decoder: FixedSizeDecoder<object> };
const CODECS: Record<string, Codec> = {
  OracleConfig: { encoder: getOracleConfigEncoder() as never, decoder: getOracleConfigDecoder() },
  NavSnapshot: { encoder: getNavSnapshotEncoder() as never, decoder: getNavSnapshotDecoder() },
  NavEntry: { encoder: getNavEntryEncoder() as never, decoder: getNavEntryDecoder() },
  NavReference: {
    encoder: getNavReferenceEncoder() as never,
    decoder: getNavReferenceDecoder(),
  },
  InitializeConfigInstructionData: {
    encoder: getInitializeConfigInstructionDataEncoder() as never,
    decoder: getInitializeConfigInstructionDataDecoder(),
  },
  RotateKeepersInstructionData: {
    encoder: getRotateKeepersInstructionDataEncoder() as never,
    decoder: getRotateKeepersInstructionDataDecoder(),
  },
  CreateSnapshotInstructionData: {
    encoder: getCreateSnapshotInstructionDataEncoder() as never,
    decoder: getCreateSnapshotInstructionDataDecoder(),
  },
  ApproveDeviationInstructionData: {
    encoder: getApproveDeviationInstructionDataEncoder() as never,
    decoder: getApproveDeviationInstructionDataDecoder(),
  },
  ResetSequenceInstructionData: {
    encoder: getResetSequenceInstructionDataEncoder() as never,
    decoder: getResetSequenceInstructionDataDecoder(),
  },
  PushSnapshotInstructionData: {
    encoder: getPushSnapshotInstructionDataEncoder() as never,
    decoder: getPushSnapshotInstructionDataDecoder(),
  },
};

interface Row {
  offset: number;
  size: number;
  field: string;
}
interface Table {
  name: string;
  total: number;
  rows: Row[];
}

function readTables(): Table[] {
  const doc = readFileSync(join(REPO_ROOT, 'docs/layouts/oracle.md'), 'utf8');
  const tables: Table[] = [];
  let current: Table | null = null;
  for (const line of doc.split('\n')) {
    const heading = /^### (\w+) \((\d+) bytes?\)/.exec(line);
    if (heading) {
      current = { name: heading[1]!, total: Number(heading[2]), rows: [] };
      tables.push(current);
      continue;
    }
    if (line.startsWith('#')) current = null;
    const row = /^\| (\d+) \| (\d+) \| `([\w.]+)` \|/.exec(line);
    if (row && current)
      current.rows.push({ offset: Number(row[1]), size: Number(row[2]), field: row[3]! });
  }
  return tables;
}

const ALL_FF = getAddressDecoder().decode(new Uint8Array(32).fill(0xff));

/** `obj` with the value at `path` (object keys and array indices) replaced. */
function withField(obj: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(obj)) return obj.map((v, i) => (i === head ? withField(v, rest, value) : v));
  const o = obj as Record<string, unknown>;
  return { ...o, [head!]: withField(o[head!], rest, value) };
}

/**
 * The value at `path` with every bit of every leaf set (so it encodes to 0xff bytes). Number
 * widths are found by trying the widest value the encoder of `root` accepts at that place.
 */
function marker(
  root: unknown,
  path: (string | number)[],
  encode: (v: unknown) => unknown,
): unknown {
  const value = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root);
  const accepts = (v: unknown) => {
    try {
      encode(withField(root, path, v));
      return true;
    } catch {
      return false;
    }
  };
  if (typeof value === 'bigint') return accepts((1n << 64n) - 1n) ? (1n << 64n) - 1n : -1n;
  if (typeof value === 'number') return [0xffff_ffff, 0xffff, 0xff].find(accepts);
  if (typeof value === 'string') return ALL_FF as Address;
  if (value instanceof Uint8Array) return new Uint8Array(value.length).fill(0xff);
  if (Array.isArray(value)) {
    const first = marker(root, [...path, 0], encode);
    return value.map(() => first);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value).map((k) => [k, marker(root, [...path, k], encode)]),
    );
  }
  throw new Error(`no marker for ${String(value)}`);
}

/** Offset and size of the bytes that change when only `field` is set to all-ones. */
function measured(codec: Codec, field: string): { offset: number; size: number } | null {
  const zero = codec.decoder.decode(new Uint8Array(codec.decoder.fixedSize));
  const encode = (v: unknown) => codec.encoder.encode(v as never);
  const base = encode(zero);
  const path = field.split('.');
  const changed = encode(withField(zero, path, marker(zero, path, encode)));
  const diff = [...changed.keys()].filter((i) => changed[i] !== base[i]);
  if (diff.length === 0) return null;
  return { offset: diff[0]!, size: diff[diff.length - 1]! - diff[0]! + 1 };
}

describe('docs/layouts/oracle.md', () => {
  const tables = readTables().filter((t) => t.name in CODECS);

  it('documents every account and instruction codec', () => {
    expect(tables.map((t) => t.name).sort()).toEqual(Object.keys(CODECS).sort());
  });

  it.each(
    readTables()
      .filter((t) => t.name in CODECS)
      .map((t) => [t.name, t] as const),
  )('%s: offsets, sizes and total match the generated codec', (_, table) => {
    const codec = CODECS[table.name]!;
    expect(codec.encoder.fixedSize).toBe(table.total);
    // The rows tile the whole struct without gaps or overlaps.
    let next = 0;
    for (const row of table.rows) {
      expect(row.offset, `${table.name}.${row.field}`).toBe(next);
      next = row.offset + row.size;
    }
    expect(next).toBe(table.total);
    for (const row of table.rows) {
      const m = measured(codec, row.field);
      if (m === null) {
        // Encoders write their discriminator constant whatever the input holds.
        expect([row.field, row.offset, row.size]).toEqual(['discriminator', 0, 1]);
        continue;
      }
      expect(m, `${table.name}.${row.field}`).toEqual({ offset: row.offset, size: row.size });
    }
  });

  it('documents the payload header and entry sizes the client uses', () => {
    const doc = readFileSync(join(REPO_ROOT, 'docs/layouts/oracle.md'), 'utf8');
    expect(doc).toContain(`| 102 | 28 x n | entries |`);
    expect(NAV_PAYLOAD_HEADER_LENGTH).toBe(102);
    expect(NAV_PAYLOAD_ENTRY_LENGTH).toBe(28);
  });
});
