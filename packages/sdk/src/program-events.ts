/**
 * Events in transaction logs. Every program emits an event as one `sol_log_data` field,
 * `[kind u8][version u8][payload]` (docs/decisions.md, Toolchain: Events); the emitting program
 * is known only from the log context, so this module walks the `invoke`/`success`/`failed`
 * lines to attribute each `Program data:` line to the program running at that point.
 *
 * Payloads are decoded by `decodeProgramEvents` (program-event-decoder.ts) with the codecs
 * generated from each program's event structs.
 */

import { type Address, getBase64Encoder } from '@solana/kit';
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

const INVOKE = /^Program (\w+) invoke \[(\d+)\]$/;
const END = /^Program (\w+) (success|failed)/;
const DATA = /^Program data: (.*)$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const base64 = getBase64Encoder();

function decodeBase64(field: string): Uint8Array | null {
  if (!BASE64.test(field)) return null;
  try {
    // The pattern above already proved the field canonical; the codec only converts.
    return base64.encode(field) as Uint8Array;
  } catch {
    return null;
  }
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
  const stack: Address[] = [];
  const events: ProgramEvent[] = [];
  let instructionIndex = -1;
  for (const line of logs) {
    if (line === 'Log truncated') break;
    const invoke = INVOKE.exec(line);
    if (invoke) {
      if (invoke[2] === '1') instructionIndex += 1;
      stack.push(invoke[1] as Address);
      continue;
    }
    if (END.test(line)) {
      stack.pop();
      continue;
    }
    const data = DATA.exec(line);
    const programAddress = stack[stack.length - 1];
    if (!data || programAddress === undefined) continue;
    for (const field of (data[1] ?? '').split(' ').filter(Boolean)) {
      const decoded = decodeBase64(field);
      const bytes = decoded ?? new Uint8Array();
      events.push({
        programAddress,
        program: catalogueForAddress(programAddress, programs)?.program ?? null,
        instructionIndex,
        depth: stack.length,
        data: bytes,
        base64: field,
        base64Valid: decoded !== null,
        kind: bytes.length >= 2 ? (bytes[0] as number) : null,
        version: bytes.length >= 2 ? (bytes[1] as number) : null,
        payload: bytes.subarray(Math.min(2, bytes.length)),
      });
    }
  }
  return events;
}
