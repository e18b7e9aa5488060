// The steps of a simulated trading day, from the chain's time: the first full US trading day
// after it (the chain's clock only moves forward), at Eastern wall times, with the deposits and
// withdrawals a day of users brings. `short` keeps three steps (the world suite's version).
import {
  addDays,
  easternWallTimeToInstant,
  formatIsoDate,
  isEarlyClose,
  isTradingDay,
  toEasternWallClock,
} from '@basket/market-calendar';

export type DayFlow = Readonly<{ skuId: string; kind: 'deposit' | 'withdrawal'; usd: bigint }>;

export type DayStep = Readonly<{
  name: string;
  /** Chain time the clock is moved to (ms). */
  ms: number;
  /** Eastern wall time, for the table. */
  wall: string;
  /** NAV pushes at the calendar's cadence, the clock moved by the cadence before each. */
  ticks: number;
  flows: readonly DayFlow[];
}>;

const STEPS: readonly (Omit<DayStep, 'ms'> & { short: boolean })[] = [
  {
    name: 'pre-market',
    wall: '08:00',
    ticks: 2,
    short: true,
    flows: [
      { skuId: 'TECH6', kind: 'deposit', usd: 5_000n },
      { skuId: 'BROAD20', kind: 'deposit', usd: 10_000n },
    ],
  },
  { name: 'open', wall: '09:31', ticks: 3, short: true, flows: [] },
  {
    name: 'session-am',
    wall: '11:30',
    ticks: 3,
    short: false,
    flows: [
      { skuId: 'TECH6', kind: 'withdrawal', usd: 400n },
      { skuId: 'BROAD20', kind: 'deposit', usd: 2_000n },
    ],
  },
  {
    name: 'session-pm',
    wall: '14:00',
    ticks: 3,
    short: false,
    flows: [{ skuId: 'BROAD20', kind: 'withdrawal', usd: 600n }],
  },
  {
    name: 'close',
    wall: '16:01',
    ticks: 2,
    short: true,
    flows: [
      { skuId: 'TECH6', kind: 'deposit', usd: 1_000n },
      { skuId: 'TECH6', kind: 'withdrawal', usd: 300n },
    ],
  },
  {
    name: 'after-hours',
    wall: '18:00',
    ticks: 2,
    short: false,
    flows: [{ skuId: 'BROAD20', kind: 'withdrawal', usd: 200n }],
  },
];

/**
 * The day's steps after `fromMs` (the chain's time), in order.
 *
 * @example
 * tradingDayPlan(Date.parse('2026-11-26T13:00:00Z'), { short: true })[1]?.name; // 'open'
 */
export function tradingDayPlan(fromMs: number, options: { short: boolean }): readonly DayStep[] {
  let day = addDays(toEasternWallClock(fromMs).civilDate, 1);
  // A full session: an early-close day (13:00 ET) would put the afternoon steps after the close.
  while (!isTradingDay(day) || isEarlyClose(day)) day = addDays(day, 1);
  const date = formatIsoDate(day);
  return STEPS.filter((s) => s.short || !options.short).map(({ short: _, ...s }) => ({
    ...s,
    wall: `${date} ${s.wall} ET`,
    ms: easternWallTimeToInstant(date, s.wall).getTime(),
  }));
}
