/**
 * Metrics the alert rules and the dashboard select that no service exports yet. Each is
 * documented in docs/operations.md ("Assumed metric names") with the service that should
 * export it; the monitoring test allows exactly these beyond what the sources declare, and
 * fails when a service has come to export one (it is then no longer assumed).
 */
export const ASSUMED_METRICS: readonly string[] = Object.freeze([]);
