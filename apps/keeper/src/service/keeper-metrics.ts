// The keeper's Prometheus metrics (names in docs/keeper.md; the alert rules read them).
import type { Metrics } from '@basket/service-kit';

/**
 * @example
 * const m = keeperMetrics(metrics);
 * m.jobRuns.inc({ job: 'nav-push', outcome: 'ok' });
 */
export function keeperMetrics(metrics: Metrics) {
  return {
    jobRuns: metrics.counter('job_runs_total', 'Job runs by outcome', ['job', 'outcome']),
    jobLatency: metrics.histogram(
      'job_duration_seconds',
      'Job run time',
      ['job'],
      [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    ),
    jobLastSuccess: metrics.gauge(
      'job_last_success_timestamp_seconds',
      'Unix time of the last successful run',
      ['job'],
    ),
    navAge: metrics.gauge('nav_age_seconds', 'Age of the on-chain snapshot at the last check', [
      'sku',
    ]),
    navMaxStale: metrics.gauge('nav_max_stale_seconds', 'MAX_STALE_SECS in force', ['sku']),
    pushWithoutRefresh: metrics.counter(
      'push_without_refresh_total',
      'A snapshot push not followed by refresh_nav',
      ['sku'],
    ),
    navForeignPushes: metrics.counter(
      'nav_foreign_pushes_total',
      'NAV snapshot sequences published by a push the keeper did not make (decision 0997)',
      ['sku'],
    ),
    leader: metrics.gauge('leader', '1 while this replica holds the leader lease'),
    leaderToken: metrics.gauge('leader_token', 'Fencing token of the lease this replica holds'),
    leaderChanges: metrics.counter('leader_changes_total', 'Leadership gained or lost'),
    alerts: metrics.counter(
      'alerts_total',
      'Alerts raised; sku is a configured SKU the alert concerns, "" for keeper-wide ones',
      ['kind', 'severity', 'sku'],
    ),
    api5xxPersisting: metrics.gauge(
      'api_5xx_persisting',
      '1 while the tokenized-asset API has answered 5xx for over 5 minutes (until an answer below 500)',
    ),
    txSent: metrics.counter('transactions_sent_total', 'Transactions confirmed', ['job']),
    rpcCalls: metrics.counter('rpc_calls_total', 'JSON-RPC calls', ['method']),
    rebalanceFailures: metrics.counter('rebalance_failures_total', 'Rebalance legs that failed', [
      'sku',
      'route',
    ]),
    rebalanceRefused: metrics.counter(
      'rebalance_refused_total',
      'Rebalance legs refused for price (beyond max_slip_bps on every route); they cool down',
      ['sku'],
    ),
    rebalanceRefusedFor: metrics.gauge(
      'rebalance_refused_for_seconds',
      "How long a SKU's longest run of price refusals has lasted (0: no leg cooling)",
      ['sku'],
    ),
    driftBps: metrics.gauge('drift_bps', 'Largest absolute drift of a vault', ['sku']),
    driftLeft: metrics.counter(
      'drift_left_total',
      'Scans that left an asset beyond the threshold, by reason (decisions/drift-correction.ts)',
      ['sku', 'reason'],
    ),
    lossBudgetUsed: metrics.gauge(
      'rebalance_loss_budget_used_ratio',
      "Share of the vault's daily rebalance loss budget (max_slip_bps of NAV) spent today",
      ['sku'],
    ),
    rebalanceLegs: metrics.counter('rebalance_legs_total', 'Rebalance legs landed', [
      'sku',
      'route',
    ]),
    redemptionClaimsOpen: metrics.gauge('redemption_claims_open', 'Open redemption claims', [
      'sku',
    ]),
    redemptionSlotsOwed: metrics.gauge(
      'redemption_slots_owed',
      'Asset slots (and cash, as one) still owed by open redemption claims',
      ['sku'],
    ),
    redemptionOldestOwed: metrics.gauge(
      'redemption_oldest_owed_seconds',
      "Age of the oldest open redemption claim at the chain's time (0: none)",
      ['sku'],
    ),
    redemptionClaimsOverdue: metrics.gauge(
      'redemption_claims_overdue',
      'Open redemption claims owing for longer than KEEPER_REDEMPTION_OWED_ALERT_SECONDS',
      ['sku'],
    ),
    redemptionPayments: metrics.counter(
      'redemption_payments_total',
      'pay_redemption transactions by the redemption payer, by outcome',
      ['sku', 'outcome'],
    ),
  };
}

export type KeeperMetrics = ReturnType<typeof keeperMetrics>;
