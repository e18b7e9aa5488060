// Alerts: one structured error line per alert (kind, severity, what to do) and a counter the
// Prometheus rules page on. The runbook for each kind is in docs/keeper.md.
import type { Logger } from '@basket/service-kit';
import type { KeeperMetrics } from './keeper-metrics.ts';

/** Every alert the keeper raises itself (the rest are Prometheus rules over its metrics). */
export type AlertKind =
  | 'nav-stale'
  | 'push-without-refresh'
  | 'severe-corporate-action'
  | 'rebalance-failed'
  | 'api-5xx-persisting'
  | 'issuer-power-used'
  | 'swap-pre-commit-refused'
  | 'multiplier-mismatch';

export type Alerter = (
  kind: AlertKind,
  severity: 'critical' | 'warning',
  message: string,
  fields?: Record<string, unknown>,
) => void;

/**
 * @example
 * const alert = createAlerter(logger, metrics);
 * alert('nav-stale', 'critical', 'TECH6 would be stale before the next push', { sku: 'TECH6' });
 */
export function createAlerter(logger: Logger, metrics: KeeperMetrics): Alerter {
  return (kind, severity, message, fields = {}) => {
    metrics.alerts.inc({ kind, severity });
    logger.error({ alert: kind, severity, ...fields }, message);
  };
}
