import { describe, expect, it } from 'vitest';
import type { TradingHoursMode } from '../src/index.ts';
import {
  InvalidInstantError,
  isOpen,
  nextClose,
  nextOpen,
  sessionAt,
  sessionForTradingDate,
  UnknownTradingHoursModeError,
  UnsupportedYearError,
} from '../src/index.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('MarketHours window', () => {
  it('opens at 09:30:00 ET and not a millisecond earlier', () => {
    // Given Tuesday 10 June 2025 (EDT)
    // Then 09:29:59.999 is closed and 09:30:00.000 is open
    expect(isOpen('MarketHours', at('2025-06-10T09:29:59.999-04:00'))).toBe(false);
    expect(isOpen('MarketHours', at('2025-06-10T09:30:00.000-04:00'))).toBe(true);
  });

  it('closes at 16:00:00 ET, the close itself being outside the session', () => {
    // Given Tuesday 10 June 2025 (EDT)
    // Then 15:59:59.999 is open and 16:00:00.000 is closed
    expect(isOpen('MarketHours', at('2025-06-10T15:59:59.999-04:00'))).toBe(true);
    expect(isOpen('MarketHours', at('2025-06-10T16:00:00.000-04:00'))).toBe(false);
  });

  it('closes at 13:00 ET on an early-close day', () => {
    // Given Wednesday 24 December 2025
    // Then 12:59:59 is open, 13:00 and 15:00 are closed
    expect(isOpen('MarketHours', at('2025-12-24T12:59:59-05:00'))).toBe(true);
    expect(isOpen('MarketHours', at('2025-12-24T13:00:00-05:00'))).toBe(false);
    expect(isOpen('MarketHours', at('2025-12-24T15:00:00-05:00'))).toBe(false);
  });

  it('stays closed all day on a holiday and on weekends', () => {
    // Given Good Friday 2025 and the Saturday after
    // Then mid-session times are closed
    expect(isOpen('MarketHours', at('2025-04-18T11:00:00-04:00'))).toBe(false);
    expect(isOpen('MarketHours', at('2025-04-19T11:00:00-04:00'))).toBe(false);
  });

  it('reports the session an instant falls in', () => {
    // Given 11:00 EDT on Tuesday 10 June 2025
    const session = sessionAt('MarketHours', at('2025-06-10T11:00:00-04:00'));
    // Then it is that day's regular session
    expect(session).toEqual({
      mode: 'MarketHours',
      tradingDate: '2025-06-10',
      opensAt: at('2025-06-10T13:30:00Z'),
      closesAt: at('2025-06-10T20:00:00Z'),
      kind: 'regular',
    });
    expect(sessionAt('MarketHours', at('2025-06-10T17:00:00-04:00'))).toBeNull();
  });

  it('finds the next open across Good Friday and the weekend', () => {
    // Given Thursday 17 April 2025 after the close
    // When the next open is asked
    // Then it is Monday 21 April 09:30 EDT
    expect(iso(nextOpen('MarketHours', at('2025-04-17T16:00:00-04:00')))).toBe(
      '2025-04-21T13:30:00.000Z',
    );
  });

  it('gives the next open after the current session when asked during a session', () => {
    // Given 11:00 on Friday 13 June 2025
    // Then the next close is 16:00 that day and the next open is Monday 09:30
    const instant = at('2025-06-13T11:00:00-04:00');
    expect(iso(nextClose('MarketHours', instant))).toBe('2025-06-13T20:00:00.000Z');
    expect(iso(nextOpen('MarketHours', instant))).toBe('2025-06-16T13:30:00.000Z');
  });

  it('gives the same day open and close before the open', () => {
    // Given 08:00 on Tuesday 10 June 2025
    const instant = at('2025-06-10T08:00:00-04:00');
    // Then the next open is 09:30 and the next close 16:00 that day
    expect(iso(nextOpen('MarketHours', instant))).toBe('2025-06-10T13:30:00.000Z');
    expect(iso(nextClose('MarketHours', instant))).toBe('2025-06-10T20:00:00.000Z');
  });

  it('gives the 13:00 early close as the next close on the day after Thanksgiving', () => {
    // Given Thanksgiving evening 2025
    // Then the next session opens Friday 09:30 EST and closes 13:00 EST
    const instant = at('2025-11-27T18:00:00-05:00');
    expect(iso(nextOpen('MarketHours', instant))).toBe('2025-11-28T14:30:00.000Z');
    expect(iso(nextClose('MarketHours', instant))).toBe('2025-11-28T18:00:00.000Z');
  });
});

