// What the trading day measured, per step and SKU, the table printed after each step, and the
// verdict: fresh (every NAV age the keeper let happen stayed below the staleness window of its
// moment) and on target (after each rebalance pass in market hours, when every route is open,
// the largest drift from the target weights, over the assets the vault can trade, is below the
// keeper's rebalance threshold; frozen or halted assets are listed, not judged).

export type SkuStepRow = Readonly<{
  step: string;
  wall: string;
  skuId: string;
  marketOpen: boolean;
  /** The largest NAV age seen before a push (s), and the staleness window then (s). */
  navAgeMaxSecs: number;
  staleWindowSecs: number;
  /**
   * Largest drift (bps of the investable value) over the assets the vault can trade, before
   * and after the rebalance pass; and after it over every asset, frozen ones included.
   */
  driftBeforeBps: number;
  driftAfterBps: number;
  driftAfterAllBps: number;
  /** Assets the snapshot marks frozen or halted after the pass: no leg of them can land. */
  frozen: readonly string[];
  /** Legs landed by route, skipped (null: not measured, attached to served keepers), failed. */
  legs: Readonly<{ rfq: number; aggregator: number; skipped: number | null; failed: number }>;
  alerts: readonly string[];
}>;

export type DayVerdict = Readonly<{
  fresh: boolean;
  onTarget: boolean;
  /** The facts the verdict rests on. */
  reasons: readonly string[];
}>;

/**
 * The verdict from the measured rows.
 *
 * @example
 * dayVerdict(rows, { driftThresholdBps: 100 }).fresh; // true when every age < window
 */
export function dayVerdict(
  rows: readonly SkuStepRow[],
  options: { driftThresholdBps: number },
): DayVerdict {
  const reasons: string[] = [];
  for (const r of rows) {
    if (r.navAgeMaxSecs >= r.staleWindowSecs) {
      reasons.push(`${r.skuId} ${r.step}: NAV age ${r.navAgeMaxSecs} s >= ${r.staleWindowSecs} s`);
    }
  }
  const fresh = reasons.length === 0;
  const inHours = rows.filter((r) => r.marketOpen);
  for (const r of inHours) {
    if (r.driftAfterBps >= options.driftThresholdBps) {
      reasons.push(
        `${r.skuId} ${r.step}: drift ${r.driftAfterBps} bps >= ${options.driftThresholdBps} after the pass`,
      );
    }
  }
  if (inHours.length === 0) reasons.push('no rebalance pass in market hours');
  const frozen = [...new Set(rows.flatMap((r) => r.frozen.map((f) => `${r.skuId} ${f}`)))];
  if (frozen.length > 0) reasons.push(`not judged (frozen or halted): ${frozen.join(', ')}`);
  const onTarget = inHours.length > 0 && !reasons.some((x) => / drift /.test(x));
  return { fresh, onTarget, reasons };
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

/**
 * The step's table (one line per SKU), as markdown.
 *
 * @example
 * console.log(formatStepTable(rows));
 */
export function formatStepTable(rows: readonly SkuStepRow[]): string {
  const head =
    '| step | chain time | SKU | NAV age max / window (s) | drift before -> after (bps) | all assets after (bps) | frozen | legs rfq / aggregator / skipped / failed | alerts |';
  const sep = '|---|---|---|---:|---:|---:|---|---:|---|';
  const lines = rows.map(
    (r) =>
      `| ${pad(r.step, 11)} | ${r.wall} | ${pad(r.skuId, 7)} | ${r.navAgeMaxSecs} / ${r.staleWindowSecs} | ${r.driftBeforeBps} -> ${r.driftAfterBps} | ${r.driftAfterAllBps} | ${r.frozen.length ? r.frozen.join(' ') : '-'} | ${r.legs.rfq} / ${r.legs.aggregator} / ${r.legs.skipped ?? '-'} / ${r.legs.failed} | ${r.alerts.length ? r.alerts.join(', ') : '-'} |`,
  );
  return [head, sep, ...lines].join('\n');
}

/**
 * The verdict as printed at the end.
 *
 * @example
 * formatVerdict(verdict); // 'verdict: fresh yes, on target yes'
 */
export function formatVerdict(v: DayVerdict): string {
  const yes = (b: boolean) => (b ? 'yes' : 'no');
  const why = v.reasons.length ? `\n  ${v.reasons.join('\n  ')}` : '';
  return `verdict: fresh ${yes(v.fresh)}, on target ${yes(v.onTarget)}${why}`;
}
