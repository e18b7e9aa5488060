import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTokenizedApiClient,
  isTokenizedApiError,
  TOKENIZED_API_ERROR__ABORTED,
  TOKENIZED_API_ERROR__HTTP_STATUS,
  TOKENIZED_API_ERROR__NETWORK,
  TOKENIZED_API_ERROR__RATE_LIMITED,
  TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN,
  TOKENIZED_API_ERROR__TIMEOUT,
} from '../src/index.ts';
import { fee, page, rfqQuote, systemStatus } from './support/fixtures.ts';
import { API_KEY, BASE_URL, type Reply, scriptedFetch, VAULT } from './support/scripted-fetch.ts';

const rfq = {
  symbol: 'AAPLx',
  side: 'Buy' as const,
  cashAmount: '2500.00',
  paymentWalletIdentifier: VAULT,
  receivingWalletIdentifier: VAULT,
};

/** A client on a manual clock with jitter pinned to the midpoint (exact delays). */
function setup(script: Reply[], random: () => number = () => 0.5) {
  const clock = createManualClock(Date.UTC(2025, 0, 6, 15, 0, 0));
  const { fetch, calls } = scriptedFetch(clock, script);
  const client = createTokenizedApiClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    fetch,
    clock,
    random,
  });
  const start = clock.now();
  const offsets = () => calls.map((c) => c.at - start);
  return { clock, client, calls, offsets };
}

async function failure(clock: ReturnType<typeof createManualClock>, promise: Promise<unknown>) {
  return clock.runUntilSettled(promise).then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('retries of idempotent GETs', () => {
  it('retries a persistent 503 five times with 250/500/1000/2000 ms backoff', async () => {
    // Given an upstream that answers 503 forever
    const { clock, client, calls, offsets } = setup([{ status: 503 }]);
    // When a GET is made
    const error = await failure(clock, client.getSystemStatus('AAPLx'));
    // Then exactly 5 attempts are made at the policy's delays, and the error says so
    expect(calls).toHaveLength(5);
    expect(offsets()).toEqual([0, 250, 750, 1750, 3750]);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__HTTP_STATUS)).toBe(true);
    expect((error as { context: { attempts: number; status: number } }).context).toMatchObject({
      attempts: 5,
      status: 503,
    });
  });

  it('applies ±20% jitter to every backoff delay', async () => {
    // Given jitter drawn at the extremes (0 → -20%, 0.999… → +20%)
    const low = setup([{ status: 500 }], () => 0);
    const high = setup([{ status: 500 }], () => 0.999_999);
    // When both exhaust their attempts
    await failure(low.clock, low.client.getSystemStatus('AAPLx'));
    await failure(high.clock, high.client.getSystemStatus('AAPLx'));
    // Then the gaps are the base delays scaled by 0.8 and 1.2
    const gaps = (o: number[]) => o.slice(1).map((t, i) => t - (o[i] as number));
    expect(gaps(low.offsets())).toEqual([200, 400, 800, 1600]);
    expect(gaps(high.offsets())).toEqual([300, 600, 1200, 2400]);
  });

  it('succeeds on the attempt after a transient 502', async () => {
    // Given one 502 and then a valid answer
    const { clock, client, calls, offsets } = setup([
      { status: 502 },
      { status: 200, body: systemStatus },
    ]);
    // When the status is read
    const status = await clock.runUntilSettled(client.getSystemStatus('AAPLx'));
    // Then the second attempt, 250 ms later, provides it
    expect(status.isAtomicTradingHalted).toBe(false);
    expect(calls).toHaveLength(2);
    expect(offsets()).toEqual([0, 250]);
  });

  it('times out each attempt after 5000 ms and retries up to 5 attempts', async () => {
    // Given an upstream that never answers
    const { clock, client, calls, offsets } = setup([{ hang: true }]);
    // When a GET is made
    const error = await failure(clock, client.getPrice('AAPLx'));
    // Then every attempt is cut at 5 s, with backoff between them
    expect(calls).toHaveLength(5);
    expect(offsets()).toEqual([0, 5250, 10750, 16750, 23750]);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__TIMEOUT)).toBe(true);
    expect((error as { context: { timeoutMs: number } }).context.timeoutMs).toBe(5000);
  });

  it('retries a connection reset (phase unknown) for a GET', async () => {
    // Given a reset and then a valid answer
    const { clock, client, calls } = setup([
      { networkError: 'ECONNRESET' },
      { status: 200, body: systemStatus },
    ]);
    // When the status is read
    await clock.runUntilSettled(client.getSystemStatus('AAPLx'));
    // Then it took two attempts
    expect(calls).toHaveLength(2);
  });

  it('never retries a 4xx other than 408 and 429', async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      // Given an upstream answering this 4xx
      const { clock, client, calls } = setup([
        { status, body: { error: { code: 'X', message: 'no' } } },
      ]);
      // When a GET is made
      const error = await failure(clock, client.getSystemStatus('AAPLx'));
      // Then it fails after one attempt with the upstream code
      expect(calls).toHaveLength(1);
      expect(
        (error as { context: { status: number; upstreamCode: string } }).context,
      ).toMatchObject({
        status,
        upstreamCode: 'X',
      });
    }
  });

  it('does not retry 501 Not Implemented', async () => {
    const { clock, client, calls } = setup([{ status: 501 }]);
    await failure(clock, client.getSystemStatus('AAPLx'));
    expect(calls).toHaveLength(1);
  });

  it('retries each page of a paginated list independently', async () => {
    // Given page 2 fails once with 503
    const { clock, client, calls, offsets } = setup([
      { status: 200, body: page([fee], 1, true) },
      { status: 503 },
      { status: 200, body: page([{ ...fee, operation: 'Mint' }], 2, false) },
    ]);
    // When fees are listed
    const fees = await clock.runUntilSettled(client.getFees());
    // Then page 2 alone is retried and both pages' items are returned
    expect(fees.map((f) => f.operation)).toEqual(['Swap', 'Mint']);
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2', '2']);
    expect(offsets()).toEqual([0, 0, 250]);
  });
});

