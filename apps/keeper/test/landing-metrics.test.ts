// The landing hooks: each landed send is observed per job (time, fee, re-sends, rebuilds), an
// expiry and a send error counted, and a send slower than the threshold raises slow-landing.
import { createMetrics } from '@basket/service-kit';
import { describe, expect, it } from 'vitest';
import { landingHooks, landingMetrics } from '../src/chain/landing-metrics.ts';
import type { Alerter } from '../src/service/alerts.ts';

describe('landing hooks', () => {
  it('observes a landed send per job and alerts only past the threshold', async () => {
    const metrics = createMetrics('keeper_landing_t');
    const alerts: Parameters<Alerter>[] = [];
    const hooks = landingHooks(landingMetrics(metrics), (...a) => alerts.push(a), 30);
    const landed = { priorityLamports: 1_500n, totalLamports: 6_500n, resends: 3, versions: 2 };
    hooks.onLanded?.('nav-push', { ...landed, elapsedMs: 4_000 });
    expect(alerts).toEqual([]);
    hooks.onLanded?.('nav-push', { ...landed, elapsedMs: 31_000 });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.slice(0, 2)).toEqual(['slow-landing', 'warning']);
    hooks.onExpired?.('collect-fees');
    hooks.onSendError?.('collect-fees', new Error('429'));
    const text = await metrics.registry.metrics();
    expect(text).toContain('keeper_landing_t_tx_landing_seconds_count{job="nav-push"} 2');
    expect(text).toContain('keeper_landing_t_tx_priority_fee_lamports_total{job="nav-push"} 3000');
    expect(text).toContain('keeper_landing_t_tx_resends_total{job="nav-push"} 6');
    expect(text).toContain('keeper_landing_t_tx_rebuilds_total{job="nav-push"} 2');
    expect(text).toContain('keeper_landing_t_tx_expired_total{job="collect-fees"} 1');
    expect(text).toContain('keeper_landing_t_tx_send_errors_total{job="collect-fees"} 1');
  });
});
