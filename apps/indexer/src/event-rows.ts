// From a transaction item to the rows it writes: pure, so ingest, backfill, replays and the
// tests share it. Events come from the SDK's decoder only, attributed to the program that was
// running when each field was logged, so another program's log cannot pass as ours.
import {
  type DecodedProgramEventEntry,
  decodeProgramEvents,
  type ProgramAddresses,
} from '@basket/sdk';
import type { TransactionItem } from './webhook-body.ts';

export type TransactionRow = Readonly<{
  signature: string;
  slot: bigint;
  blockTime: Date | null;
}>;

export type EventRow = Readonly<{
  signature: string;
  eventIndex: number;
  program: string | null;
  programAddress: string;
  status: 'decoded' | 'unknown' | 'malformed';
  name: string | null;
  version: number | null;
  reason: string | null;
  instructionIndex: number;
  depth: number;
  sku: string | null;
  slot: bigint;
  blockTime: Date | null;
  payload: unknown;
}>;

export type ItemRows =
  | Readonly<{ kind: 'failed'; signature: string }>
  | Readonly<{ kind: 'rows'; transaction: TransactionRow; events: EventRow[] }>;

const HEX = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** A SKU id field (16 bytes, zero-padded ASCII) as text. */
export function skuText(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('latin1');
}

/** A decoded payload as JSON: bigints as decimal strings, byte arrays as hex (SKU ids as text). */
export function jsonPayload(value: unknown, key = ''): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return key === 'skuId' ? skuText(value) : HEX(value);
  if (Array.isArray(value)) return value.map((v) => jsonPayload(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, jsonPayload(v, k)]),
    );
  }
  return value;
}

function eventRow(entry: DecodedProgramEventEntry, index: number, tx: TransactionRow): EventRow {
  const base = {
    signature: tx.signature,
    eventIndex: index,
    program: entry.program,
    programAddress: entry.programAddress,
    instructionIndex: entry.instructionIndex,
    depth: entry.depth,
    slot: tx.slot,
    blockTime: tx.blockTime,
  };
  if (entry.status === 'decoded') {
    const payload = jsonPayload(entry.event) as Record<string, unknown>;
    return {
      ...base,
      status: 'decoded',
      name: entry.name,
      version: entry.version,
      reason: null,
      sku: typeof payload.skuId === 'string' ? payload.skuId : null,
      payload,
    };
  }
  if (entry.status === 'unknown') {
    return {
      ...base,
      status: 'unknown',
      name: null,
      version: entry.version,
      reason: entry.reason,
      sku: null,
      payload: { discriminator: entry.discriminator, data: HEX(entry.data) },
    };
  }
  return {
    ...base,
    status: 'malformed',
    name: null,
    version: null,
    reason: entry.reason,
    sku: null,
    payload: { base64: entry.base64, detail: entry.detail },
  };
}

/**
 * The rows of one delivered transaction: none for a failed one (its effects were rolled
 * back), otherwise the transaction and every event field of our programs in log order.
 * Fields logged by any other program are not ours and are not rows.
 *
 * @example
 * const rows = rowsOfItem(item, programs);
 * if (rows.kind === 'rows') console.log(rows.events.length);
 */
export function rowsOfItem(item: TransactionItem, programs: ProgramAddresses): ItemRows {
  const signature = item.transaction.signatures[0] as string;
  if (item.meta.err !== null && item.meta.err !== undefined) return { kind: 'failed', signature };
  const transaction: TransactionRow = {
    signature,
    slot: BigInt(item.slot),
    blockTime:
      item.blockTime === null || item.blockTime === undefined
        ? null
        : new Date(item.blockTime * 1000),
  };
  const entries = decodeProgramEvents(item.meta.logMessages ?? [], programs).filter(
    (e) => !(e.status === 'unknown' && e.reason === 'foreign-program'),
  );
  return {
    kind: 'rows',
    transaction,
    events: entries.map((entry, i) => eventRow(entry, i, transaction)),
  };
}