describe('HTTP 429', () => {
  it('waits at least Retry-After seconds, with jitter only on top', async () => {
    // Given a 429 asking for 3 s, then success
    const { clock, client, offsets } = setup(
      [
        { status: 429, headers: { 'Retry-After': '3' } },
        { status: 200, body: systemStatus },
      ],
      () => 0,
    );
    // When a GET is made with the lowest possible jitter draw
    await clock.runUntilSettled(client.getSystemStatus('AAPLx'));
    // Then the retry comes exactly at 3 s, never earlier
    expect(offsets()).toEqual([0, 3000]);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    // Given a 429 whose Retry-After is a date 7 s ahead of the clock
    const clock0 = Date.UTC(2025, 0, 6, 15, 0, 0);
    const date = new Date(clock0 + 7_000).toUTCString();
    const { clock, client, offsets } = setup(
      [
        { status: 429, headers: { 'Retry-After': date } },
        { status: 200, body: systemStatus },
      ],
      () => 0,
    );
    // When a GET is made
    await clock.runUntilSettled(client.getSystemStatus('AAPLx'));
    // Then the retry waits the 7 s
    expect(offsets()).toEqual([0, 7000]);
  });

  it('spreads many concurrent callers instead of retrying in lockstep', async () => {
    // Given 40 callers all told Retry-After: 2 at the same instant
    const clock = createManualClock();
    let n = 0;
    const { fetch, calls } = scriptedFetch(clock, () =>
      n++ < 40
        ? { status: 429, headers: { 'Retry-After': '2' } }
        : { status: 200, body: systemStatus },
    );
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, fetch, clock });
    const symbols = Array.from({ length: 40 }, (_, i) => `SYM${i}x`);
    // When they all retry (with the real random source)
    const all = Promise.all(symbols.map((s) => client.getSystemStatus(s).catch(() => null)));
    await clock.runUntilSettled(all);
    // Then every retry is at or after 2 s, and they are spread over time
    const retries = calls.slice(40).map((c) => c.at - (calls[0] as { at: number }).at);
    expect(retries).toHaveLength(40);
    expect(Math.min(...retries)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...retries)).toBeLessThanOrEqual(2400);
    expect(new Set(retries).size).toBeGreaterThan(20);
  });

  it('gives up with RATE_LIMITED after 5 attempts', async () => {
    const { clock, client, calls } = setup([{ status: 429, headers: { 'Retry-After': '1' } }]);
    const error = await failure(clock, client.getSystemStatus('AAPLx'));
    expect(calls).toHaveLength(5);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__RATE_LIMITED)).toBe(true);
    expect((error as { context: { retryAfterMs: number } }).context.retryAfterMs).toBe(1000);
  });

  it('does not wait for a Retry-After longer than 30 s; reports it instead', async () => {
    const { clock, client, calls } = setup([{ status: 429, headers: { 'Retry-After': '120' } }]);
    const error = await failure(clock, client.getSystemStatus('AAPLx'));
    expect(calls).toHaveLength(1);
    expect((error as { context: { retryAfterMs: number } }).context.retryAfterMs).toBe(120_000);
  });

  it('falls back to the backoff when Retry-After is absent or unparsable', async () => {
    const { clock, client, offsets } = setup([
      { status: 429, headers: { 'Retry-After': 'soon' } },
      { status: 200, body: systemStatus },
    ]);
    await clock.runUntilSettled(client.getSystemStatus('AAPLx'));
    expect(offsets()).toEqual([0, 250]);
  });
});

