// The keeper's typed errors: each names what went wrong so callers match on the class (or
// `code`), never on message text.

/** Stable codes of the keeper's own errors. */
export type KeeperErrorCode =
  | 'INVALID_DECISION_INPUT'
  | 'LEASE_LOST'
  | 'TX_RATE_CAPPED'
  | 'RFQ_REJECTED'
  | 'SWAP_PRE_COMMIT_REFUSED'
  | 'ROUTE_UNAVAILABLE'
  | 'RFQ_COSIGN_REFUSED'
  | 'RFQ_QUOTE_STALE'
  | 'LEG_OUTSIDE_BOUND'
  | 'STALE_INPUT'
  /** The transaction firewall refused to sign a third party's instructions (firewall/). */
  | 'TRANSACTION_REFUSED';

/**
 * A keeper failure with a stable `code` and a sentence an operator can act on.
 *
 * @example
 * throw new KeeperError('LEASE_LOST', 'this replica lost the leader lease before sending');
 */
export class KeeperError extends Error {
  readonly code: KeeperErrorCode;
  constructor(code: KeeperErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeeperError';
    this.code = code;
  }
}

/** Narrows an unknown error to a keeper error of one code. */
export function isKeeperError(error: unknown, code?: KeeperErrorCode): error is KeeperError {
  return error instanceof KeeperError && (code === undefined || error.code === code);
}
