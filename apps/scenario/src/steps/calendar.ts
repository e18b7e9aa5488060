// Step: what the market calendar says now, and the fixed instant LiteSVM runs at. The chain's
// clock is fixed (not the wall clock) so every run prices the same snapshot the same way.
import { isOpen, maxStaleSecsAt } from '@basket/market-calendar';
import type { Narrator } from '../narrator.ts';
import { STEPS } from './titles.ts';

/** Monday 2026-11-23 15:00 UTC: US market hours, so snapshots go stale after 60 s. */
export const SCENARIO_START = 1_795_446_000n;

export function describeCalendar(say: Narrator, now: Date, ledger: 'litesvm' | 'rpc'): void {
  say.step(STEPS.calendar);
  say.detail(`wall clock ${now.toISOString()}`);
  say.detail(
    `MarketHours window open: ${isOpen('MarketHours', now)}; TwentyFourFive window open: ${isOpen('TwentyFourFive', now)}`,
  );
  say.detail(`MAX_STALE_SECS now: ${maxStaleSecsAt(now)} s`);
  if (ledger === 'rpc') {
    say.detail("the world's clock runs on its own; the steps move it forward where they say so");
    return;
  }
  const start = new Date(Number(SCENARIO_START) * 1000);
  say.detail(
    `LiteSVM clock: ${start.toISOString()} (market hours: MAX_STALE_SECS ${maxStaleSecsAt(start)} s), moved forward only where a step says so`,
  );
}
