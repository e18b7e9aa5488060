/**
 * Metrics the alert rules and the dashboard select that no service exports yet. Each is
 * documented in docs/operations.md ("Assumed metric names") with the service that should
 * export it; the monitoring test allows exactly these beyond what the sources declare.
 */
export const ASSUMED_METRICS = Object.freeze([
  // The keeper's rebalance job knows the vault's rebalance_loss_usd and the daily cap.
  'keeper_rebalance_loss_budget_used_ratio',
] as const);