describe('TwentyFourFive window', () => {
  it('is closed at Sunday 19:59:59 ET and open at Sunday 20:00:00 ET', () => {
    // Given Sunday 8 June 2025 (EDT) and Sunday 12 January 2025 (EST)
    // Then the window opens exactly at 20:00 local
    expect(isOpen('TwentyFourFive', at('2025-06-08T19:59:59-04:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-06-08T20:00:00-04:00'))).toBe(true);
    expect(isOpen('TwentyFourFive', at('2025-01-12T19:59:59-05:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-01-12T20:00:00-05:00'))).toBe(true);
  });

  it('is open at Friday 19:59:59 ET and closed at Friday 20:00:00 ET', () => {
    // Given Friday 13 June 2025 (EDT) and Friday 17 January 2025 (EST)
    // Then the window closes exactly at 20:00 local
    expect(isOpen('TwentyFourFive', at('2025-06-13T19:59:59-04:00'))).toBe(true);
    expect(isOpen('TwentyFourFive', at('2025-06-13T20:00:00-04:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-01-17T19:59:59-05:00'))).toBe(true);
    expect(isOpen('TwentyFourFive', at('2025-01-17T20:00:00-05:00'))).toBe(false);
  });

  it('runs through the weeknights as one window from Sunday 20:00 to Friday 20:00', () => {
    // Given Tuesday 10 June 2025 at 03:00 and Wednesday 20:00
    // Then both are open and the window closes Friday 20:00 EDT
    expect(isOpen('TwentyFourFive', at('2025-06-10T03:00:00-04:00'))).toBe(true);
    expect(isOpen('TwentyFourFive', at('2025-06-11T20:00:00-04:00'))).toBe(true);
    expect(iso(nextClose('TwentyFourFive', at('2025-06-08T20:00:00-04:00')))).toBe(
      '2025-06-14T00:00:00.000Z',
    );
    expect(iso(nextOpen('TwentyFourFive', at('2025-06-10T03:00:00-04:00')))).toBe(
      '2025-06-16T00:00:00.000Z',
    );
  });

  it('assigns a Sunday-evening instant to the Monday session', () => {
    // Given Sunday 8 June 2025 at 21:00 EDT
    // Then it falls in the session of trading date Monday 9 June
    expect(sessionAt('TwentyFourFive', at('2025-06-08T21:00:00-04:00'))).toEqual({
      mode: 'TwentyFourFive',
      tradingDate: '2025-06-09',
      opensAt: at('2025-06-09T00:00:00Z'),
      closesAt: at('2025-06-10T00:00:00Z'),
      kind: 'regular',
    });
  });

  it('closes from 20:00 ET the evening before a holiday to 20:00 ET on the holiday', () => {
    // Given Thanksgiving, Thursday 27 November 2025
    // Then Wednesday 19:59:59 is open, Wednesday 20:00 to Thursday 19:59:59 closed, Thursday
    // 20:00 open again
    expect(isOpen('TwentyFourFive', at('2025-11-26T19:59:59-05:00'))).toBe(true);
    expect(isOpen('TwentyFourFive', at('2025-11-26T20:00:00-05:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-11-27T12:00:00-05:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-11-27T19:59:59-05:00'))).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-11-27T20:00:00-05:00'))).toBe(true);
  });

  it('opens Monday 20:00 ET when Monday is a holiday', () => {
    // Given Martin Luther King Jr. Day, Monday 20 January 2025
    // Then Sunday evening stays closed and the window opens Monday 20:00 EST
    expect(isOpen('TwentyFourFive', at('2025-01-19T21:00:00-05:00'))).toBe(false);
    expect(iso(nextOpen('TwentyFourFive', at('2025-01-17T20:00:00-05:00')))).toBe(
      '2025-01-21T01:00:00.000Z',
    );
  });

  it('closes Thursday 20:00 ET before Good Friday until Sunday 20:00 ET', () => {
    // Given Good Friday, 18 April 2025
    // Then the window closes Thursday 20:00 EDT and reopens Sunday 20:00 EDT
    const thursday = at('2025-04-17T12:00:00-04:00');
    expect(iso(nextClose('TwentyFourFive', thursday))).toBe('2025-04-18T00:00:00.000Z');
    expect(iso(nextOpen('TwentyFourFive', thursday))).toBe('2025-04-21T00:00:00.000Z');
  });

  it('is not shortened by an early close', () => {
    // Given the day after Thanksgiving 2025, a 13:00 early close
    // Then TwentyFourFive stays open until Friday 20:00 EST
    expect(isOpen('TwentyFourFive', at('2025-11-28T15:00:00-05:00'))).toBe(true);
    expect(iso(nextClose('TwentyFourFive', at('2025-11-28T15:00:00-05:00')))).toBe(
      '2025-11-29T01:00:00.000Z',
    );
  });
});

