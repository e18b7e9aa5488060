/**
 * Typed events of the three programs from a transaction's log messages.
 *
 * Every event is one `sol_log_data` field `[discriminator u8][version u8][payload]`. The
 * payload is a Rust struct (`programs/<program>/src/events.rs`) that is also a Codama type:
 * the generated clients carry its codec, the program's event table (`<PROGRAM>_EVENTS`:
 * kind, version, size, codecs, from `idl/events/<program>.json`) and straight-line readers of
 * every payload (`create<Program>EventReaders`, generated from the same type definitions with
 * the same output as the codecs, several times faster: this decoder is the indexer's hot
 * path; addresses through `addressAt`, a base58 encoder without BigInt). A payload ending in a
 * counted array is emitted up to its last used item (`minSize + k * itemSize` bytes); it is
 * zero-padded to `size` before decoding, so the typed event always has every slot. Nothing here repeats a
 * layout: a new event reaches this decoder through `npm run codegen` alone.
 *
 * Nothing is dropped: a field that cannot be decoded comes back as `unknown` (a discriminator
 * or version this SDK does not know, or a program that is not ours) or `malformed` (bad
 * base64, wrong length), with the reason; logs cut by the runtime end with a `malformed`
 * `logs-truncated` entry.
 */

import { createOracleEventReaders, ORACLE_EVENTS } from '@basket/oracle-client';
import { createRewardsEventReaders, REWARDS_EVENTS } from '@basket/rewards-client';
import { createVaultEventReaders, VAULT_EVENTS } from '@basket/vault-client';
import type { Address, Decoder } from '@solana/kit';
import { addressAt } from './base58-address.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import type { BasketProgram } from './program-error-catalogue.ts';
import { walkEventFields } from './program-events.ts';

/** One row of a generated `<PROGRAM>_EVENTS` table. */
interface EventTableRow {
  readonly kind: number;
  readonly name: string;
  readonly version: number;
  readonly size: number;
  /** Shortest payload: `size` without any trailing item (`size` for a fixed-size event). */
  readonly minSize: number;
  /** Size of one trailing item (0: the event is fixed size). */
  readonly itemSize: number;
  /** Offset of the `u8` count of emitted trailing items, or null. */
  readonly countOffset: number | null;
  readonly getDecoder: () => Decoder<unknown>;
}

/**
 * The generated event tables of the three programs.
 *
 * @example
 * PROGRAM_EVENT_TABLES.vault.find((e) => e.name === 'deposit')?.version; // 1
 */
export const PROGRAM_EVENT_TABLES = Object.freeze({
  oracle: ORACLE_EVENTS,
  vault: VAULT_EVENTS,
  rewards: REWARDS_EVENTS,
});

type Tables = typeof PROGRAM_EVENT_TABLES;

type TypedOf<P extends BasketProgram, Row> = Row extends {
  readonly name: infer N;
  readonly kind: infer K;
  readonly getDecoder: () => Decoder<infer D>;
}
  ? { readonly program: P; readonly name: N; readonly kind: K; readonly event: D }
  : never;

/**
 * A decoded event: `program` and `name` select the payload type of `event`.
 *
 * @example
 * if (e.program === 'vault' && e.name === 'deposit') console.log(e.event.shares);
 */
export type TypedProgramEvent = {
  [P in BasketProgram]: TypedOf<P, Tables[P][number]>;
}[BasketProgram];

/**
 * Where an event was emitted.
 *
 * @example
 * const where: EventContext = { programAddress: VAULT_PROGRAM_ADDRESS, instructionIndex: 0, depth: 1 };
 */
export interface EventContext {
  readonly programAddress: Address;
  /** Index of the top-level instruction during which it was emitted. */
  readonly instructionIndex: number;
  /** Invocation depth (1 = top level, 2 = first CPI level...). */
  readonly depth: number;
}

/**
 * Why a field is not a known event: `foreign-program` (emitted by a program that is not
 * ours), `unknown-discriminator`, `unknown-version` (a layout newer or older than this SDK).
 *
 * @example
 * const reason: UnknownEventReason = 'unknown-version';
 */
