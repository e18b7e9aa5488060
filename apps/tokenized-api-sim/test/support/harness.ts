import type { ManualClock } from '@basket/tokenized-api';
import {
  DEFAULT_SIM_API_KEY,
  DEFAULT_SIM_CONFIG,
  DEFAULT_WHITELISTED_WALLET,
  type FaultConfig,
  type RunningSimulator,
  type SimulatorConfig,
  startSimulator,
} from '../../src/index.ts';

/** Monday 2025-01-06 10:00 ET: every trading window is open. */
export const MARKET_OPEN = Date.UTC(2025, 0, 6, 15, 0, 0);
/** Saturday 2025-01-11 12:00 ET: only `Always` assets trade. */
export const WEEKEND = Date.UTC(2025, 0, 11, 17, 0, 0);
export const KEY = DEFAULT_SIM_API_KEY;
export const WALLET = DEFAULT_WHITELISTED_WALLET;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A clock the test sets by hand. */
export function settableClock(start = MARKET_OPEN) {
  let now = start;
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Starts a quiet simulator on an ephemeral loopback port. */
export function startTestSim(
  overrides: Partial<Omit<SimulatorConfig, 'faults'>> & { faults?: Partial<FaultConfig> } = {},
  clock: { now(): number } = settableClock(),
  newQuoteId?: () => string,
): Promise<RunningSimulator> {
  const { faults, ...rest } = overrides;
  return startSimulator(
    {
      ...DEFAULT_SIM_CONFIG,
      port: 0,
      logRequests: false,
      anchorMs: MARKET_OPEN,
      ...rest,
      faults: { ...DEFAULT_SIM_CONFIG.faults, ...faults },
    },
    { clock, ...(newQuoteId ? { newQuoteId } : {}) },
  );
}

/** Raw HTTP against the simulator (loopback only). */
export async function call(
  sim: RunningSimulator,
  path: string,
  init: { method?: string; key?: string | null; body?: unknown; contentType?: string } = {},
): Promise<{ status: number; json: unknown; headers: Headers; text: string }> {
  const headers: Record<string, string> = {};
  if (init.key !== null) headers['X-API-Key'] = init.key ?? KEY;
  if (init.body !== undefined) headers['Content-Type'] = init.contentType ?? 'application/json';
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, headers: response.headers, text };
}

/** Counter-based quote ids, for readable assertions. */
export function sequentialIds(prefix = 'q_sim_') {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/**
 * Drives a client on a manual clock while real loopback I/O runs: waits in real time for the
 * client to schedule a backoff/Retry-After sleep (any pending sleep other than the request
 * timeout) and fires it, until `promise` settles.
 */
export async function driveRetries<T>(
  clock: ManualClock,
  promise: Promise<T>,
  timeoutMs = 5_000,
): Promise<T> {
  let settled = false;
  const tracked = promise.finally(() => {
    settled = true;
  });
  tracked.catch(() => {});
  for (let i = 0; i < 2_000 && !settled; i++) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const retry = clock.pending().find((p) => p.ms !== timeoutMs);
    if (retry !== undefined) await clock.advance(retry.dueAt - clock.now());
  }
  return tracked;
}

export const rfqBody = (overrides: Record<string, unknown> = {}) => ({
  symbol: 'AAPLx',
  side: 'Buy',
  cashAmount: '2500.00',
  paymentWalletIdentifier: WALLET,
  receivingWalletIdentifier: WALLET,
  ...overrides,
});
