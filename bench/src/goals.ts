// The compute-unit goals of issue 14 item 5 (spec "Limits"): each names the instruction and
// the rows it applies to (20 assets, the price memo cached), so the bench prints each such
// row beside its goal instead of leaving the comparison to the reader.
import type { CuRecord } from './record.ts';

interface Goal {
  readonly instruction: string;
  /** Which of the instruction's 20-asset rows the goal is about. */
  readonly rows: RegExp;
  readonly computeUnits: number;
}

/** The vault benches' 20-asset baskets: mixed (`vault.bench.ts`) and all-issuer. */
const AT_20 = /^20 (held assets|issuer mints)/;

export const GOALS: readonly Goal[] = [
  { instruction: 'deposit', rows: /cached NAV/, computeUnits: 6_500 },
  { instruction: 'withdraw_usdc', rows: /cached NAV/, computeUnits: 7_500 },
  { instruction: 'refresh_nav', rows: /after a push/, computeUnits: 12_000 },
];

/** Every vault row a goal applies to, with the goal and whether it is met. */
export function goalRows(records: readonly CuRecord[]) {
  return records.flatMap((record) => {
    const goal = GOALS.find(
      (g) =>
        record.program === 'vault' &&
        record.instruction === g.instruction &&
        AT_20.test(record.case) &&
        g.rows.test(record.case),
    );
    if (!goal) return [];
    return [{ record, goal: goal.computeUnits, met: record.computeUnits <= goal.computeUnits }];
  });
}

/** The goals as a markdown table. */
export function goalsTable(records: readonly CuRecord[]): string {
  const lines = ['| instruction | case | compute units | goal | met |', '|---|---|---:|---:|---|'];
  for (const { record, goal, met } of goalRows(records))
    lines.push(
      `| ${record.instruction} | ${record.case} | ${record.computeUnits} | ${goal} | ${met ? 'yes' : '**no**'} |`,
    );
  return lines.join('\n');
}
