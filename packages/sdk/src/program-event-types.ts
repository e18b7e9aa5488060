// The decoded event types of the three programs: the generated event tables (current layouts,
// with codecs) and the ledger's superseded layouts (readers only), and the entry union
// `decodeProgramEvents` returns (program-event-decoder.ts).
import {
  type createOracleEventHistoryReaders,
  ORACLE_EVENT_HISTORY,
  ORACLE_EVENTS,
} from '@basket/oracle-client';
import {
  type createRewardsEventHistoryReaders,
  REWARDS_EVENT_HISTORY,
  REWARDS_EVENTS,
} from '@basket/rewards-client';
import {
  type createVaultEventHistoryReaders,
  VAULT_EVENT_HISTORY,
  VAULT_EVENTS,
} from '@basket/vault-client';
import type { Address, Decoder } from '@solana/kit';
import type { BasketProgram } from './program-error-catalogue.ts';

/**
 * One row of a generated `<PROGRAM>_EVENTS` or `<PROGRAM>_EVENT_HISTORY` table.
 *
 * @example
 * const row: EventLayoutRow = PROGRAM_EVENT_HISTORY.vault[0];
 */
export interface EventLayoutRow {
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
}

/**
 * One row of a generated `<PROGRAM>_EVENTS` table: the current layout, with its codecs.
 *
 * @example
 * const row: EventTableRow = PROGRAM_EVENT_TABLES.vault[0];
 */
export interface EventTableRow extends EventLayoutRow {
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

/**
 * The superseded layouts of each program's events still readable (an earlier deployment's
 * events on chain), from the ledger `idl/events/<program>.history.json`, by id.
 *
 * @example
 * PROGRAM_EVENT_HISTORY.vault.find((e) => e.id === 'deposit.v1')?.size; // 104
 */
export const PROGRAM_EVENT_HISTORY = Object.freeze({
  oracle: ORACLE_EVENT_HISTORY,
  vault: VAULT_EVENT_HISTORY,
  rewards: REWARDS_EVENT_HISTORY,
});

type HistoryTables = typeof PROGRAM_EVENT_HISTORY;
type HistoryReaders = {
  oracle: ReturnType<typeof createOracleEventHistoryReaders>;
  vault: ReturnType<typeof createVaultEventHistoryReaders>;
  rewards: ReturnType<typeof createRewardsEventHistoryReaders>;
};

type SupersededOf<P extends BasketProgram, Row> = Row extends {
  readonly name: infer N;
  readonly kind: infer K;
  readonly version: infer V;
  readonly id: infer I extends keyof HistoryReaders[P];
}
  ? HistoryReaders[P][I] extends (...args: never[]) => infer D
    ? {
        readonly program: P;
        readonly name: N;
        readonly kind: K;
        readonly version: V;
        readonly layout: I;
        readonly event: D;
      }
    : never
  : never;

/**
 * An event decoded from a superseded layout: `layout` (the ledger id) selects the payload
 * type, which has the fields of that release only (none a later version added).
 *
 * @example
 * if (e.layout === 'deposit.v1') console.log(e.event.shares, 'mgmtFeeAccrued' in e.event); // false
 */
export type SupersededProgramEvent = {
  [P in BasketProgram]: SupersededOf<P, HistoryTables[P][number]>;
}[BasketProgram];

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
 * ours), `unknown-discriminator`, `unknown-version` (a version this SDK does not know: newer
 * than it, or never released).
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
  | (EventContext & { readonly status: 'superseded' } & SupersededProgramEvent)
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
