import {
  createManualClock,
  createTokenizedApiClient,
  isTokenizedApiError,
  type ManualClock,
  TOKENIZED_API_ERROR__INVALID_RESPONSE,
  TOKENIZED_API_ERROR__TIMEOUT,
  type TokenizedApiAlert,
} from '@basket/tokenized-api';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFaultInjector,
  DEFAULT_SIM_CONFIG,
  type FaultConfig,
  type RunningSimulator,
} from '../src/index.ts';
import { call, driveRetries, KEY, MARKET_OPEN, startTestSim } from './support/harness.ts';

let sim: RunningSimulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** Simulator and client share one manual clock, so HTTP dates agree. */
async function setup(faults: Partial<FaultConfig>, random = () => 0.5) {
  const clock: ManualClock = createManualClock(MARKET_OPEN);
  sim = await startTestSim({ faults }, clock);
  const alerts: TokenizedApiAlert[] = [];
  const client = createTokenizedApiClient({
    baseUrl: sim.baseUrl,
    apiKey: KEY,
    clock,
    random,
    alertSink: { send: (a) => void alerts.push(a) },
  });
  return { clock, client, sim, alerts };
}

const attemptTimes = (s: RunningSimulator) =>
  s.requests.map((r) => r.at - (s.requests[0]?.at ?? 0));

describe('fault injection', () => {
  it('429 with Retry-After in seconds: each retry waits exactly that long, 5 attempts at most', async () => {
    const { clock, client, sim } = await setup(
      { rateLimitEvery: 1, retryAfterSeconds: 2, pathPrefix: '/client' },
      () => 0,
    );
    // Given every /client request is rate limited / When limits are read
    const result = driveRetries(clock, client.getLimits());
    await expect(result).rejects.toThrow(/rate limited/);
    expect(sim.requests.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    expect(attemptTimes(sim)).toEqual([0, 2000, 4000, 6000, 8000]);
  });

  it('429 with Retry-After as an HTTP date is honoured', async () => {
    const { clock, client, sim } = await setup(
      { rateLimitEvery: 2, retryAfterSeconds: 3, retryAfterFormat: 'http-date' },
      () => 0,
    );
    // Request 1 passes, request 2 is limited, request 3 (the retry) passes
    await client.getFees();
    await driveRetries(clock, client.getLimits());
    expect(sim.requests.map((r) => r.status)).toEqual([200, 429, 200]);
    const [, limited, retried] = sim.requests;
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBe(3000);
  });

  it('a 5xx burst is ridden out by the GET backoff', async () => {
    const { clock, client, sim } = await setup({ serverErrorEvery: 10, serverErrorBurst: 3 });
    // Requests 8, 9, 10 fail: issue 7 healthy ones first
    for (let i = 0; i < 7; i++) await client.getOracle('AAPLx');
    const price = await driveRetries(clock, client.getOracle('AAPLx'));
    expect(price.symbol).toBe('AAPLx');
    expect(sim.requests.slice(7).map((r) => r.status)).toEqual([503, 503, 503, 200]);
    expect(
      attemptTimes(sim)
        .slice(7)
        .map((t) => t - (attemptTimes(sim)[7] ?? 0)),
    ).toEqual([0, 250, 750, 1750]);
  });

  it('a 5xx condition lasting over 5 minutes raises the alert', async () => {
    const { clock, client, alerts } = await setup({ serverErrorEvery: 1, serverErrorBurst: 1 });
    for (let minute = 0; minute <= 6; minute++) {
      await driveRetries(
        clock,
        client.getSystemStatus('AAPLx').catch(() => null),
      );
      await clock.advance(60_000);
    }
    expect(alerts.map((a) => a.kind)).toEqual(['upstream-server-errors-persisting']);
  });

  it('the RFQ POST is never retried on a 5xx burst', async () => {
    const { clock, client, sim } = await setup({
      serverErrorEvery: 1,
      serverErrorBurst: 1,
      pathPrefix: '/trades',
    });
    const error = await driveRetries(
      clock,
      client
        .requestRfq({
          symbol: 'AAPLx',
          side: 'Buy',
          cashAmount: '100',
          paymentWalletIdentifier: DEFAULT_SIM_CONFIG.whitelistedWallets[0] as string,
          receivingWalletIdentifier: DEFAULT_SIM_CONFIG.whitelistedWallets[0] as string,
        })
        .catch((e: unknown) => e),
    );
    expect((error as Error).message).toMatch(/may have reached the server/);
    expect(sim.requests).toHaveLength(1);
  });

  it('a response slower than the timeout is abandoned at 5 s and retried', async () => {
    const { clock, client, sim } = await setup({ slowEvery: 1, slowMs: 60_000 });
    const pending = client.getOracle('AAPLx').catch((e: unknown) => e);
    // Each attempt: wait for the request to reach the simulator, then fire the 5 s timeout
    for (let attempt = 1; attempt <= 5; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await clock.advance(5_000);
      await clock.advance(clock.pending().find((p) => p.ms !== 5_000)?.ms ?? 0);
    }
    const error = await pending;
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__TIMEOUT)).toBe(true);
    expect((error as { context: { attempts: number } }).context.attempts).toBe(5);
    expect(sim.requests.length).toBe(0); // none completed: every slow answer was abandoned
  });

  it('malformed bodies become typed errors naming the field, in all four kinds', async () => {
    const { client } = await setup({ malformedEvery: 1 });
    const fields: string[] = [];
    for (let i = 0; i < 4; i++) {
      const error = await client.getSystemStatus('AAPLx').catch((e: unknown) => e);
      expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__INVALID_RESPONSE)).toBe(true);
      fields.push((error as { context: { field: string; reason: string } }).context.field);
    }
    // truncated JSON; wrong type of the first field; fields lost after the first; an HTML page
    expect(fields).toEqual(['(body)', 'symbol', 'isMarketTradingHalted', '(body)']);
  });

  it('faults can be limited to a path prefix', async () => {
    const { sim } = await setup({ rateLimitEvery: 1, pathPrefix: '/client' });
    expect((await call(sim, '/public/assets')).status).toBe(200);
    expect((await call(sim, '/client/limits')).status).toBe(429);
  });

  it('counts deterministically', () => {
    const faults = createFaultInjector({
      ...DEFAULT_SIM_CONFIG.faults,
      serverErrorEvery: 5,
      serverErrorBurst: 2,
      rateLimitEvery: 3,
    });
    const decisions = Array.from({ length: 10 }, () => faults.next('/public/assets'));
    // 5xx: the last 2 of every block of 5 (requests 4, 5, 9, 10); 429: every 3rd (3, 6, 9)
    expect(decisions.map((d) => (d.serverError ? 'E' : '.')).join('')).toBe('...EE...EE');
    expect(decisions.map((d) => (d.rateLimited ? 'R' : '.')).join('')).toBe('..R..R..R.');
  });
});
