import { describe, expect, it } from 'vitest';
import {
  AmbiguousWallTimeError,
  easternOffsetMinutes,
  easternWallTimeToInstant,
  isOpen,
  maxStaleSecsAt,
  NonexistentWallTimeError,
  nextOpen,
  sessionAt,
  sessionForTradingDate,
  toEasternWallClock,
} from '../src/index.ts';

const at = (iso: string) => new Date(iso);

describe('daylight-saving time starts (second Sunday of March, 02:00 EST -> 03:00 EDT)', () => {
  it('reads the last EST millisecond and the first EDT instant one wall-clock hour apart', () => {
    // Given the instants either side of the change on 10 March 2024
    const lastEst = at('2024-03-10T06:59:59.999Z');
    const firstEdt = at('2024-03-10T07:00:00.000Z');
    // When they are read on the New York wall clock
    // Then the clock jumps from 01:59:59 EST to 03:00:00 EDT
    expect(toEasternWallClock(lastEst)).toMatchObject({ time: '01:59:59', offsetMinutes: -300 });
    expect(toEasternWallClock(firstEdt)).toMatchObject({ time: '03:00:00', offsetMinutes: -240 });
  });

  it('refuses a wall-clock time inside the skipped hour', () => {
    // Given 02:30 on 10 March 2024, which never appears on New York clocks
    // When / Then converting it to an instant throws
    expect(() => easternWallTimeToInstant('2024-03-10', '02:30')).toThrow(NonexistentWallTimeError);
    expect(() => easternWallTimeToInstant('2024-03-10', '02:00', 'earlier')).toThrow(
      NonexistentWallTimeError,
    );
  });

  it('keeps every mode but Always closed through the skipped hour, a Sunday morning', () => {
    // Given instants around the skipped hour
    for (const instant of [
      at('2024-03-10T06:30:00Z'),
      at('2024-03-10T07:00:00Z'),
      at('2024-03-10T07:30:00Z'),
    ]) {
      // Then MarketHours and TwentyFourFive are closed, Always is open, NAV may be 300 s old
      expect(isOpen('MarketHours', instant)).toBe(false);
      expect(isOpen('TwentyFourFive', instant)).toBe(false);
      expect(isOpen('Always', instant)).toBe(true);
      expect(maxStaleSecsAt(instant)).toBe(300);
    }
  });

  it('opens TwentyFourFive at 20:00 EDT on the Sunday the clocks move forward', () => {
    // Given Sunday 10 March 2024, EDT since 03:00
    // Then 19:59:59 EDT is closed and 20:00:00 EDT (00:00 UTC Monday) is open
    expect(isOpen('TwentyFourFive', at('2024-03-10T19:59:59-04:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2024-03-10T20:00:00-04:00'))).toBe(true);
    expect(nextOpen('TwentyFourFive', at('2024-03-10T12:00:00-04:00'))?.toISOString()).toBe(
      '2024-03-11T00:00:00.000Z',
    );
  });

  it('moves the MarketHours session one UTC hour earlier across the change', () => {
    // Given the Friday before and the Monday after 10 March 2024
    const friday = sessionForTradingDate('MarketHours', '2024-03-08');
    const monday = sessionForTradingDate('MarketHours', '2024-03-11');
    // Then both run 09:30-16:00 local: 14:30-21:00 UTC in EST, 13:30-20:00 UTC in EDT
    expect([friday?.opensAt.toISOString(), friday?.closesAt.toISOString()]).toEqual([
      '2024-03-08T14:30:00.000Z',
      '2024-03-08T21:00:00.000Z',
    ]);
    expect([monday?.opensAt.toISOString(), monday?.closesAt.toISOString()]).toEqual([
      '2024-03-11T13:30:00.000Z',
      '2024-03-11T20:00:00.000Z',
    ]);
    expect(nextOpen('MarketHours', at('2024-03-08T21:00:00Z'))?.toISOString()).toBe(
      '2024-03-11T13:30:00.000Z',
    );
  });

  it('shortens the TwentyFourFive weekend gap to 47 h, leaving every session 24 h long', () => {
    // Given the week around 10 March 2024: the change falls inside the Friday-Sunday gap
    const friday = sessionForTradingDate('TwentyFourFive', '2024-03-08');
    const monday = sessionForTradingDate('TwentyFourFive', '2024-03-11');
    // When the sessions either side are read
    // Then both are 24 h long and the gap between them is 47 h of wall time
    const hours = (from?: Date, to?: Date) =>
      ((to?.getTime() ?? 0) - (from?.getTime() ?? 0)) / 3_600_000;
    expect(hours(friday?.opensAt, friday?.closesAt)).toBe(24);
    expect(hours(monday?.opensAt, monday?.closesAt)).toBe(24);
    expect(friday?.closesAt.toISOString()).toBe('2024-03-09T01:00:00.000Z');
    expect(monday?.opensAt.toISOString()).toBe('2024-03-11T00:00:00.000Z');
    expect(hours(friday?.closesAt, monday?.opensAt)).toBe(47);
  });
});

