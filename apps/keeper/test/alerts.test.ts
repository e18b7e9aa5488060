import { createLogger, createMetrics } from '@basket/service-kit';
import {
  createManualClock,
  createServerErrorMonitor,
  noopLogger,
  SERVER_ERROR_ALERT_AFTER_MS,
} from '@basket/tokenized-api';
import { describe, expect, it } from 'vitest';
import { apiOutageSink, createAlerter } from '../src/service/alerts.ts';
import { keeperMetrics } from '../src/service/keeper-metrics.ts';

describe('alerts by SKU', () => {
  it('labels each alert with the configured SKU it concerns, every SKU of a shared stock, or "" for keeper-wide ones', async () => {
    const m = keeperMetrics(createMetrics('keeper_alerts_test'));
    const alert = createAlerter(createLogger({ name: 't', level: 'silent' }), m, [
      'TECH6',
      'BROAD20',
    ]);
    alert('nav-stale', 'critical', 'TECH6 stale', { sku: 'TECH6' });
    alert('nav-stale', 'critical', 'TECH6 stale', { sku: 'TECH6' });
    alert('severe-corporate-action', 'critical', 'AAPLx split', { skus: ['TECH6', 'BROAD20'] });
    alert('api-5xx-persisting', 'critical', 'API down');
    // A SKU the config does not name never becomes a label value (bounded cardinality).
    alert('issuer-power-used', 'critical', 'odd', { sku: 'NOT-A-SKU' });
    const values = (await m.alerts.get()).values.map((v) => ({
      kind: v.labels.kind,
      sku: v.labels.sku,
      n: v.value,
    }));
    expect(values).toEqual(
      expect.arrayContaining([
        { kind: 'nav-stale', sku: 'TECH6', n: 2 },
        { kind: 'severe-corporate-action', sku: 'TECH6', n: 1 },
        { kind: 'severe-corporate-action', sku: 'BROAD20', n: 1 },
        { kind: 'api-5xx-persisting', sku: '', n: 1 },
        { kind: 'issuer-power-used', sku: '', n: 1 },
      ]),
    );
    expect(values).toHaveLength(5);
  });
});

describe('API outage gauge (keeper_api_5xx_persisting)', () => {
  it('is 1 from the moment 5xx answers have persisted 5 minutes until an answer below 500, the alert raised once', async () => {
    // Given the API client's own outage monitor feeding the keeper's sink, on a manual clock
    const m = keeperMetrics(createMetrics('keeper_outage_test'));
    const alert = createAlerter(createLogger({ name: 't', level: 'silent' }), m, ['TECH6']);
    const clock = createManualClock();
    const monitor = createServerErrorMonitor({
      clock,
      logger: noopLogger,
      sink: apiOutageSink(alert, createLogger({ name: 't', level: 'silent' }), m),
    });
    const gauge = async () => (await m.api5xxPersisting.get()).values[0]?.value;
    const raised = async () =>
      (await m.alerts.get()).values.find((v) => v.labels.kind === 'api-5xx-persisting')?.value ?? 0;
    expect(await gauge()).toBe(0);

    // When 5xx answers last exactly the threshold: not yet
    monitor.recordServerError(503, 'getPrice');
    await clock.advance(SERVER_ERROR_ALERT_AFTER_MS);
    monitor.recordServerError(503, 'getPrice');
    expect(await gauge()).toBe(0);

    // When one more arrives past it: set, and the alert raised
    await clock.advance(1);
    monitor.recordServerError(502, 'getPrice');
    await Promise.resolve();
    expect(await gauge()).toBe(1);
    expect(await raised()).toBe(1);

    // Then 20 minutes on, still down: still set (the counter's increase would have cleared)
    for (let i = 0; i < 20; i++) {
      await clock.advance(60_000);
      monitor.recordServerError(503, 'getNavInputs');
    }
    expect(await gauge()).toBe(1);
    expect(await raised()).toBe(1);

    // When the API answers below 500: cleared
    monitor.recordHealthyResponse();
    await Promise.resolve();
    expect(await gauge()).toBe(0);

    // And a second outage sets it again and raises a second alert
    monitor.recordServerError(500, 'getPrice');
    await clock.advance(SERVER_ERROR_ALERT_AFTER_MS + 1);
    monitor.recordServerError(500, 'getPrice');
    await Promise.resolve();
    expect(await gauge()).toBe(1);
    expect(await raised()).toBe(2);
  });
});