export type UnknownEventReason = 'foreign-program' | 'unknown-discriminator' | 'unknown-version';

/**
 * Why a field could not be read: `invalid-base64`, `too-short` (no two-byte header),
 * `wrong-length` (payload size is not the event's: its size, or for an event ending in a
 * counted array `minSize + k * itemSize` with `k` the payload's count), `logs-truncated` (the
 * runtime cut the logs; later events are missing).
 *
 * @example
 * const reason: MalformedEventReason = 'wrong-length';
 */
export type MalformedEventReason =
  | 'invalid-base64'
  | 'too-short'
  | 'wrong-length'
  | 'logs-truncated';

/**
 * One entry of `decodeProgramEvents`, in log order.
 *
 * @example
 * const deposits = decodeProgramEvents(logs).filter((e) => e.status === 'decoded' && e.name === 'deposit');
 */
export type DecodedProgramEventEntry =
  | (EventContext & { readonly status: 'decoded'; readonly version: number } & TypedProgramEvent)
  | (EventContext & {
      readonly status: 'unknown';
      readonly reason: UnknownEventReason;
      readonly program: BasketProgram | null;
      readonly discriminator: number;
      readonly version: number;
      readonly data: Uint8Array;
    })
  | (EventContext & {
      readonly status: 'malformed';
      readonly reason: MalformedEventReason;
      readonly program: BasketProgram | null;
      /** The field as logged (empty for `logs-truncated`). */
      readonly base64: string;
      readonly detail: string;
    });

/**
 * Why `payload` is not a valid length for `row`, or null. A fixed-size event has exactly
 * `size` bytes; an event ending in a counted array has `minSize + k * itemSize` bytes
 * (`k` at most `(size - minSize) / itemSize`), and `k` equals its count byte if it has one.
 */
function lengthProblem(row: EventTableRow, payload: Uint8Array): string | null {
  const n = payload.length;
  if (row.itemSize === 0 || row.minSize === row.size) {
    return n === row.size ? null : `has ${row.size} payload bytes, got ${n}`;
  }
  const shape = `has ${row.minSize} + k * ${row.itemSize} payload bytes (at most ${row.size})`;
  if (n < row.minSize || n > row.size || (n - row.minSize) % row.itemSize !== 0) {
    return `${shape}, got ${n}`;
  }
  const k = (n - row.minSize) / row.itemSize;
  if (row.countOffset !== null && payload[row.countOffset] !== k) {
    return `${shape}, got ${k} item(s) but a count of ${payload[row.countOffset]}`;
  }
  return null;
}

/** Reads one whole payload (`size` bytes); `view` covers exactly those bytes. */
type PayloadReader = (payload: Uint8Array, view: DataView) => unknown;

/** An event type with its generated payload reader. */
interface DecodableRow {
  readonly row: EventTableRow;
  readonly read: PayloadReader;
}

/** The generated readers of each program, by event name. */
function readersOf(program: BasketProgram): Readonly<Record<string, PayloadReader>> {
  if (program === 'oracle') return createOracleEventReaders(addressAt);
  if (program === 'vault') return createVaultEventReaders(addressAt);
  return createRewardsEventReaders(addressAt);
}

let rowsByKind: Record<BasketProgram, Map<number, DecodableRow>> | null = null;

/** Each program's event types by discriminator (the first row of a kind, as a table scan). */
function rowsOf(program: BasketProgram): Map<number, DecodableRow> {
  if (rowsByKind === null) {
    const index = (program: BasketProgram) => {
      const readers = readersOf(program);
      const byKind = new Map<number, DecodableRow>();
      for (const row of PROGRAM_EVENT_TABLES[program] as readonly EventTableRow[]) {
        const read = readers[row.name];
        // Generated from the same event list: a row without a reader is a codegen bug.
        if (read === undefined) throw new Error(`no generated reader for ${program}.${row.name}`);
        if (!byKind.has(row.kind)) byKind.set(row.kind, { row, read });
      }
      return byKind;
    };
    rowsByKind = { oracle: index('oracle'), vault: index('vault'), rewards: index('rewards') };
  }
  return rowsByKind[program];
}

