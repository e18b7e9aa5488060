import {
  TOKENIZED_API_ERROR__HTTP_STATUS,
  TOKENIZED_API_ERROR__INVALID_RESPONSE,
  TOKENIZED_API_ERROR__NETWORK,
  TOKENIZED_API_ERROR__RATE_LIMITED,
  TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN,
  TOKENIZED_API_ERROR__TIMEOUT,
  TokenizedApiError,
} from './errors.ts';
import type { RequestSpec } from './request-spec.ts';
import { parseUpstreamError } from './upstream-error.ts';

/** Bodies above this many characters are refused. */
export const MAX_BODY_CHARS = 4 * 1024 * 1024;

/** What one attempt produced. */
export type AttemptOutcome =
  | { kind: 'response'; status: number; headers: Headers; text: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'network'; phase: 'before-send' | 'unknown'; reason: string };

/**
 * The error for a call that will not be retried further, from its last attempt's outcome.
 * For the RFQ (`at-most-once`) a timeout, a lost connection or a 5xx other than 501 means
 * the request may have reached the server: `RFQ_OUTCOME_UNKNOWN`.
 *
 * @example
 * ```ts
 * throw finalError({ kind: 'timeout' }, spec, 5, null, { timeoutMs: 5000, secrets: [] });
 * ```
 */
export function finalError(
  outcome: Exclude<AttemptOutcome, { kind: 'aborted' }>,
  spec: RequestSpec,
  attempts: number,
  retryAfterMs: number | null,
  options: Readonly<{ timeoutMs: number; secrets: readonly string[] }>,
): TokenizedApiError {
  const { secrets } = options;
  const call = { operation: spec.operation, method: spec.method, path: spec.path };
  if (outcome.kind === 'response') {
    const upstream = parseUpstreamError(outcome.text, secrets);
    const own = spec.interpretFailure?.(outcome.status, upstream) ?? null;
    if (own !== null) return own;
    if (outcome.status === 429) {
      return new TokenizedApiError(TOKENIZED_API_ERROR__RATE_LIMITED, {
        ...call,
        attempts,
        retryAfterMs,
      });
    }
    if (spec.safety === 'at-most-once' && outcome.status >= 500 && outcome.status !== 501) {
      return new TokenizedApiError(TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN, {
        ...call,
        cause: 'server-error',
        status: outcome.status,
      });
    }
    return new TokenizedApiError(TOKENIZED_API_ERROR__HTTP_STATUS, {
      ...call,
      status: outcome.status,
      attempts,
      upstreamCode: upstream.code,
      upstreamMessage: upstream.message,
    });
  }
  if (outcome.kind === 'timeout') {
    if (spec.safety === 'at-most-once') {
      return new TokenizedApiError(TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN, {
        ...call,
        cause: 'timeout',
        status: null,
      });
    }
    return new TokenizedApiError(TOKENIZED_API_ERROR__TIMEOUT, {
      ...call,
      attempts,
      timeoutMs: options.timeoutMs,
    });
  }
  if (spec.safety === 'at-most-once' && outcome.phase === 'unknown') {
    return new TokenizedApiError(TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN, {
      ...call,
      cause: 'connection-lost',
      status: null,
    });
  }
  return new TokenizedApiError(TOKENIZED_API_ERROR__NETWORK, {
    ...call,
    attempts,
    phase: outcome.phase,
    reason: outcome.reason,
  });
}

/**
 * Parses a 2xx body as JSON; an empty, oversized or non-JSON body is `INVALID_RESPONSE`.
 *
 * @example
 * ```ts
 * parseJsonBody({ status: 200, text: '{}' }, spec); // {}
 * ```
 */
export function parseJsonBody(
  outcome: { status: number; text: string },
  spec: RequestSpec,
): unknown {
  const invalid = (reason: string) =>
    new TokenizedApiError(TOKENIZED_API_ERROR__INVALID_RESPONSE, {
      operation: spec.operation,
      path: spec.path,
      status: outcome.status,
      field: '(body)',
      reason,
    });
  if (outcome.text.length === 0) throw invalid('is empty or larger than 4 MiB');
  if (outcome.text.length > MAX_BODY_CHARS) throw invalid('is larger than 4 MiB');
  try {
    return JSON.parse(outcome.text);
  } catch {
    throw invalid('is not valid JSON');
  }
}