describe('Always window', () => {
  it('is open at every instant and never opens or closes', () => {
    // Given a Saturday night, a holiday and a DST change
    for (const instant of [
      at('2025-06-14T23:00:00Z'),
      at('2025-12-25T12:00:00Z'),
      at('2024-11-03T06:30:00Z'),
    ]) {
      // Then it is open with a continuous session and no next open or close
      expect(isOpen('Always', instant)).toBe(true);
      expect(nextOpen('Always', instant)).toBeNull();
      expect(nextClose('Always', instant)).toBeNull();
      expect(sessionAt('Always', instant)).toMatchObject({ mode: 'Always', kind: 'continuous' });
    }
  });

  it('has no trading-date session', () => {
    // Given the Always mode passed where a scheduled mode is expected
    // Then there is no session to report
    expect(sessionForTradingDate('Always' as 'MarketHours', '2025-06-10')).toBeNull();
  });
});

describe('query input validation', () => {
  it('refuses an unknown trading-hours mode', () => {
    // Given a mode the API does not define
    // When / Then every query names it
    const mode = 'Weekdays' as TradingHoursMode;
    expect(() => isOpen(mode, 0)).toThrow(UnknownTradingHoursModeError);
    expect(() => nextOpen(mode, 0)).toThrow(UnknownTradingHoursModeError);
    expect(() => nextClose(mode, 0)).toThrow(UnknownTradingHoursModeError);
  });

  it('refuses invalid instants', () => {
    // Given an invalid Date and NaN
    // When / Then the query names the bad instant
    expect(() => isOpen('MarketHours', new Date('nope'))).toThrow(InvalidInstantError);
    expect(() => nextOpen('TwentyFourFive', Number.NaN)).toThrow(InvalidInstantError);
  });

  it('refuses instants in years the holiday rules do not describe', () => {
    // Given an instant in 1990
    // When / Then the year is named as unsupported
    expect(() => isOpen('MarketHours', at('1990-06-12T15:00:00Z'))).toThrow(UnsupportedYearError);
  });

  it('accepts epoch milliseconds and Date alike', () => {
    // Given the same instant in both forms
    const millis = Date.UTC(2025, 5, 10, 15);
    // Then the answers agree
    expect(isOpen('MarketHours', millis)).toBe(isOpen('MarketHours', new Date(millis)));
    expect(isOpen('MarketHours', millis)).toBe(true);
  });
});
