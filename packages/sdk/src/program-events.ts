/**
 * Events in transaction logs. Every program emits an event as one `sol_log_data` field,
 * `[kind u8][version u8][payload]` (docs/decisions/0002-events-as-one-sol-log-data-field-no-event-cpi.md); the emitting program
 * is known only from the log context, so this module walks the `invoke`/`success`/`failed`
 * lines to attribute each `Program data:` line to the program running at that point.
 *
 * Payloads are decoded by `decodeProgramEvents` (program-event-decoder.ts) with the codecs
 * generated from each program's event structs. The walk is on every indexer ingest, so lines
 * are classified by prefix checks (the same language as the patterns in the comments) and
 * base64 is read by `decodeCanonicalBase64`, which validates and converts in one pass.
 */

import type { Address } from '@solana/kit';
import { decodeCanonicalBase64 } from './base64-fields.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import { type BasketProgram, catalogueForAddress } from './program-error-catalogue.ts';

/**
 * One `sol_log_data` field of a transaction, with the program that emitted it.
 *
 * @example
 * const deposits = events.filter((e) => e.program === 'vault' && e.kind === 2);
 */
export interface ProgramEvent {
  readonly programAddress: Address;
  /** Which of our programs emitted it, or null for another program. */
  readonly program: BasketProgram | null;
  /** Index of the top-level instruction during which it was emitted. */
  readonly instructionIndex: number;
  /** Invocation depth (1 = top level, 2 = first CPI level...). */
  readonly depth: number;
  /** The whole field (empty when `base64Valid` is false). */
  readonly data: Uint8Array;
  /** The field as logged. */
  readonly base64: string;
  /** False when the field is not canonical base64 (then `data` is empty). */
  readonly base64Valid: boolean;
  /** `data[0]` and `data[1]` under the event convention (null when the field is shorter). */
  readonly kind: number | null;
  readonly version: number | null;
  /** `data` after the two header bytes. */
  readonly payload: Uint8Array;
}

/**
 * Receives each field in log order; `bytes` is null when the field is not canonical base64.
 *
 * @example
 * const sink: EventFieldSink = (address, program, ix, depth, base64, bytes) => count++;
 */
export type EventFieldSink = (
  programAddress: Address,
  program: BasketProgram | null,
  instructionIndex: number,
  depth: number,
  base64: string,
  bytes: Uint8Array | null,
) => void;

const PROGRAM = 'Program ';
const DATA = 'Program data: ';
/** `.` in `^Program data: (.*)$` stops at these: such a line is not a data line. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** True for `[A-Za-z0-9_]` (the regex `\w`). */
function isWordChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 // _
  );
}

/** End of the `\w+` run starting after `Program `, or -1 when `Program (\w+) ` does not match. */
function programIdEnd(line: string): number {
  let j = PROGRAM.length;
  while (j < line.length && isWordChar(line.charCodeAt(j))) j += 1;
  return j > PROGRAM.length && line.charCodeAt(j) === 32 ? j : -1;
}

/** The depth digits of `invoke [(\d+)]` ending the line at `from`, or null. */
function invokeDepth(line: string, from: number): string | null {
  if (!line.startsWith('invoke [', from)) return null;
  const start = from + 8;
  const end = line.length - 1;
  if (end <= start || line.charCodeAt(end) !== 93) return null; // ]
  for (let i = start; i < end; i += 1) {
    const c = line.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  return line.slice(start, end);
}

/**
 * Walks `logs` and hands every `Program data:` field to `sink`, attributed to the program
 * running at that point. Returns true when the runtime truncated the logs (the walk stops
 * there). Line grammar: `^Program (\w+) invoke \[(\d+)\]$` pushes, `^Program (\w+)
 * (success|failed)` pops, `^Program data: (.*)$` carries space-separated fields.
 *
 * @example
 * const truncated = walkEventFields(logs, {}, (address, program, ix, depth, base64, bytes) => {});
 */
export function walkEventFields(
  logs: readonly string[],
  programs: Partial<ProgramAddresses>,
  sink: EventFieldSink,
): boolean {
  const stack: Address[] = [];
  const owners: (BasketProgram | null)[] = [];
  let instructionIndex = -1;
  for (const line of logs) {
    if (line === 'Log truncated') return true;
    if (!line.startsWith(PROGRAM)) continue;
    if (!line.startsWith(DATA)) {
      // A data line's "id" would be `data:`, not `\w+`: only invoke/end lines get here.
      const idEnd = programIdEnd(line);
      if (idEnd < 0) continue;
      const depth = invokeDepth(line, idEnd + 1);
      if (depth !== null) {
        if (depth === '1') instructionIndex += 1;
        const address = line.slice(PROGRAM.length, idEnd) as Address;
        stack.push(address);
        owners.push(catalogueForAddress(address, programs)?.program ?? null);
      } else if (line.startsWith('success', idEnd + 1) || line.startsWith('failed', idEnd + 1)) {
        stack.pop();
        owners.pop();
      }
      continue;
    }
    const programAddress = stack[stack.length - 1];
    if (programAddress === undefined) continue;
    const program = owners[owners.length - 1] ?? null;
    const rest = line.slice(DATA.length);
    if (rest.length === 0) continue;
    if (rest.indexOf(' ') < 0) {
      // One field, the runtime's own shape: a valid field has no line terminator in it.
      const bytes = decodeCanonicalBase64(rest);
      if (bytes === null && LINE_TERMINATOR.test(rest)) continue;
      sink(programAddress, program, instructionIndex, stack.length, rest, bytes);
      continue;
    }
    if (LINE_TERMINATOR.test(rest)) continue;
    for (const field of rest.split(' ')) {
      if (field.length === 0) continue;
      sink(
        programAddress,
        program,
        instructionIndex,
        stack.length,
        field,
        decodeCanonicalBase64(field),
      );
    }
  }
  return false;
}

/**
 * Every `Program data:` field in `logs`, attributed to the program that emitted it. Logs
 * truncated by the runtime ("Log truncated") end the walk: what came before is returned.
 *
 * @example
 * const events = extractProgramEvents(transaction.meta.logMessages ?? []);
 */
export function extractProgramEvents(
  logs: readonly string[],
  programs: Partial<ProgramAddresses> = {},
): ProgramEvent[] {
  const events: ProgramEvent[] = [];
  walkEventFields(
    logs,
    programs,
    (programAddress, program, instructionIndex, depth, base64, decoded) => {
      const bytes = decoded ?? new Uint8Array();
      events.push({
        programAddress,
        program,
        instructionIndex,
        depth,
        data: bytes,
        base64,
        base64Valid: decoded !== null,
        kind: bytes.length >= 2 ? (bytes[0] as number) : null,
        version: bytes.length >= 2 ? (bytes[1] as number) : null,
        payload: bytes.subarray(Math.min(2, bytes.length)),
      });
    },
  );
  return events;
}
