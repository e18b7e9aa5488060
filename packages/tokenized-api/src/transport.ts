import type { ServerErrorMonitor } from './alerts.ts';
import type { ApiKey } from './api-key.ts';
import {
  finalError,
  MAX_BODY_CHARS,
  type AttemptOutcome as Outcome,
  parseJsonBody,
} from './attempt-outcome.ts';
import { abortReason, type Clock } from './clock.ts';
import {
  TOKENIZED_API_ERROR__ABORTED,
  TOKENIZED_API_ERROR__MISSING_API_KEY,
  TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT,
  TokenizedApiError,
} from './errors.ts';
import type { Logger } from './logger.ts';
import type { RequestSpec } from './request-spec.ts';
import {
  backoffDelayMs,
  parseRetryAfter,
  type RetryPolicy,
  rateLimitDelayMs,
} from './retry-policy.ts';
import { type AttemptFailure, describeNetworkError, isRetryable } from './retry-safety.ts';
import { requiresApiKey } from './routes.ts';

/** The `fetch` signature the client needs (the global one in Node 20+ and browsers). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Everything the transport depends on; all injectable. */
export type TransportOptions = Readonly<{
  baseUrl: string;
  apiKey: ApiKey | null;
  timeoutMs: number;
  fetch: FetchLike;
  clock: Clock;
  random: () => number;
  logger: Logger;
  retry: RetryPolicy;
  monitor: ServerErrorMonitor;
}>;

/** A successful (2xx) answer with its parsed JSON body. */
export type JsonResponse = Readonly<{ status: number; json: unknown }>;

/** Sends requests with the spec's timeout, retry, auth and alerting rules. */
export interface Transport {
  request(spec: RequestSpec): Promise<JsonResponse>;
}

/**
 * Creates the transport. The API key is attached only to `/client/*`, `/trades/*` and
 * `/bridges/*`; a call to those without a key throws before anything is sent. Redirects are
 * never followed (a redirect could carry the key to another host).
 *
 * @example
 * ```ts
 * const transport = createTransport({ baseUrl, apiKey: null, timeoutMs: 5000, fetch, clock: systemClock,
 *   random: Math.random, logger: noopLogger, retry: DEFAULT_RETRY_POLICY, monitor });
 * const { json } = await transport.request({ operation: 'listAssets', method: 'GET',
 *   path: '/public/assets', safety: 'idempotent' });
 * ```
 */
