import { describe, expect, it } from 'vitest';
import {
  createMarketCalendar,
  InvalidCalendarOverrideError,
  isOpen,
  nextOpen,
  parseCalendarOverrides,
  sessionForTradingDate,
  tradingDay,
} from '../src/index.ts';

const at = (iso: string) => new Date(iso);

const CARTER = {
  date: '2025-01-09',
  kind: 'closed',
  reason: 'National Day of Mourning for President Jimmy Carter',
} as const;

describe('operator calendar overrides', () => {
  it('closes MarketHours and the TwentyFourFive session of an unscheduled closure', () => {
    // Given the 9 January 2025 closure loaded as an override
    const calendar = createMarketCalendar([CARTER]);
    // When the day is queried
    // Then MarketHours is closed all day, and TwentyFourFive is closed from Wednesday 20:00 to
    // Thursday 20:00 EST, as on a scheduled holiday
    expect(tradingDay('2025-01-09', calendar).status).toBe('override-closed');
    expect(isOpen('MarketHours', at('2025-01-09T11:00:00-05:00'), calendar)).toBe(false);
    expect(isOpen('TwentyFourFive', at('2025-01-08T21:00:00-05:00'), calendar)).toBe(false);
    expect(nextOpen('MarketHours', at('2025-01-08T16:00:00-05:00'), calendar)?.toISOString()).toBe(
      '2025-01-10T14:30:00.000Z',
    );
    // And the rules-only calendar is unchanged
    expect(isOpen('MarketHours', at('2025-01-09T11:00:00-05:00'))).toBe(true);
  });

  it('applies override hours: a delayed open and an unscheduled early close', () => {
    // Given a session moved to 11:00-14:30 on Tuesday 12 March 2030
    const calendar = createMarketCalendar([
      { date: '2030-03-12', kind: 'hours', open: '11:00', close: '14:30', reason: 'Outage' },
    ]);
    // When the session is read
    const session = sessionForTradingDate('MarketHours', '2030-03-12', calendar);
    // Then it runs 11:00-14:30 EDT and TwentyFourFive is untouched
    expect(session).toMatchObject({
      opensAt: at('2030-03-12T15:00:00Z'),
      closesAt: at('2030-03-12T18:30:00Z'),
      kind: 'override-hours',
    });
    expect(isOpen('TwentyFourFive', at('2030-03-12T16:00:00-04:00'), calendar)).toBe(true);
  });

  it('reopens a day the rules close', () => {
    // Given an override restoring a full session on Good Friday 2030
    const calendar = createMarketCalendar([
      { date: '2030-04-19', kind: 'hours', open: '09:30', close: '16:00', reason: 'Exchange open' },
    ]);
    // When the day is read
    const day = tradingDay('2030-04-19', calendar);
    // Then it trades, and still names the holiday it replaces
    expect(day).toMatchObject({ status: 'override-hours', isTradingDay: true, open: '09:30' });
    expect(day.holiday?.id).toBe('good-friday');
    expect(isOpen('TwentyFourFive', at('2030-04-18T21:00:00-04:00'), calendar)).toBe(true);
  });

  it('parses an untyped JSON list and sorts it by date', () => {
    // Given the operator file's parsed JSON, out of order
    const parsed = parseCalendarOverrides(
      JSON.parse(
        '[{"date":"2030-03-12","kind":"closed","reason":"b"},{"date":"2025-01-09","kind":"closed","reason":"a"}]',
      ),
    );
    // Then the overrides come back typed and sorted
    expect(parsed.map((override) => override.date)).toEqual(['2025-01-09', '2030-03-12']);
  });

  it.each([
    ['not an array', { date: '2025-01-09' }, '(list)'],
    ['an entry that is not an object', ['2025-01-09'], '(entry)'],
    ['an unknown kind', [{ ...CARTER, kind: 'open' }], 'kind'],
    ['an unknown field', [{ ...CARTER, close: '13:00' }], 'close'],
    ['a missing reason', [{ date: '2025-01-09', kind: 'closed' }], 'reason'],
    ['an impossible date', [{ ...CARTER, date: '2025-02-30' }], 'date'],
    ['a weekend date', [{ ...CARTER, date: '2025-01-11' }], 'date'],
    ['an unsupported year', [{ ...CARTER, date: '1990-01-09' }], 'date'],
    ['a repeated date', [CARTER, CARTER], 'date'],
    [
      'a bad time',
      [{ date: '2025-01-09', kind: 'hours', open: '9:30', close: '13:00', reason: 'x' }],
      'open',
    ],
    [
      'an open before 09:30',
      [{ date: '2025-01-09', kind: 'hours', open: '09:00', close: '13:00', reason: 'x' }],
      'open',
    ],
    [
      'a close after 16:00',
      [{ date: '2025-01-09', kind: 'hours', open: '09:30', close: '16:30', reason: 'x' }],
      'close',
    ],
    [
      'a close not after the open',
      [{ date: '2025-01-09', kind: 'hours', open: '12:00', close: '12:00', reason: 'x' }],
      'close',
    ],
  ])('refuses %s, naming the field', (_, input, field) => {
    // Given a malformed override list
    // When it is parsed
    // Then the error names the offending field
    try {
      parseCalendarOverrides(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidCalendarOverrideError);
      expect((error as InvalidCalendarOverrideError).context.field).toBe(field);
    }
  });
});
