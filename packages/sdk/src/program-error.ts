/**
 * Failed transactions as one typed error. The decoder works from structured data only: the
 * failing instruction's index and custom code from the transaction error, the program from the
 * transaction message. Logs are consulted for one thing the structured error lacks: which
 * program raised the code when it came from an inner (CPI) call.
 */

import { type Address, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM } from '@solana/kit';
import {
  type BasketProgram,
  catalogueForAddress,
  type ProgramErrorEntry,
  SHARED_ERROR_CODES,
} from './program-error-catalogue.ts';

/**
 * What a failed transaction failed on.
 *
 * - `custom`: a program returned a custom error code (ours are decoded; `known` is false for a
 *   code absent from the catalogue or a program that is not ours, and the code is kept).
 * - `instruction`: a runtime instruction error (`InvalidAccountData`, `ComputationalBudgetExceeded`...).
 * - `transaction`: a transaction-level error (`BlockhashNotFound`, `InsufficientFundsForFee`...).
 *
 * @example
 * if (failure.kind === 'custom' && failure.constant === 'VAULT_ERROR__STALE_NAV') refreshQuote();
 */
export type TransactionFailure =
  | {
      readonly kind: 'custom';
      readonly code: number;
      readonly program: BasketProgram | null;
      readonly programAddress: Address | null;
      readonly instructionIndex: number | null;
      /** The generated constant (`VAULT_ERROR__STALE_NAV`), or null for an unknown code. */
      readonly constant: string | null;
      readonly name: string | null;
      /** Codes 100-199: a shared check of `basket-common`. */
      readonly shared: boolean;
      readonly known: boolean;
      readonly message: string;
    }
  | {
      readonly kind: 'instruction';
      readonly errorName: string;
      readonly programAddress: Address | null;
      readonly instructionIndex: number;
      readonly message: string;
    }
  | { readonly kind: 'transaction'; readonly errorName: string; readonly message: string };

/**
 * Thrown by the SDK's simulate and send helpers when a transaction fails; `failure` says why.
 *
 * @example
 * try {
 *   await simulateTransaction(rpc, transaction);
 * } catch (e) {
 *   if (e instanceof BasketTransactionError) showBanner(e.message);
 * }
 */
export class BasketTransactionError extends Error {
  readonly failure: TransactionFailure;
  readonly logs: readonly string[];

  constructor(failure: TransactionFailure, logs: readonly string[] = []) {
    super(failure.message);
    this.name = 'BasketTransactionError';
    this.failure = failure;
    this.logs = logs;
  }
}

/**
 * Options shared by the decoders.
 *
 * @example
 * const options: DecodeOptions = { programs: { vault: deployedVaultId } };
 */
export interface DecodeOptions {
  /** Deployed program ids when they differ from the generated defaults. */
  readonly programs?: Partial<Record<BasketProgram, Address>>;
}

/**
 * Decodes a custom error `code` returned by the program at `programAddress`.
 *
 * @example
 * decodeCustomProgramError(VAULT_PROGRAM_ADDRESS, 3002).message; // 'The NAV snapshot is stale'
 */
export function decodeCustomProgramError(
  programAddress: Address | null,
  code: number,
  instructionIndex: number | null = null,
  options: DecodeOptions = {},
): Extract<TransactionFailure, { kind: 'custom' }> {
  const catalogue = programAddress ? catalogueForAddress(programAddress, options.programs) : null;
  const entry: ProgramErrorEntry | undefined = catalogue?.errors.get(code);
  const shared = code >= SHARED_ERROR_CODES.first && code <= SHARED_ERROR_CODES.last;
  const hex = `0x${code.toString(16)}`;
  const where = catalogue
    ? `the ${catalogue.program} program`
    : `program ${programAddress ?? '(unknown)'}`;
  return {
    kind: 'custom',
    code,
    program: catalogue?.program ?? null,
    programAddress,
    instructionIndex,
    constant: entry?.constant ?? null,
    name: entry?.name ?? null,
    shared,
    known: entry !== undefined,
    message: entry
      ? `${entry.message} (${where}, error ${code})`
      : `Unknown error ${code} (${hex}) from ${where}`,
  };
}

