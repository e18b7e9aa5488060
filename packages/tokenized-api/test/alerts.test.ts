import { describe, expect, it } from 'vitest';
import {
  type AlertSink,
  createManualClock,
  createTokenizedApiClient,
  type TokenizedApiAlert,
} from '../src/index.ts';
import { systemStatus } from './support/fixtures.ts';
import { BASE_URL, capturingLogger, type Reply, scriptedFetch } from './support/scripted-fetch.ts';

function setup(reply: () => Reply, sink?: AlertSink) {
  const clock = createManualClock();
  const alerts: TokenizedApiAlert[] = [];
  const { logger, lines } = capturingLogger();
  const { fetch } = scriptedFetch(clock, () => reply());
  const client = createTokenizedApiClient({
    baseUrl: BASE_URL,
    fetch,
    clock,
    logger,
    alertSink: sink ?? { send: (alert) => void alerts.push(alert) },
    retry: { maxAttempts: 1 },
  });
  const poll = () => client.getSystemStatus('AAPLx').catch(() => null);
  return { clock, alerts, poll, lines };
}

describe('persistent 5xx alert', () => {
  it('raises one alert when 5xx answers persist more than 5 minutes, and a resolved one after', async () => {
    // Given an upstream failing with 503, polled every 60 s
    let reply: Reply = { status: 503 };
    const { clock, alerts, poll } = setup(() => reply);
    // When 5 minutes of failures pass / Then no alert yet (not *more* than 5 minutes)
    for (let i = 0; i <= 5; i++) {
      await poll();
      if (i < 5) await clock.advance(60_000);
    }
    expect(alerts).toHaveLength(0);
    // When one more failure arrives past 5 minutes / Then exactly one critical alert
    await clock.advance(1);
    await poll();
    await poll();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: 'upstream-server-errors-persisting',
      lastStatus: 503,
      count: 7,
    });
    // When the upstream recovers / Then one resolved alert
    reply = { status: 200, body: systemStatus };
    await poll();
    await poll();
    expect(alerts.map((a) => a.kind)).toEqual([
      'upstream-server-errors-persisting',
      'upstream-server-errors-resolved',
    ]);
  });

  it('does not alert when a healthy answer interrupts the 5xx streak', async () => {
    let n = 0;
    const { clock, alerts, poll } = setup(() =>
      n++ % 4 === 3 ? { status: 200, body: systemStatus } : { status: 502 },
    );
    for (let i = 0; i < 20; i++) {
      await poll();
      await clock.advance(60_000);
    }
    expect(alerts).toHaveLength(0);
  });

  it('counts retried attempts, so a single slow-failing call can raise it', async () => {
    const clock = createManualClock();
    const alerts: TokenizedApiAlert[] = [];
    const { fetch } = scriptedFetch(clock, [{ status: 500 }]);
    const client = createTokenizedApiClient({
      baseUrl: BASE_URL,
      fetch,
      clock,
      alertSink: { send: (a) => void alerts.push(a) },
      retry: { maxAttempts: 3, initialDelayMs: 200_000, maxDelayMs: 200_000 },
      random: () => 0.5,
    });
    await clock.runUntilSettled(client.getSystemStatus('AAPLx').catch(() => null));
    expect(alerts).toHaveLength(1);
  });

  it('keeps serving requests when the alert sink throws', async () => {
    const { clock, poll, lines } = setup(() => ({ status: 503 }), {
      send: () => {
        throw new Error('pager down');
      },
    });
    await poll();
    await clock.advance(5 * 60_000 + 1);
    await expect(poll()).resolves.toBeNull();
    expect(lines.some((l) => l.message === 'tokenized-api alert sink failed')).toBe(true);
  });
});
