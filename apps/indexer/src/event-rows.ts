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

// Views of the decoded bytes, not copies: ingest builds these for every event.
const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const HEX = (bytes: Uint8Array) => view(bytes).toString('hex');

/** A SKU id field (16 bytes, zero-padded ASCII) as text. */
export function skuText(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return view(end === -1 ? bytes : bytes.subarray(0, end)).toString('latin1');
}

/** A decoded payload as JSON: bigints as decimal strings, byte arrays as hex (SKU ids as text). */
export function jsonPayload(value: unknown, key = ''): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return key === 'skuId' ? skuText(value) : HEX(value);
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i += 1) out[i] = jsonPayload(value[i]);
    return out;
  }
  if (value && typeof value === 'object') {
    // A plain loop: this runs for every field of every event ingested.
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value))
      out[k] = jsonPayload((value as Record<string, unknown>)[k], k);
    return out;
  }
  return value;
}

function eventRow(entry: DecodedProgramEventEntry, index: number, tx: TransactionRow): EventRow {
  // Object literals without spreads: this runs for every event ingested. An event of a
  // superseded layout (an earlier deployment's) is a decoded row too: its version says which,
  // and its payload has that release's fields only (decision 0980).
  if (entry.status === 'decoded' || entry.status === 'superseded') {
    const payload = jsonPayload(entry.event) as Record<string, unknown>;
    return {
      signature: tx.signature,
      eventIndex: index,
      program: entry.program,
      programAddress: entry.programAddress,
      status: 'decoded',
      name: entry.name,
      version: entry.version,
      reason: null,
      instructionIndex: entry.instructionIndex,
      depth: entry.depth,
      sku: typeof payload.skuId === 'string' ? payload.skuId : null,
      slot: tx.slot,
      blockTime: tx.blockTime,
      payload,
    };
  }
  const unknown = entry.status === 'unknown';
  return {
    signature: tx.signature,
    eventIndex: index,
    program: entry.program,
    programAddress: entry.programAddress,
    status: entry.status,
    name: null,
    version: unknown ? entry.version : null,
    reason: entry.reason,
    instructionIndex: entry.instructionIndex,
    depth: entry.depth,
    sku: null,
    slot: tx.slot,
    blockTime: tx.blockTime,
    payload: unknown
      ? { discriminator: entry.discriminator, data: HEX(entry.data) }
      : { base64: entry.base64, detail: entry.detail },
  };
}

/**
 * The transaction row of an item, or null for a failed transaction (its effects were rolled
 * back: it writes nothing). Cheap: ingest claims transactions by this row before decoding.
 * Throws a RangeError for a block time no date can hold.
 */
export function transactionRowOf(item: TransactionItem): TransactionRow | null {
  if (item.meta.err !== null && item.meta.err !== undefined) return null;
  const blockTime =
    item.blockTime === null || item.blockTime === undefined
      ? null
      : new Date(item.blockTime * 1000);
  // Items reach ingest unvalidated from backfills and older deliveries: this names the field.
  if (blockTime !== null && Number.isNaN(blockTime.getTime()))
    throw new RangeError(`blockTime ${item.blockTime}: no date can hold it`);
  return {
    signature: item.transaction.signatures[0] as string,
    slot: BigInt(item.slot),
    blockTime,
  };
}

/**
 * Every event field of our programs in a transaction's logs, in log order. Fields logged by
 * any other program are not ours and are not rows.
 */
export function eventRowsOf(
  item: TransactionItem,
  transaction: TransactionRow,
  programs: ProgramAddresses,
): EventRow[] {
  const entries = decodeProgramEvents(item.meta.logMessages ?? [], programs).filter(
    (e) => !(e.status === 'unknown' && e.reason === 'foreign-program'),
  );
  return entries.map((entry, i) => eventRow(entry, i, transaction));
}

/**
 * The rows of one delivered transaction: none for a failed one, otherwise the transaction
 * and its events.
 *
 * @example
 * const rows = rowsOfItem(item, programs);
 * if (rows.kind === 'rows') console.log(rows.events.length);
 */
export function rowsOfItem(item: TransactionItem, programs: ProgramAddresses): ItemRows {
  const transaction = transactionRowOf(item);
  if (transaction === null) {
    return { kind: 'failed', signature: item.transaction.signatures[0] as string };
  }
  return { kind: 'rows', transaction, events: eventRowsOf(item, transaction, programs) };
}
