// The soak's table and verdict for people, and bench/results/soak.json for machines.
import type { SoakResult } from './soak.ts';

const clock = (t0: number, t: number | null) =>
  t === null ? '-' : `+${((t - t0) / 1000).toFixed(1)} s`;

/**
 * @example
 * console.log(formatSoakTable(result));
 */
export function formatSoakTable(result: SoakResult): string {
  const t0 = result.faults[0]?.injectedAt ?? 0;
  const header = [
    'fault',
    'target',
    'injected at',
    'detected at',
    'recovered at',
    'lost',
    'doubled',
  ];
  const rows = result.faults.map((f) => [
    f.kind,
    f.target.slice(0, 44),
    clock(t0, f.injectedAt),
    f.expects === null
      ? 'n/a (tolerated)'
      : f.detectedAt === null
        ? 'NOT DETECTED'
        : clock(t0, f.detectedAt),
    f.recoveredAt === null ? 'NOT RECOVERED' : clock(t0, f.recoveredAt),
    String(f.lost),
    String(f.doubled),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r[i] as string).length)),
  );
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * @example
 * console.log(formatSoakSummary(result));
 */
export function formatSoakSummary(result: SoakResult): string {
  const u = Object.entries(result.users)
    .map(([a, t]) => `${a} ${t.landed}/${t.landed + t.refused}`)
    .join(', ');
  const lines = [
    `events: ${result.events.eventsOnChain} on chain, ${result.events.eventsIndexed} indexed, lost ${result.events.lost}, doubled ${result.events.doubled}`,
    `keeper: ${result.keeper.landed} transactions landed, ${result.keeper.doubled} action(s) twice`,
    `books: ${result.books.checked} books checked, ${result.books.differing.length} differ from balances`,
    `requests: ${result.requests.requested} requested, ${result.requests.fulfilled} fulfilled, ${result.requests.cancelled} cancelled; claims: ${result.requests.claimsBegun} begun, ${result.requests.claimsPaid} payments; open now: ${result.requests.open.length} (overdue without alert: ${result.requests.openWithoutAlert.length})`,
    `rewards: ${result.rewards.epochsDistributed} epochs distributed, ${result.rewards.staked} stakes, ${result.rewards.unstaked} unstakes, ${result.rewards.claimsLanded} claims landed by users, ${result.rewards.claimsOnChain} on chain, lost ${result.rewards.lost}, doubled ${result.rewards.doubled}`,
    `deviation approvals: ${result.approvals.length} (${result.approvals.map((a) => `${a.sku} ${a.approvedAt === null ? 'not approved' : `in ${Math.round((a.approvedAt - a.alertAt) / 1000)} s`}`).join(', ') || 'none needed'})`,
    `NAV: ${result.nav.samples} samples, ${result.nav.staleInOutage} stale inside declared outages, ${result.nav.violations.length} stale outside`,
    `users (landed/tried): ${u}`,
    `trading days simulated: ${result.tradingDays}; wall ${result.wallSeconds} s`,
    ...result.events.examples.map((e) => `  event difference: ${e}`),
    ...result.keeper.examples.map((e) => `  keeper twice: ${e}`),
    ...result.rewards.examples.map((e) => `  rewards: ${e}`),
    ...result.books.differing
      .slice(0, 5)
      .map((b) => `  book ${b.sku} ${b.what}: book ${b.book}, balance ${b.balance}`),
    `verdict: ${result.verdict.toUpperCase()}${result.reasons.length ? ` (${result.reasons.join('; ')})` : ''}`,
  ];
  return lines.join('\n');
}

/** What bench/results/soak.json holds (bigints as strings). */
export function soakJson(result: SoakResult, recordedAt: Date): unknown {
  return JSON.parse(
    JSON.stringify(
      {
        bench: 'soak',
        recordedAt: recordedAt.toISOString(),
        seed: result.seed,
        minutes: result.minutes,
        wallSeconds: result.wallSeconds,
        faultsInjected: result.faults.length,
        faultKinds: [...new Set(result.faults.map((f) => f.kind))].length,
        eventsOnChain: result.events.eventsOnChain,
        eventsIndexed: result.events.eventsIndexed,
        lost: result.events.lost + result.rewards.lost,
        doubled: result.events.doubled + result.keeper.doubled + result.rewards.doubled,
        keeperTransactionsLanded: result.keeper.landed,
        keeperActionsDoubled: result.keeper.doubled,
        booksEqualBalances: result.books.differing.length === 0,
        requests: result.requests,
        nav: result.nav,
        users: result.users,
        rewards: result.rewards,
        deviationApprovals: result.approvals.map((a) => ({
          sku: a.sku,
          alertAt: new Date(a.alertAt).toISOString(),
          approvedAt: a.approvedAt === null ? null : new Date(a.approvedAt).toISOString(),
        })),
        tradingDays: result.tradingDays,
        faults: result.faults.map((f) => ({
          ...f,
          injectedAt: new Date(f.injectedAt).toISOString(),
          detectedAt: f.detectedAt === null ? null : new Date(f.detectedAt).toISOString(),
          recoveredAt: f.recoveredAt === null ? null : new Date(f.recoveredAt).toISOString(),
        })),
        reasons: result.reasons,
        verdict: result.verdict,
      },
      (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
    ),
  );
}
