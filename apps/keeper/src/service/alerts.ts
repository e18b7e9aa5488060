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
 * The SKUs an alert concerns, for the counter's `sku` label: its `sku` field, or each of its
 * `skus` (a corporate action on a stock several SKUs hold), kept to the configured SKUs so the
 * label's values stay bounded; none: the keeper-wide value "".
 */
function skusOf(fields: Record<string, unknown>, configured: ReadonlySet<string>): string[] {
  const named = [fields.sku, ...(Array.isArray(fields.skus) ? fields.skus : [])].filter(
    (s): s is string => typeof s === 'string' && configured.has(s),
  );
  return named.length > 0 ? [...new Set(named)] : [''];
}

/**
 * @example
 * const alert = createAlerter(logger, metrics, ['TECH6', 'BROAD20']);
 * alert('nav-stale', 'critical', 'TECH6 would be stale before the next push', { sku: 'TECH6' });
 */
export function createAlerter(
  logger: Logger,
  metrics: KeeperMetrics,
  skuIds: readonly string[],
): Alerter {
  const configured = new Set(skuIds);
  return (kind, severity, message, fields = {}) => {
    for (const sku of skusOf(fields, configured)) metrics.alerts.inc({ kind, severity, sku });
    logger.error({ alert: kind, severity, ...fields }, message);
  };
}
