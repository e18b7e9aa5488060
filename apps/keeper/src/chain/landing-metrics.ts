// Metrics of landing transactions (names in docs/keeper.md): time to land per job (a histogram:
// p50/p99 per job are histogram_quantile(0.5 | 0.99, ...) over it), priority fee paid per job,
// re-sends, rebuilt versions and expiries, and per-endpoint RPC errors and health. A send that
// took longer than the configured threshold raises the `slow-landing` alert.

import type { EndpointEvent, RpcPool } from '@basket/sdk';
import type { Metrics } from '@basket/service-kit';
import type { Alerter } from '../service/alerts.ts';
import type { LandingOptions } from './fenced-send.ts';

/**
 * @example
 * const landing = landingMetrics(metrics);
 * landing.endpointErrors.inc({ endpoint: 'rpc0:127.0.0.1:8899', kind: 'rate-limited' });
 */
export function landingMetrics(metrics: Metrics) {
  return {
    landingSeconds: metrics.histogram(
      'tx_landing_seconds',
      'From the first send of an action to its confirmation, by job',
      ['job'],
      [0.5, 1, 2, 4, 8, 15, 30, 60, 90, 150],
    ),
    feePaid: metrics.counter(
      'tx_priority_fee_lamports_total',
      'Priority fees of landed transactions (lamports), by job',
      ['job'],
    ),
    resends: metrics.counter('tx_resends_total', 'Re-sends of a signed transaction, by job', [
      'job',
    ]),
    rebuilds: metrics.counter(
      'tx_rebuilds_total',
      'Versions rebuilt on a new blockhash after the previous expired, by job',
      ['job'],
    ),
    expiries: metrics.counter(
      'tx_expired_total',
      'Actions whose every version expired without landing, by job',
      ['job'],
    ),
    sendErrors: metrics.counter('tx_send_errors_total', 'Failed sendTransaction calls, by job', [
      'job',
    ]),
    endpointErrors: metrics.counter(
      'rpc_endpoint_errors_total',
      'Retryable RPC failures per endpoint (rate-limited, server-error, network, circuit-open)',
      ['endpoint', 'kind'],
    ),
    endpointHealthy: metrics.gauge(
      'rpc_endpoint_healthy',
      '1 while the endpoint takes calls (breaker closed, no Retry-After pause)',
      ['endpoint'],
    ),
  };
}

export type LandingMetrics = ReturnType<typeof landingMetrics>;

/**
 * The fenced sender's metric and alert hooks.
 *
 * @example
 * createFencedSender({ ..., landing: { ...landingHooks(lm, alert, 30), capLamports, resendIntervalMs, maxVersions } });
 */
export function landingHooks(
  m: LandingMetrics,
  alert: Alerter,
  alertSeconds: number,
): Pick<LandingOptions, 'onLanded' | 'onExpired' | 'onSendError'> {
  return {
    onLanded(job, landed) {
      m.landingSeconds.observe({ job }, landed.elapsedMs / 1_000);
      m.feePaid.inc({ job }, Number(landed.priorityLamports));
      m.resends.inc({ job }, landed.resends);
      m.rebuilds.inc({ job }, landed.versions - 1);
      if (landed.elapsedMs > alertSeconds * 1_000) {
        alert(
          'slow-landing',
          'warning',
          `${job}: a transaction took ${Math.round(landed.elapsedMs / 1_000)} s to land (threshold ${alertSeconds} s)`,
          { job, ms: landed.elapsedMs, resends: landed.resends, versions: landed.versions },
        );
      }
    },
    onExpired(job) {
      m.expiries.inc({ job });
    },
    onSendError(job) {
      m.sendErrors.inc({ job });
    },
  };
}

/**
 * Counts an endpoint event and refreshes every endpoint's health gauge.
 *
 * @example
 * const { rpc, pool } = createLimitedRpc(endpoints, limits, onCall, { onEndpointEvent: (e) => onEndpointEvent(lm, e) });
 */
export function onEndpointEvent(m: LandingMetrics, event: EndpointEvent): void {
  m.endpointErrors.inc({ endpoint: event.endpoint, kind: event.kind });
}

/**
 * Sets the health gauge from the pool (on each scrape-sized tick).
 *
 * @example
 * periodic(async () => recordEndpointHealth(lm, pool), 5_000, onError);
 */
export function recordEndpointHealth(m: LandingMetrics, pool: RpcPool): void {
  for (const h of pool.health()) m.endpointHealthy.set({ endpoint: h.endpoint }, h.healthy ? 1 : 0);
}