export function createTransport(options: TransportOptions): Transport {
  const secrets = options.apiKey === null ? [] : [options.apiKey.reveal()];
  const { clock, logger, retry } = options;

  async function attemptOnce(url: string, init: RequestInit, spec: RequestSpec): Promise<Outcome> {
    const request = new AbortController();
    const timer = new AbortController();
    const callerSignal = spec.signal;
    let timedOut = false;
    const onCallerAbort = () => request.abort(abortReason(callerSignal));
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const never = new Promise<never>(() => {});
    const timeout = clock.sleep(options.timeoutMs, timer.signal).then(
      (): Outcome => {
        timedOut = true;
        request.abort();
        return { kind: 'timeout' };
      },
      () => never,
    );
    const callerAbort =
      callerSignal === undefined
        ? never
        : new Promise<Outcome>((resolve) =>
            callerSignal.addEventListener('abort', () => resolve({ kind: 'aborted' }), {
              once: true,
            }),
          );
    const exchange = (async (): Promise<Outcome> => {
      try {
        const response = await options.fetch(url, { ...init, signal: request.signal });
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > MAX_BODY_CHARS) {
          return { kind: 'response', status: response.status, headers: response.headers, text: '' };
        }
        const text = await response.text();
        return { kind: 'response', status: response.status, headers: response.headers, text };
      } catch (error) {
        if (timedOut) return { kind: 'timeout' };
        if (callerSignal?.aborted) return { kind: 'aborted' };
        return { kind: 'network', ...describeNetworkError(error) };
      }
    })();
    try {
      return await Promise.race([exchange, timeout, callerAbort]);
    } finally {
      timer.abort();
      callerSignal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function request(spec: RequestSpec): Promise<JsonResponse> {
    const call = { operation: spec.operation, method: spec.method, path: spec.path };
    const needsKey = requiresApiKey(spec.path);
    if (needsKey && options.apiKey === null) {
      throw new TokenizedApiError(TOKENIZED_API_ERROR__MISSING_API_KEY, {
        operation: spec.operation,
        path: spec.path,
      });
    }
    const url = buildUrl(options.baseUrl, spec.path, spec.query);
    const init = buildInit(spec, needsKey ? options.apiKey : null);

    for (let attempt = 1; ; attempt++) {
      if (spec.signal?.aborted) {
        throw new TokenizedApiError(TOKENIZED_API_ERROR__ABORTED, {
          ...call,
          attempts: attempt - 1,
        });
      }
      const startedAt = clock.now();
      const outcome = await attemptOnce(url, init, spec);
      logger.debug('tokenized-api attempt', {
        ...call,
        attempt,
        outcome: outcome.kind === 'response' ? outcome.status : outcome.kind,
        durationMs: clock.now() - startedAt,
      });
      if (outcome.kind === 'aborted') {
        throw new TokenizedApiError(TOKENIZED_API_ERROR__ABORTED, { ...call, attempts: attempt });
      }
      if (outcome.kind === 'response') {
        if (outcome.status >= 500)
          options.monitor.recordServerError(outcome.status, spec.operation);
        else options.monitor.recordHealthyResponse();
        if (outcome.status >= 200 && outcome.status < 300) {
          return { status: outcome.status, json: parseJsonBody(outcome, spec) };
        }
        if (outcome.status < 400) {
          throw new TokenizedApiError(TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT, {
            ...call,
            status: outcome.status,
          });
        }
      }
      const failure = toFailure(outcome);
      const retryAfterMs =
        outcome.kind === 'response' && outcome.status === 429
          ? parseRetryAfter(outcome.headers.get('retry-after'), clock.now())
          : null;
      const waitable = retryAfterMs === null || retryAfterMs <= retry.maxRetryAfterMs;
      if (attempt < retry.maxAttempts && waitable && isRetryable(failure, spec.safety)) {
        const delayMs =
          failure.kind === 'status' && failure.status === 429
            ? rateLimitDelayMs(retry, attempt, retryAfterMs, options.random)
            : backoffDelayMs(retry, attempt, options.random);
        logger.warn('tokenized-api retry', {
          ...call,
          attempt,
          delayMs,
          reason: failure.kind === 'status' ? String(failure.status) : failure.kind,
        });
        try {
          await clock.sleep(delayMs, spec.signal);
        } catch {
          throw new TokenizedApiError(TOKENIZED_API_ERROR__ABORTED, { ...call, attempts: attempt });
        }
        continue;
      }
      const error = finalError(outcome, spec, attempt, retryAfterMs, {
        timeoutMs: options.timeoutMs,
        secrets,
      });
      logger.warn('tokenized-api request failed', { ...call, attempts: attempt, code: error.code });
      throw error;
    }
  }

  return { request };
}

function toFailure(outcome: Exclude<Outcome, { kind: 'aborted' }>): AttemptFailure {
  if (outcome.kind === 'response') return { kind: 'status', status: outcome.status };
  if (outcome.kind === 'timeout') return { kind: 'timeout' };
  return { kind: 'network', phase: outcome.phase };
}

function buildUrl(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, string>> | undefined,
): string {
  const url = new URL(`${baseUrl}${path}`);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const base = new URL(baseUrl);
  if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname}/`)) {
    throw new RangeError('resolved URL escapes the base URL');
  }
  return url.toString();
}

function buildInit(spec: RequestSpec, apiKey: ApiKey | null): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
  if (apiKey !== null) headers['X-API-Key'] = apiKey.reveal();
  return {
    method: spec.method,
    headers,
    body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
    redirect: 'manual',
    credentials: 'omit',
  };
}