describe('the RFQ request (at most once)', () => {
  it('never retries a 4xx', async () => {
    for (const status of [400, 401, 403, 404, 408, 409, 422]) {
      const { clock, client, calls } = setup([{ status }]);
      const error = await failure(clock, client.requestRfq(rfq));
      expect(calls).toHaveLength(1);
      expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__HTTP_STATUS)).toBe(true);
    }
  });

  it('does not retry a timeout and reports that a quote may exist', async () => {
    // Given an upstream that never answers the POST
    const { clock, client, calls } = setup([{ hang: true }]);
    // When an RFQ is requested
    const error = await failure(clock, client.requestRfq(rfq));
    // Then one attempt only, and the outcome is flagged as unknown (no second trade)
    expect(calls).toHaveLength(1);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN)).toBe(true);
    expect((error as { context: { cause: string } }).context.cause).toBe('timeout');
  });

  it('does not retry a 5xx', async () => {
    for (const status of [500, 502, 503, 504]) {
      const { clock, client, calls } = setup([{ status }]);
      const error = await failure(clock, client.requestRfq(rfq));
      expect(calls).toHaveLength(1);
      expect((error as { context: { cause: string } }).context.cause).toBe('server-error');
    }
  });

  it('does not retry a connection lost after sending', async () => {
    const { clock, client, calls } = setup([{ networkError: 'ECONNRESET' }]);
    const error = await failure(clock, client.requestRfq(rfq));
    expect(calls).toHaveLength(1);
    expect((error as { context: { cause: string } }).context.cause).toBe('connection-lost');
  });

  it('retries a connection refused (nothing was sent)', async () => {
    const { clock, client, calls, offsets } = setup([
      { networkError: 'ECONNREFUSED' },
      { status: 200, body: rfqQuote },
    ]);
    const quote = await clock.runUntilSettled(client.requestRfq(rfq));
    expect(quote.id).toBe('q_0001');
    expect(calls).toHaveLength(2);
    expect(offsets()).toEqual([0, 250]);
  });

  it('does not retry a 429 either (a 4xx), but reports Retry-After to the caller', async () => {
    // Given a rate-limited RFQ
    const { clock, client, calls } = setup([{ status: 429, headers: { 'Retry-After': '2' } }]);
    // When requested / Then one attempt, and the error tells when the keeper may re-request
    const error = await failure(clock, client.requestRfq(rfq));
    expect(calls).toHaveLength(1);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__RATE_LIMITED)).toBe(true);
    expect((error as { context: { retryAfterMs: number } }).context.retryAfterMs).toBe(2000);
  });

  it('reports a persistent connection refusal as a network error after 5 attempts', async () => {
    const { clock, client, calls } = setup([{ networkError: 'ECONNREFUSED' }]);
    const error = await failure(clock, client.requestRfq(rfq));
    expect(calls).toHaveLength(5);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__NETWORK)).toBe(true);
  });
});

describe('cancellation', () => {
  it('stops waiting during backoff when the caller aborts', async () => {
    // Given a 503 and a caller that aborts during the backoff
    const { clock, client, calls } = setup([{ status: 503 }]);
    const controller = new AbortController();
    const call = client.requestRfq(rfq, { signal: controller.signal }).catch((e: unknown) => e);
    // requestRfq is not retried on 503, so use a GET for the backoff case:
    const get = client.getQuote('q_0001', { signal: controller.signal }).catch((e: unknown) => e);
    await clock.advance(100);
    controller.abort();
    const error = await get;
    await call;
    // Then the GET ends with ABORTED and makes no further attempt
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__ABORTED)).toBe(true);
    await clock.advance(10_000);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });
});
