// The soak's pure parts, without a world: options, the seeded schedule, trading days, the
// metrics reader, and the chain-side comparisons on made-up transactions.
import { describe, expect, it } from 'vitest';
import type { ChainTransaction } from '../src/chain-scan.ts';
import { eventsIndexedOnce, keeperActionsOnce } from '../src/checks.ts';
import { parseSoakOptions, SoakOptionError } from '../src/options.ts';
import { seeded } from '../src/random.ts';
import { FAULT_KINDS, faultSchedule } from '../src/schedule.ts';
import { sumOf } from '../src/signals.ts';
import { nextTradingOpen } from '../src/trading-days.ts';

const tx = (
  signature: string,
  slot: bigint,
  over: Partial<ChainTransaction> = {},
): ChainTransaction => ({
  signature,
  slot,
  ok: true,
  feePayer: 'user',
  events: [],
  fingerprint: `fp-${signature}`,
  ...over,
});
const fakeEvents = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe('options', () => {
  it('reads --minutes, --seed and --help; refuses what it does not know', () => {
    expect(parseSoakOptions(['--minutes', '2.5', '--seed', '9'])).toMatchObject({
      minutes: 2.5,
      seed: 9,
      help: false,
    });
    expect(parseSoakOptions(['--help']).help).toBe(true);
    expect(() => parseSoakOptions(['--minutes', '0'])).toThrow(SoakOptionError);
    expect(() => parseSoakOptions(['--seed'])).toThrow(/--seed needs a value/);
    expect(() => parseSoakOptions(['--fast'])).toThrow(/unknown option --fast/);
  });
});

describe('fault schedule', () => {
  it('holds every kind at least once, in order of time, the same for the same seed', () => {
    for (const minutes of [3, 10, 60]) {
      const plan = faultSchedule(seeded(1), minutes * 60_000).flatMap((s) => s.faults);
      expect(new Set(plan.map((f) => f.kind))).toEqual(new Set(FAULT_KINDS));
      for (let i = 1; i < plan.length; i += 1)
        expect(plan[i]?.atMs).toBeGreaterThan(plan[i - 1]?.atMs as number);
      expect(plan.at(-1)?.atMs).toBeLessThan(minutes * 60_000);
    }
    expect(faultSchedule(seeded(4), 600_000)).toEqual(faultSchedule(seeded(4), 600_000));
    expect(faultSchedule(seeded(4), 600_000)).not.toEqual(faultSchedule(seeded(5), 600_000));
    // A long run draws more faults than there are kinds.
    expect(faultSchedule(seeded(1), 60 * 60_000).length).toBeGreaterThan(FAULT_KINDS.length);
  });

  it('compact: every kind exactly once, in groups, never both keepers in one step', () => {
    const steps = faultSchedule(seeded(7), 90_000, { compact: true });
    const kinds = steps.flatMap((s) => s.faults.map((f) => f.kind));
    expect(kinds.length).toBe(FAULT_KINDS.length);
    expect(new Set(kinds)).toEqual(new Set(FAULT_KINDS));
    for (const s of steps) {
      const k = s.faults.map((f) => f.kind);
      expect(k.filter((x) => x.startsWith('kill-keeper')).length).toBeLessThanOrEqual(1);
      if (k.includes('kill-webhook-emitter'))
        expect(k.some((x) => x.startsWith('emitter-'))).toBe(false);
    }
  });
});

describe('trading days', () => {
  it('leaps to the next weekday open at 14:30 UTC', () => {
    expect(new Date(nextTradingOpen(Date.parse('2026-11-27T20:00:00Z'))).toISOString()).toBe(
      '2026-11-30T14:30:00.000Z',
    );
    expect(new Date(nextTradingOpen(Date.parse('2026-12-01T09:00:00Z'))).toISOString()).toBe(
      '2026-12-01T14:30:00.000Z',
    );
  });
});

describe('metrics', () => {
  it('sums every sample of the named counters', () => {
    const text =
      '# HELP x\nkeeper_tx_resends_total{job="a"} 2\nkeeper_tx_resends_total{job="b"} 3\nother 9\n';
    expect(sumOf(text, ['keeper_tx_resends_total'])).toBe(5);
  });
});

describe('events against the indexer', () => {
  const pool = (rows: { signature: string; n: number; slot: string }[]) =>
    ({ query: async () => ({ rows }) }) as never;
  it('counts lost, doubled and phantom events per transaction, up to the slot', async () => {
    const chain = new Map([
      ['a', tx('a', 10n, { events: fakeEvents(2) })],
      ['b', tx('b', 11n, { events: fakeEvents(1) })],
      ['c', tx('c', 50n, { events: fakeEvents(3) })],
    ]);
    const r = await eventsIndexedOnce(
      chain,
      pool([
        { signature: 'a', n: 2, slot: '10' },
        { signature: 'x', n: 1, slot: '12' },
      ]),
      20n,
    );
    expect(r).toMatchObject({ eventsOnChain: 3, eventsIndexed: 3, lost: 1, doubled: 1 });
  });
});

describe('keeper actions on chain', () => {
  it('a superseded version that landed next to its twin is an action landed twice', () => {
    const chain = new Map([
      ['v1', tx('v1', 100n, { feePayer: 'K', fingerprint: 'push' })],
      ['v2', tx('v2', 260n, { feePayer: 'K', fingerprint: 'push' })],
      // The same instructions a day later, each recorded by its own action: not twice.
      ['d1', tx('d1', 1_000n, { feePayer: 'K', fingerprint: 'refresh' })],
      ['d2', tx('d2', 9_000n, { feePayer: 'K', fingerprint: 'refresh' })],
    ]);
    const r = keeperActionsOnce(chain, 'K', 0n, new Set(['v2', 'd1', 'd2']));
    expect(r).toMatchObject({ landed: 4, doubled: 1 });
    expect(keeperActionsOnce(chain, 'K', 0n, new Set(['v1', 'v2', 'd1', 'd2'])).doubled).toBe(0);
  });
});
