// Alerts: one structured error line per alert (kind, severity, what to do) and a counter the
// Prometheus rules page on. Rules: ops/monitoring/alerts.yaml; each kind's rule and runbook are
// listed in docs/keeper.md ("Alerts and runbooks").
import type { Logger } from '@basket/service-kit';
import type { AlertSink } from '@basket/tokenized-api';
import type { KeeperMetrics } from './keeper-metrics.ts';

/**
 * Every alert the keeper raises itself (the rest are Prometheus rules over its metrics: failed
 * legs, for one, are `keeper_rebalance_failures_total`).
 */
export type AlertKind =
  | 'nav-stale'
  | 'nav-deviation-approval'
  | 'nav-foreign-push'
  | 'push-without-refresh'
  | 'severe-corporate-action'
  | 'rfq-unconfirmed'
  | 'api-5xx-persisting'
  | 'issuer-power-used'
  | 'swap-pre-commit-refused'
  | 'multiplier-mismatch'
  | 'redemption-owed'
  | 'transaction-refused'
  | 'slow-landing';

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

/**
 * The tokenized-asset API client's alert sink. The client reports an outage once when its 5xx
 * answers have lasted over 5 minutes and once when an answer below 500 ends it; the alert is
 * raised on the first, and `keeper_api_5xx_persisting` is held at 1 from the first to the
 * second, so a rule on the gauge fires for as long as the outage lasts (a rule on the alert
 * counter's increase would clear 10 minutes in, API still down).
 *
 * @example
 * createTokenizedApiClient({ baseUrl, alertSink: apiOutageSink(alert, logger, m) });
 */
export function apiOutageSink(alert: Alerter, logger: Logger, metrics: KeeperMetrics): AlertSink {
  metrics.api5xxPersisting.set(0);
  return {
    send: (a) => {
      const since = a.firstSeenAt.toISOString();
      if (a.kind === 'upstream-server-errors-persisting') {
        metrics.api5xxPersisting.set(1);
        alert(
          'api-5xx-persisting',
          'critical',
          'the tokenized-asset API has answered 5xx for over 5 minutes',
          { since, count: a.count },
        );
      } else {
        metrics.api5xxPersisting.set(0);
        logger.info({ since, count: a.count }, 'tokenized-asset API recovered');
      }
    },
  };
}
