// The short soak in npm test: a fixed seed, every fault kind once (compatible kinds injected
// together, to keep it near three minutes), on a world of its own
// (validator, Postgres, every service under npm start's supervisor behind the fault proxy).
// What it asserts is read from the chain: nothing lost, nothing doubled, books equal balances,
// every fault detected where it must be and recovered, redemption claims paid, reward claims on
// chain once, NAV moves beyond the deviation cap approved by the soak's operator. The long run
// is `npm run soak` (docs/reliability.md).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatSoakSummary, formatSoakTable } from '../src/report.ts';
import { FAULT_KINDS } from '../src/schedule.ts';
import { runSoak, type SoakResult } from '../src/soak.ts';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('short soak', () => {
  it('every fault kind once (seed 7): lost 0, doubled 0, books equal balances, verdict pass', async () => {
    dir = await mkdtemp(join(tmpdir(), 'basket-soak-test-'));
    const lines: string[] = [];
    let result: SoakResult | null = null;
    try {
      result = await runSoak({
        minutes: 1.5,
        seed: 7,
        compact: true,
        dir,
        say: (l) => lines.push(l),
        progress: () => {},
      });
    } finally {
      // On a failure the run's own words say why.
      if (result?.verdict !== 'pass') console.log(lines.join('\n'));
    }
    const summary = `${formatSoakTable(result)}\n${formatSoakSummary(result)}`;
    expect(new Set(result.faults.map((f) => f.kind)), summary).toEqual(new Set(FAULT_KINDS));
    expect(result.events.eventsOnChain, summary).toBeGreaterThan(0);
    expect(result.events.lost, summary).toBe(0);
    expect(result.events.doubled, summary).toBe(0);
    expect(result.keeper.doubled, summary).toBe(0);
    expect(result.books.differing, summary).toEqual([]);
    expect(result.reasons, summary).toEqual([]);
    expect(result.verdict).toBe('pass');
    // A ceiling, not a timing: under load the world's start and the end's settling (the payer's
    // runs, while they pay, 20 minutes at most) stretch the run well past its 1.5 minutes of faults.
  }, 2_400_000);
});