describe('daylight-saving time ends (first Sunday of November, 02:00 EDT -> 01:00 EST)', () => {
  it('reads both passes through the repeated hour as the same wall-clock time', () => {
    // Given 05:30 UTC and 06:30 UTC on 3 November 2024
    const firstPass = toEasternWallClock(at('2024-11-03T05:30:00Z'));
    const secondPass = toEasternWallClock(at('2024-11-03T06:30:00Z'));
    // Then both read 01:30 on 3 November, first in EDT then in EST
    expect(firstPass).toMatchObject({ date: '2024-11-03', time: '01:30:00', offsetMinutes: -240 });
    expect(secondPass).toMatchObject({ date: '2024-11-03', time: '01:30:00', offsetMinutes: -300 });
  });

  it('resolves a wall-clock time in the repeated hour only when told which pass', () => {
    // Given 01:30 on 3 November 2024, which happens twice
    // When / Then the default refuses it and each disambiguation picks one pass
    expect(() => easternWallTimeToInstant('2024-11-03', '01:30')).toThrow(AmbiguousWallTimeError);
    expect(easternWallTimeToInstant('2024-11-03', '01:30', 'earlier').toISOString()).toBe(
      '2024-11-03T05:30:00.000Z',
    );
    expect(easternWallTimeToInstant('2024-11-03', '01:30', 'later').toISOString()).toBe(
      '2024-11-03T06:30:00.000Z',
    );
  });

  it('keeps every mode but Always closed through both passes of the repeated hour', () => {
    // Given instants in both passes through 01:00-02:00 on Sunday 3 November 2024
    for (const iso of [
      '2024-11-03T05:00:00Z',
      '2024-11-03T05:59:59Z',
      '2024-11-03T06:00:00Z',
      '2024-11-03T06:59:59Z',
    ]) {
      // Then the scheduled modes are closed and Always reports the Sunday as its date
      expect(isOpen('MarketHours', at(iso))).toBe(false);
      expect(isOpen('TwentyFourFive', at(iso))).toBe(false);
      expect(sessionAt('Always', at(iso))).toMatchObject({ tradingDate: '2024-11-03' });
    }
    expect(easternOffsetMinutes(at('2024-11-03T05:59:59.999Z'))).toBe(-240);
    expect(easternOffsetMinutes(at('2024-11-03T06:00:00.000Z'))).toBe(-300);
  });

  it('opens TwentyFourFive at 20:00 EST on the Sunday the clocks move back', () => {
    // Given Sunday 3 November 2024, EST since 02:00 EDT
    // Then 20:00 EST is 01:00 UTC Monday
    expect(isOpen('TwentyFourFive', at('2024-11-03T19:59:59-05:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2024-11-03T20:00:00-05:00'))).toBe(true);
    expect(nextOpen('TwentyFourFive', at('2024-11-03T05:30:00Z'))?.toISOString()).toBe(
      '2024-11-04T01:00:00.000Z',
    );
  });

  it('moves the MarketHours session one UTC hour later across the change', () => {
    // Given the Friday before and the Monday after 3 November 2024
    const friday = sessionForTradingDate('MarketHours', '2024-11-01');
    const monday = sessionForTradingDate('MarketHours', '2024-11-04');
    // Then 09:30 local is 13:30 UTC in EDT and 14:30 UTC in EST
    expect(friday?.opensAt.toISOString()).toBe('2024-11-01T13:30:00.000Z');
    expect(monday?.opensAt.toISOString()).toBe('2024-11-04T14:30:00.000Z');
    expect(isOpen('MarketHours', at('2024-11-04T14:00:00Z'))).toBe(false);
    expect(isOpen('MarketHours', at('2024-11-04T14:30:00Z'))).toBe(true);
  });

  it('follows the 2007 US rule in every year: 14:30 UTC opens only outside daylight-saving time', () => {
    // Given the first trading days after each change, 2025-2035
    const cases = [
      ['2025-03-10', '13:30'],
      ['2025-11-03', '14:30'],
      ['2030-03-11', '13:30'],
      ['2030-11-04', '14:30'],
      ['2035-03-12', '13:30'],
      ['2035-11-05', '14:30'],
    ] as const;
    for (const [date, utcOpen] of cases) {
      // Then the session opens at the expected UTC time
      expect(sessionForTradingDate('MarketHours', date)?.opensAt.toISOString()).toBe(
        `${date}T${utcOpen}:00.000Z`,
      );
    }
  });
});
