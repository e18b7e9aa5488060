/**
 * Which failures may be retried, per call kind. GETs are idempotent. The RFQ POST is not
 * known to be idempotent upstream, so it is retried only when the request certainly never
 * reached the server: connection failures before any byte is sent (`ECONNREFUSED`, DNS).
 * A timeout, a connection lost after sending, or any 5xx may have created a quote, so they are
 * never retried (they surface as `RFQ_OUTCOME_UNKNOWN`). Every 4xx, 429 included, is final
 * for the RFQ (spec, Errors: "HTTP 4xx on the RFQ request: never retried"); the 429 error
 * carries `retryAfterMs` so the keeper can re-request within its own re-quote budget.
 */

/** How a call tolerates repetition. */
export type RetrySafety = 'idempotent' | 'at-most-once';

/** What happened on one attempt, reduced to what the retry rule needs. */
export type AttemptFailure =
  | { kind: 'status'; status: number }
  | { kind: 'timeout' }
  | { kind: 'network'; phase: 'before-send' | 'unknown' };

/** Status codes that are permanent even though they are 5xx. */
const PERMANENT_SERVER_STATUSES = new Set([501, 505]);

/** Error codes (Node/undici) of failures that happen while connecting, before sending. */
const PRE_SEND_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * True when the failure may be retried for a call of the given safety.
 *
 * @example
 * ```ts
 * isRetryable({ kind: 'status', status: 503 }, 'idempotent');   // true
 * isRetryable({ kind: 'status', status: 503 }, 'at-most-once'); // false
 * isRetryable({ kind: 'status', status: 429 }, 'idempotent');   // true
 * isRetryable({ kind: 'status', status: 429 }, 'at-most-once'); // false
 * ```
 */
export function isRetryable(failure: AttemptFailure, safety: RetrySafety): boolean {
  switch (failure.kind) {
    case 'status':
      if (safety === 'at-most-once') return false;
      if (failure.status === 429) return true;
      if (failure.status === 408) return true;
      return failure.status >= 500 && !PERMANENT_SERVER_STATUSES.has(failure.status);
    case 'timeout':
      return safety === 'idempotent';
    case 'network':
      return failure.phase === 'before-send' || safety === 'idempotent';
  }
}

/**
 * Classifies an error thrown by `fetch`: `before-send` only when its (or its cause's) code
 * is a connect-phase failure such as `ECONNREFUSED`; otherwise `unknown` (browsers never
 * say). The returned `reason` is the code or the error name, never free text.
 *
 * @example
 * ```ts
 * describeNetworkError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }));
 * // { phase: 'before-send', reason: 'ECONNREFUSED' }
 * ```
 */
export function describeNetworkError(error: unknown): {
  phase: 'before-send' | 'unknown';
  reason: string;
} {
  const code = errorCode(error) ?? errorCode(causeOf(error));
  if (code !== null) {
    return { phase: PRE_SEND_CODES.has(code) ? 'before-send' : 'unknown', reason: code };
  }
  const name = error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'Error';
  return { phase: 'unknown', reason: name };
}

function causeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : null;
}

function errorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : null;
}
