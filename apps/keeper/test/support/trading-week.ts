// The instants of a trading week the routing suite moves the chain's clock to, computed from
// the chain's time (its clock only moves forward, and a run may be on any date): the first
// Sunday after it whose Monday and Tuesday are trading days, then the first weekday holiday
// after that Tuesday. Wall times are US Eastern, as the routing rules state them.
import {
  addDays,
  type CivilDate,
  easternWallTimeToInstant,
  formatIsoDate,
  holidaysForYear,
  isoWeekday,
  isTradingDay,
  parseIsoDate,
  toEasternWallClock,
} from '@basket/market-calendar';

export type WeekInstant = Readonly<{
  name: 'weekend' | 'overnight-24/5' | 'monday-open' | 'mid-session' | 'after-close' | 'holiday';
  ms: number;
  /** What the spec's windows say at that instant (not computed by the calendar code). */
  marketHoursOpen: boolean;
  twentyFourFiveOpen: boolean;
}>;

const at = (date: CivilDate, time: string) =>
  easternWallTimeToInstant(formatIsoDate(date), time).getTime();

/**
 * The week's instants after `fromMs`, in time order.
 *
 * @example
 * tradingWeekAfter(Date.parse('2026-11-26T13:00:00Z'))[0]; // weekend, Sunday 2026-11-29 13:00 ET
 */
export function tradingWeekAfter(fromMs: number): readonly WeekInstant[] {
  let day = addDays(toEasternWallClock(fromMs).civilDate, 1);
  while (
    isoWeekday(day) !== 7 ||
    !isTradingDay(addDays(day, 1)) ||
    !isTradingDay(addDays(day, 2))
  ) {
    day = addDays(day, 1);
  }
  const sunday = day;
  const monday = addDays(sunday, 1);
  const tuesday = addDays(sunday, 2);
  const after = formatIsoDate(tuesday);
  const holiday = [...holidaysForYear(tuesday.year), ...holidaysForYear(tuesday.year + 1)].find(
    (h) => h.date > after && isoWeekday(parseIsoDate(h.date)) <= 5,
  );
  if (!holiday) throw new Error(`no weekday market holiday after ${after}`);
  return [
    // Sunday 13:00 ET: the weekend; only Always trades.
    { name: 'weekend', ms: at(sunday, '13:00'), marketHoursOpen: false, twentyFourFiveOpen: false },
    // Sunday 22:00 ET: the 24/5 window opened at 20:00; market hours have not.
    {
      name: 'overnight-24/5',
      ms: at(sunday, '22:00'),
      marketHoursOpen: false,
      twentyFourFiveOpen: true,
    },
    {
      name: 'monday-open',
      ms: at(monday, '09:35'),
      marketHoursOpen: true,
      twentyFourFiveOpen: true,
    },
    {
      name: 'mid-session',
      ms: at(tuesday, '12:30'),
      marketHoursOpen: true,
      twentyFourFiveOpen: true,
    },
    {
      name: 'after-close',
      ms: at(tuesday, '16:30'),
      marketHoursOpen: false,
      twentyFourFiveOpen: true,
    },
    // A full-day closure: no market hours, and the 24/5 window skips it too.
    {
      name: 'holiday',
      ms: at(parseIsoDate(holiday.date), '11:00'),
      marketHoursOpen: false,
      twentyFourFiveOpen: false,
    },
  ];
}
