/**
 * The operator CLI's errors: one class, a stable code per failure an operator can meet, and a
 * sentence that says what to do. The CLI prints `code: message` and exits 1.
 */

export const OPS_ERROR_CODES = Object.freeze({
  /** The environment file does not parse or a field is invalid (one line per field). */
  INVALID_CONFIG: 'INVALID_CONFIG',
  /** A key reference (file or variable) does not resolve to a keypair. */
  KEY_UNAVAILABLE: 'KEY_UNAVAILABLE',
  /** A proposal file is not one this CLI wrote, or was altered. */
  INVALID_PROPOSAL: 'INVALID_PROPOSAL',
  /** The key asked to sign is not one of the proposal's required signers. */
  NOT_A_REQUIRED_SIGNER: 'NOT_A_REQUIRED_SIGNER',
  /** A required signer that is not a configured admin (nor the fee payer or upgrade authority). */
  NON_ADMIN_SIGNER: 'NON_ADMIN_SIGNER',
  /** Fewer distinct configured admins signed than the on-chain threshold. */
  ADMIN_THRESHOLD_NOT_MET: 'ADMIN_THRESHOLD_NOT_MET',
  /** A required signature is missing or does not verify. */
  MISSING_SIGNATURE: 'MISSING_SIGNATURE',
  /** The proposal's durable nonce has advanced: it was submitted, or superseded. */
  NONCE_ADVANCED: 'NONCE_ADVANCED',
  /** The on-chain binary's sha256 differs from the local build. */
  HASH_MISMATCH: 'HASH_MISMATCH',
  /** The chain holds a value no instruction can change (plan shows it; apply refuses). */
  IMMUTABLE_DRIFT: 'IMMUTABLE_DRIFT',
  /** A command's input is missing or malformed. */
  INVALID_INPUT: 'INVALID_INPUT',
  /** An account the command needs does not exist on the cluster. */
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  /** No timelocked change of that kind is pending. */
  NOTHING_PENDING: 'NOTHING_PENDING',
  /** A timelocked change is pending but its eta is still ahead of the cluster clock. */
  TIMELOCK_NOT_DUE: 'TIMELOCK_NOT_DUE',
  /** No Ledger can be reached (transport not installed, no device, app closed). */
  LEDGER_UNAVAILABLE: 'LEDGER_UNAVAILABLE',
  /** The Ledger answered with a refusal (rejected on the device, blind signing disabled). */
  LEDGER_REFUSED: 'LEDGER_REFUSED',
  /** The transaction was sent and failed on chain. */
  TRANSACTION_FAILED: 'TRANSACTION_FAILED',
} as const);

export type OpsErrorCode = keyof typeof OPS_ERROR_CODES;

/**
 * A failure the operator can act on.
 *
 * @example
 * throw new OpsError('ADMIN_THRESHOLD_NOT_MET', '2 of 3 admins signed');
 */
export class OpsError extends Error {
  readonly code: OpsErrorCode;
  constructor(code: OpsErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OpsError';
    this.code = code;
  }
}

/** Whether `error` is an {@link OpsError} with `code`. */
export function isOpsError(error: unknown, code?: OpsErrorCode): error is OpsError {
  return error instanceof OpsError && (code === undefined || error.code === code);
}
