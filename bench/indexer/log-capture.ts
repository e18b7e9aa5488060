// Every transaction a LiteSVM run sends, with its whole log (no byte limit) and the log a
// webhook would deliver (cut as the runtime cuts it at 10,000 bytes), attributed to the
// instructions of our programs it carries. What the event test and the log-bytes bench read.

import { identifyOracleInstruction, OracleInstruction } from '@basket/oracle-client';
import { identifyRewardsInstruction, RewardsInstruction } from '@basket/rewards-client';
import {
  DEFAULT_PROGRAM_ADDRESSES,
  type DecodedProgramEventEntry,
  decodeProgramEvents,
} from '@basket/sdk';
import { identifyVaultInstruction, VaultInstruction } from '@basket/vault-client';
import { getCompiledTransactionMessageDecoder, type Transaction } from '@solana/kit';
import { LiteSVM, TransactionMetadata } from 'litesvm';

/** The runtime's log limit per transaction (agave's LogCollector), bytes. */
export const LOG_BYTES_LIMIT = 10_000;

const PROGRAMS = DEFAULT_PROGRAM_ADDRESSES;

export type CapturedTransaction = Readonly<{
  /** Our instructions in the transaction, `program.instruction` (e.g. `vault.initVault`). */
  instructions: string[];
  ok: boolean;
  /** The whole log. */
  logs: string[];
  /** What a webhook delivers: the log as the runtime keeps it. */
  delivered: string[];
  /** Bytes the whole log takes against the limit. */
  logBytes: number;
}>;

/**
 * The log the runtime keeps of `logs`: each message counts its UTF-8 bytes; the first that
 * would reach the limit is replaced by "Log truncated" (once), and later ones still fit if
 * they are short enough (agave's `LogCollector::log`).
 *
 * @example
 * truncateLogs(['Program X invoke [1]', ...], 10_000);
 */
export function truncateLogs(logs: readonly string[], limit = LOG_BYTES_LIMIT): string[] {
  const kept: string[] = [];
  let written = 0;
  let warned = false;
  for (const message of logs) {
    const bytes = written + Buffer.byteLength(message);
    if (bytes >= limit) {
      if (!warned) {
        warned = true;
        kept.push('Log truncated');
      }
    } else {
      written = bytes;
      kept.push(message);
    }
  }
  return kept;
}

/** Bytes a log takes against the limit. */
export function logBytes(logs: readonly string[]): number {
  return logs.reduce((n, m) => n + Buffer.byteLength(m), 0);
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Our programs' instructions in a signed transaction, by name. */
export function instructionsOf(tx: Transaction): string[] {
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  const names: string[] = [];
  // Legacy and v0 messages (what the tests and benches send) list their instructions.
  if (!('instructions' in message)) return names;
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    if (program === PROGRAMS.vault)
      names.push(`vault.${lowerFirst(VaultInstruction[identifyVaultInstruction(data)])}`);
    else if (program === PROGRAMS.oracle)
      names.push(`oracle.${lowerFirst(OracleInstruction[identifyOracleInstruction(data)])}`);
    else if (program === PROGRAMS.rewards)
      names.push(`rewards.${lowerFirst(RewardsInstruction[identifyRewardsInstruction(data)])}`);
  }
  return names;
}

/**
 * Records every transaction any LiteSVM sends until `stop()`, each with its whole log: the
 * byte limit is lifted on the SVM before each send, so what the runtime would cut is known.
 *
 * @example
 * const capture = captureTransactions();
 * await bench();
 * const records = capture.stop();
 */
export function captureTransactions(): { stop: () => CapturedTransaction[] } {
  const records: CapturedTransaction[] = [];
  const original = LiteSVM.prototype.sendTransaction;
  LiteSVM.prototype.sendTransaction = function send(this: LiteSVM, tx) {
    this.withLogBytesLimit();
    const result = original.call(this, tx);
    const ok = result instanceof TransactionMetadata;
    const logs = ok ? result.logs() : result.meta().logs();
    const instructions = instructionsOf(tx as unknown as Transaction);
    if (instructions.length > 0)
      records.push({
        instructions,
        ok,
        logs,
        delivered: truncateLogs(logs),
        logBytes: logBytes(logs),
      });
    return result;
  };
  return {
    stop: () => {
      LiteSVM.prototype.sendTransaction = original;
      return records;
    },
  };
}

const decoded = (logs: readonly string[]) =>
  decodeProgramEvents(logs, PROGRAMS).filter(
    (e) => !(e.status === 'unknown' && e.reason === 'foreign-program'),
  );

const TRUNCATED = 'malformed:logs-truncated';

const describeEntry = (e: DecodedProgramEventEntry) =>
  e.status === 'decoded' || e.status === 'superseded'
    ? `${e.program}.${e.name}`
    : `${e.status}:${e.reason}`;

/**
 * What a transaction's events look like from the webhook: the events of the whole log, those
 * decoded from the delivered log, and why the transaction is at risk (null: it is not). At
 * risk: an event of the whole log not decoded from what is delivered, or any field of ours
 * that is not a known event. Logs cut after the last event are not at risk.
 *
 * @example
 * const { risk } = eventsFromWebhook(record);
 */
export function eventsFromWebhook(record: CapturedTransaction): {
  events: string[];
  delivered: string[];
  risk: string | null;
} {
  const events = decoded(record.logs).map(describeEntry);
  const delivered = decoded(record.delivered).map(describeEntry);
  const bad = events.find((e) => !e.includes('.'));
  if (bad) return { events, delivered, risk: `the whole log holds ${bad}` };
  // Logs cut after the last event lose no event: every event was emitted before the cut.
  const read = delivered.at(-1) === TRUNCATED ? delivered.slice(0, -1) : delivered;
  const same = events.length === read.length && events.every((e, i) => read[i] === e);
  if (!same)
    return {
      events,
      delivered,
      risk: `logs of ${record.logBytes} bytes: the webhook delivers ${delivered.join(', ') || 'no event'} of ${events.join(', ')}`,
    };
  return { events, delivered, risk: null };
}