/**
 * The JSON shape of a transaction error as the RPC returns it (`simulateTransaction().value.err`).
 *
 * @example
 * const err: RpcTransactionError = { InstructionError: [1, { Custom: 3002 }] };
 */
export type RpcTransactionError = string | { readonly [key: string]: unknown };

const FAILED_LINE = /^Program (\w+) failed: custom program error: 0x([0-9a-fA-F]+)$/;

/** The program that raised `code`, from the last "failed: custom program error" log line. */
function raiserFromLogs(logs: readonly string[], code: number): Address | null {
  for (let i = logs.length - 1; i >= 0; i -= 1) {
    const match = FAILED_LINE.exec(logs[i] ?? '');
    if (match && Number.parseInt(match[2] ?? '', 16) === code) return match[1] as Address;
  }
  return null;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/**
 * Decodes the RPC's transaction error (`{ InstructionError: [index, { Custom: code }] }`,
 * `"BlockhashNotFound"`...). `instructionPrograms` are the program addresses of the
 * transaction's top-level instructions, in order; `logs` (optional) attribute a code raised in
 * an inner call to the program that raised it.
 *
 * @example
 * decodeRpcTransactionError({ InstructionError: [1, { Custom: 3002 }] }, [computeBudget, vault]).constant; // 'VAULT_ERROR__STALE_NAV'
 */
export function decodeRpcTransactionError(
  error: RpcTransactionError,
  instructionPrograms: readonly Address[],
  logs: readonly string[] = [],
  options: DecodeOptions = {},
): TransactionFailure {
  if (typeof error === 'string') {
    return { kind: 'transaction', errorName: error, message: `Transaction failed: ${error}` };
  }
  const instructionError = error.InstructionError;
  if (Array.isArray(instructionError)) {
    const index = toNumber(instructionError[0]) ?? 0;
    const inner = instructionError[1] as unknown;
    const top = instructionPrograms[index] ?? null;
    const custom =
      inner && typeof inner === 'object' ? toNumber((inner as { Custom?: unknown }).Custom) : null;
    if (custom !== null) {
      const raiser = raiserFromLogs(logs, custom) ?? top;
      return decodeCustomProgramError(raiser, custom, index, options);
    }
    const errorName =
      typeof inner === 'string' ? inner : inner ? (Object.keys(inner)[0] ?? 'Unknown') : 'Unknown';
    return {
      kind: 'instruction',
      errorName,
      programAddress: top,
      instructionIndex: index,
      message: `Instruction ${index} failed: ${errorName}`,
    };
  }
  const errorName = Object.keys(error)[0] ?? 'Unknown';
  return { kind: 'transaction', errorName, message: `Transaction failed: ${errorName}` };
}

interface SolanaErrorLike {
  readonly context?: { readonly [key: string]: unknown };
  readonly cause?: unknown;
}

/**
 * Decodes an error thrown by `@solana/kit` (a `SolanaError`, e.g. a send's preflight failure
 * whose cause is `SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM`) into a {@link TransactionFailure};
 * `null` when it carries no custom program error.
 *
 * @example
 * try { await sendAndConfirm(tx); } catch (e) { const failure = decodeKitError(e, programsOf(message)); }
 */
export function decodeKitError(
  error: unknown,
  instructionPrograms: readonly Address[],
  options: DecodeOptions = {},
): Extract<TransactionFailure, { kind: 'custom' }> | null {
  let logs: readonly string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    const e = current as SolanaErrorLike;
    const context = e.context ?? {};
    if (Array.isArray(context.logs)) logs = context.logs as string[];
    if (context.__code === SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM) {
      const code = toNumber(context.code);
      const index = toNumber(context.index);
      if (code !== null) {
        const top = index === null ? null : (instructionPrograms[index] ?? null);
        return decodeCustomProgramError(raiserFromLogs(logs, code) ?? top, code, index, options);
      }
    }
    current = e.cause;
  }
  return null;
}
