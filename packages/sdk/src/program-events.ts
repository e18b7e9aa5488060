/**
 * Events in transaction logs. Every program emits an event as one `sol_log_data` field,
 * `[kind u8][version u8][payload]` (docs/decisions.md, Toolchain: Events); the emitting program
 * is known only from the log context, so this module walks the `invoke`/`success`/`failed`
 * lines to attribute each `Program data:` line to the program running at that point.
 *
 * Payload layouts are not decoded here: the programs do not publish their events as Codama
 * types yet, and the SDK does not keep a second, hand-written copy of their layouts.
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
  /** The whole field. */
  readonly data: Uint8Array;
  /** `data[0]` and `data[1]` under the event convention (null when the field is shorter). */
  readonly kind: number | null;
  readonly version: number | null;
  /** `data` after the two header bytes. */
  readonly payload: Uint8Array;
}

const INVOKE = /^Program (\w+) invoke \[(\d+)\]$/;
const END = /^Program (\w+) (success|failed)/;
const DATA = /^Program data: (.*)$/;

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
  const base64 = getBase64Encoder();
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
      const bytes = Uint8Array.from(base64.encode(field));
      events.push({
        programAddress,
        program: catalogueForAddress(programAddress, programs)?.program ?? null,
        instructionIndex,
        depth: stack.length,
        data: bytes,
        kind: bytes.length >= 2 ? (bytes[0] as number) : null,
        version: bytes.length >= 2 ? (bytes[1] as number) : null,
        payload: bytes.subarray(Math.min(2, bytes.length)),
      });
    }
  }
  return events;
}
