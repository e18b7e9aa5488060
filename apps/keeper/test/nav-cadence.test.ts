// The served keeper's push cadence is decided at the chain's time: these chain times are days
// or years away from this machine's clock, and the decision follows them, not the wall clock.
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_MS, MIN_CHECK_MS, navPushTick } from '../src/jobs/nav-cadence.ts';

const at = (iso: string) => Date.parse(iso);
const secs = (iso: string) => Date.parse(iso) / 1000;

describe('navPushTick at the chain time', () => {
  it('in market hours (Monday 2026-11-30 10:00 ET) a 15 s cadence: due at 15 s, not at 10 s', () => {
    const published = secs('2026-11-30T15:00:00Z');
    const early = navPushTick(at('2026-11-30T15:00:10Z'), published);
    expect(early).toMatchObject({ due: false, ageSecs: 10, cadenceSecs: 15 });
    expect(early.nextCheckInMs).toBe(5_000);
    // A push forced now (a freeze push) waits one cadence for the next tick.
    expect(early.afterPushInMs).toBe(15_000);
    const due = navPushTick(at('2026-11-30T15:00:15Z'), published);
    expect(due).toMatchObject({ due: true, ageSecs: 15, cadenceSecs: 15 });
    // The next check: one market-hours cadence after a push made now.
    expect(due.nextCheckInMs).toBe(15_000);
  });

  it('off-hours (Saturday 2031-05-03) a 60 s cadence: 20 s old is not due, 60 s is', () => {
    const published = secs('2031-05-03T12:00:00Z');
    const early = navPushTick(at('2031-05-03T12:00:20Z'), published);
    expect(early).toMatchObject({ due: false, ageSecs: 20, cadenceSecs: 60 });
    expect(early.nextCheckInMs).toBe(40_000);
    expect(early.afterPushInMs).toBe(60_000);
    const due = navPushTick(at('2031-05-03T12:01:00Z'), published);
    expect(due).toMatchObject({ due: true, cadenceSecs: 60 });
    expect(due.nextCheckInMs).toBe(60_000);
  });

  it('the same ages 20 s and 40 s decide differently in and out of the session', () => {
    // 20 s old: due during the session (15 s), not after the close (60 s), on one chain day.
    const inSession = at('2026-11-30T20:59:00Z'); // 15:59 ET
    const afterClose = at('2026-11-30T21:05:00Z'); // 16:05 ET
    expect(navPushTick(inSession, inSession / 1000 - 20).due).toBe(true);
    expect(navPushTick(afterClose, afterClose / 1000 - 20).due).toBe(false);
    expect(navPushTick(afterClose, afterClose / 1000 - 40).due).toBe(false);
  });

  it('never later than the open: a pre-market snapshot 30 s before 09:30 ET is due at 09:30', () => {
    const published = secs('2026-11-30T14:29:30Z'); // 09:29:30 ET, off-hours
    const before = navPushTick(at('2026-11-30T14:29:50Z'), published);
    expect(before.due).toBe(false);
    expect(before.nextCheckInMs).toBe(10_000); // at the open, not at 09:30:30
    expect(navPushTick(at('2026-11-30T14:30:00Z'), published).due).toBe(true);
  });

  it('a clock moved hours ahead of the last push: due at once, age in chain seconds', () => {
    const published = secs('2026-11-30T13:00:00Z'); // 08:00 ET
    const tick = navPushTick(at('2026-11-30T16:30:00Z'), published); // 11:30 ET
    expect(tick).toMatchObject({ due: true, ageSecs: 12_600, cadenceSecs: 15 });
    expect(tick.nextCheckInMs).toBe(15_000);
  });

  it('a push within the sysvar second of its due time is due; the wait is clamped', () => {
    const published = secs('2026-11-30T15:00:00Z');
    expect(navPushTick(at('2026-11-30T15:00:14Z'), published).due).toBe(true);
    expect(navPushTick(at('2026-11-30T15:00:13Z'), published).due).toBe(false);
    expect(navPushTick(at('2026-11-30T15:00:13Z'), published).nextCheckInMs).toBe(2_000);
    // A snapshot published "in the future" (chain clock behind the publisher): wait at most 60 s.
    const ahead = navPushTick(at('2031-05-03T12:00:00Z'), secs('2031-05-03T13:00:00Z'));
    expect(ahead.due).toBe(false);
    expect(ahead.nextCheckInMs).toBe(MAX_CHECK_MS);
    expect(ahead.ageSecs).toBe(0);
    // No snapshot yet (published at 0): due, the next check at least MIN_CHECK_MS away.
    expect(navPushTick(at('2031-05-03T12:00:00Z'), 0).nextCheckInMs).toBeGreaterThanOrEqual(
      MIN_CHECK_MS,
    );
  });
});
