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
 * An event an earlier deployment emitted (a version superseded since, still on chain) decodes
 * as `superseded` with its own payload type and its ledger id (`layout`): every layout ever
 * released is in `idl/events/<program>.history.json`, which codegen only appends to.
 *
 * Nothing is dropped: a field that cannot be decoded comes back as `unknown` (a discriminator
 * or version this SDK does not know, or a program that is not ours) or `malformed` (bad
 * base64, wrong length), with the reason; logs cut by the runtime end with a `malformed`
 * `logs-truncated` entry.
 */

import { createOracleEventHistoryReaders, createOracleEventReaders } from '@basket/oracle-client';
import {
  createRewardsEventHistoryReaders,
  createRewardsEventReaders,
} from '@basket/rewards-client';
import { createVaultEventHistoryReaders, createVaultEventReaders } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { addressAt } from './base58-address.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import type { BasketProgram } from './program-error-catalogue.ts';
import {
  type DecodedProgramEventEntry,
  type EventLayoutRow,
  type EventTableRow,
  type MalformedEventReason,
  PROGRAM_EVENT_HISTORY,
  PROGRAM_EVENT_TABLES,
  type UnknownEventReason,
} from './program-event-types.ts';
import { walkEventFields } from './program-events.ts';

export * from './program-event-types.ts';

/**
 * Why `payload` is not a valid length for `row`, or null. A fixed-size event has exactly
 * `size` bytes; an event ending in a counted array has `minSize + k * itemSize` bytes
 * (`k` at most `(size - minSize) / itemSize`), and `k` equals its count byte if it has one.
 */
function lengthProblem(row: EventLayoutRow, payload: Uint8Array): string | null {
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
  readonly row: EventLayoutRow;
  readonly read: PayloadReader;
  /** The ledger id of a superseded layout; null for the current one. */
  readonly layout: string | null;
}

/** The generated readers of each program, by event name. */
function readersOf(program: BasketProgram): Readonly<Record<string, PayloadReader>> {
  if (program === 'oracle') return createOracleEventReaders(addressAt);
  if (program === 'vault') return createVaultEventReaders(addressAt);
  return createRewardsEventReaders(addressAt);
}

function historyReadersOf(program: BasketProgram): Readonly<Record<string, PayloadReader>> {
  if (program === 'oracle') return createOracleEventHistoryReaders(addressAt);
  if (program === 'vault') return createVaultEventHistoryReaders(addressAt);
  return createRewardsEventHistoryReaders(addressAt);
}

let rowsByKind: Record<BasketProgram, Map<number, DecodableRow>> | null = null;
let historyByKind: Record<BasketProgram, Map<number, DecodableRow[]>> | null = null;

/** Each program's superseded layouts by discriminator. */
function historyOf(program: BasketProgram): Map<number, DecodableRow[]> {
  if (historyByKind === null) {
    const index = (program: BasketProgram) => {
      const readers = historyReadersOf(program);
      const byKind = new Map<number, DecodableRow[]>();
      for (const row of PROGRAM_EVENT_HISTORY[program] as readonly (EventLayoutRow & {
        id: string;
      })[]) {
        const read = readers[row.id];
        if (read === undefined) throw new Error(`no generated reader for ${program}.${row.id}`);
        byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), { row, read, layout: row.id }]);
      }
      return byKind;
    };
    historyByKind = { oracle: index('oracle'), vault: index('vault'), rewards: index('rewards') };
  }
  return historyByKind[program];
}

/**
 * The layout of this discriminator and version whose length fits the payload (one version may
 * have had layouts of different sizes: the current one first, then the ledger's), the first
 * one of that version if none fits, or undefined if that version was never released.
 */
function layoutOf(
  program: BasketProgram,
  current: DecodableRow,
  version: number,
  payload: Uint8Array,
): DecodableRow | undefined {
  const same =
    historyOf(program)
      .get(current.row.kind)
      ?.filter((h) => h.row.version === version) ?? [];
  if (current.row.version === version) same.unshift(current);
  return same.find((h) => lengthProblem(h.row, payload) === null) ?? same[0];
}

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
        if (!byKind.has(row.kind)) byKind.set(row.kind, { row, read, layout: null });
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
  const current = rowsOf(program).get(bytes[0] as number);
  if (current === undefined) return at('unknown-discriminator');
  let payload = bytes.subarray(2);
  // The current layout without a look further when it fits: the indexer's hot path.
  const fits = current.row.version === bytes[1] && lengthProblem(current.row, payload) === null;
  const known = fits ? current : layoutOf(program, current, bytes[1] as number, payload);
  if (known === undefined) return at('unknown-version');
  const row = known.row;
  const problem = fits ? null : lengthProblem(row, payload);
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
  const event = known.read(payload, new DataView(payload.buffer, payload.byteOffset, row.size));
  if (known.layout !== null) {
    return {
      programAddress,
      instructionIndex,
      depth,
      status: 'superseded',
      program,
      name: row.name,
      kind: row.kind,
      version: row.version,
      layout: known.layout,
      event,
    } as DecodedProgramEventEntry;
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
    event,
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