function unknownEntry(
  programAddress: Address,
  program: BasketProgram | null,
  instructionIndex: number,
  depth: number,
  reason: UnknownEventReason,
  data: Uint8Array,
): DecodedProgramEventEntry {
  return {
    programAddress,
    instructionIndex,
    depth,
    status: 'unknown',
    reason,
    program,
    discriminator: data[0] as number,
    version: data[1] as number,
    data,
  };
}

function malformedEntry(
  programAddress: Address,
  program: BasketProgram | null,
  instructionIndex: number,
  depth: number,
  reason: MalformedEventReason,
  base64: string,
  detail: string,
): DecodedProgramEventEntry {
  return {
    programAddress,
    instructionIndex,
    depth,
    status: 'malformed',
    reason,
    program,
    base64,
    detail,
  };
}

/** One field as an entry; object literals in one shape per status (no spreads, on the hot path). */
function decodeOne(
  programAddress: Address,
  program: BasketProgram | null,
  instructionIndex: number,
  depth: number,
  base64: string,
  bytes: Uint8Array | null,
): DecodedProgramEventEntry {
  if (bytes === null) {
    return malformedEntry(
      programAddress,
      program,
      instructionIndex,
      depth,
      'invalid-base64',
      base64,
      'not canonical base64',
    );
  }
  if (bytes.length < 2) {
    return malformedEntry(
      programAddress,
      program,
      instructionIndex,
      depth,
      'too-short',
      base64,
      `${bytes.length} byte(s), the header alone is 2`,
    );
  }
  const at = (reason: UnknownEventReason) =>
    unknownEntry(programAddress, program, instructionIndex, depth, reason, bytes);
  if (program === null) return at('foreign-program');
  const known = rowsOf(program).get(bytes[0] as number);
  if (known === undefined) return at('unknown-discriminator');
  const row = known.row;
  if (row.version !== bytes[1]) return at('unknown-version');
  let payload = bytes.subarray(2);
  const problem = lengthProblem(row, payload);
  if (problem !== null) {
    return malformedEntry(
      programAddress,
      program,
      instructionIndex,
      depth,
      'wrong-length',
      base64,
      `${row.name} v${row.version} ${problem}`,
    );
  }
  if (payload.length < row.size) {
    // Only the used trailing items were emitted: the decoder reads the rest as zero.
    const padded = new Uint8Array(row.size);
    padded.set(payload);
    payload = padded;
  }
  return {
    programAddress,
    instructionIndex,
    depth,
    status: 'decoded',
    program,
    name: row.name,
    kind: row.kind,
    version: row.version,
    event: known.read(payload, new DataView(payload.buffer, payload.byteOffset, row.size)),
  } as DecodedProgramEventEntry;
}

/**
 * Every event field in `logs` (a transaction's `meta.logMessages`), attributed to the program
 * running at that point (CPI depth included) and decoded with the generated codecs.
 *
 * @example
 * for (const e of decodeProgramEvents(tx.meta.logMessages ?? [])) {
 *   if (e.status === 'decoded' && e.program === 'vault' && e.name === 'deposit') {
 *     console.log(e.event.depositor, e.event.shares);
 *   }
 * }
 */
export function decodeProgramEvents(
  logs: readonly string[],
  programs: Partial<ProgramAddresses> = {},
): DecodedProgramEventEntry[] {
  const entries: DecodedProgramEventEntry[] = [];
  const truncated = walkEventFields(
    logs,
    programs,
    (programAddress, program, instructionIndex, depth, base64, bytes) => {
      entries.push(decodeOne(programAddress, program, instructionIndex, depth, base64, bytes));
    },
  );
  if (truncated) {
    const last = entries[entries.length - 1];
    entries.push({
      programAddress: last?.programAddress ?? ('' as Address),
      instructionIndex: last?.instructionIndex ?? -1,
      depth: 0,
      status: 'malformed',
      reason: 'logs-truncated',
      program: null,
      base64: '',
      detail: 'the runtime truncated the logs; events after this point are missing',
    });
  }
  return entries;
}
