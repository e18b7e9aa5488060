import { createLogger, createMetrics } from '@basket/service-kit';
import { describe, expect, it } from 'vitest';
import { createAlerter } from '../src/service/alerts.ts';
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
