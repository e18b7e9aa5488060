import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseHttpDate, parseRetryAfter } from '../src/index.ts';

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);

describe('parseHttpDate: the three forms RFC 9110 allows', () => {
  it('reads an IMF-fixdate as UTC', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(NOV_6_1994);
  });

  it('reads the obsolete RFC 850 form with its two-digit year', () => {
    // Given "now" in 2026, 94 cannot be 2094 (more than 50 years ahead): it is 1994
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', Date.UTC(2026, 0, 1))).toBe(NOV_6_1994);
    // and 30 is 2030 (less than 50 years ahead), a Wednesday on 06 Nov
    expect(parseHttpDate('Wednesday, 06-Nov-30 08:49:37 GMT', Date.UTC(2026, 0, 1))).toBe(
      Date.UTC(2030, 10, 6, 8, 49, 37),
    );
    // and late in a century, 10 is the next century's year when that is less than 50 years
    // ahead (2110), not one 80 years back
    expect(parseHttpDate('Thursday, 06-Nov-10 08:49:37 GMT', Date.UTC(2090, 0, 1))).toBe(
      Date.UTC(2110, 10, 6, 8, 49, 37),
    );
  });

  it('reads the asctime form as UTC, with a space-padded day', () => {
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(NOV_6_1994);
    expect(parseHttpDate('Thu Nov 24 23:59:59 1994')).toBe(Date.UTC(1994, 10, 24, 23, 59, 59));
  });

  it('accepts 29 February of a leap year and a leap second', () => {
    expect(parseHttpDate('Thu, 29 Feb 2024 00:00:00 GMT')).toBe(Date.UTC(2024, 1, 29));
    expect(parseHttpDate('Sat, 31 Dec 2016 23:59:60 GMT')).toBe(Date.UTC(2017, 0, 1));
  });
});

describe('parseHttpDate: anything else is not a date', () => {
  it.each([
    ['missing the weekday', '06 Nov 1994 08:49:37 GMT'],
    ['missing the seconds', 'Sun, 06 Nov 1994 08:49 GMT'],
    ['missing the zone', 'Sun, 06 Nov 1994 08:49:37'],
    ['a one-digit day in IMF-fixdate', 'Sun, 6 Nov 1994 08:49:37 GMT'],
    ['a misspelt weekday', 'Sux, 06 Nov 1994 08:49:37 GMT'],
    ['a lower-case month', 'Sun, 06 nov 1994 08:49:37 GMT'],
    ['a misspelt month', 'Sun, 06 Nvo 1994 08:49:37 GMT'],
    ['a long weekday in IMF-fixdate', 'Sunday, 06 Nov 1994 08:49:37 GMT'],
    ['a short weekday in RFC 850', 'Sun, 06-Nov-94 08:49:37 GMT'],
    ['the wrong weekday for the date', 'Mon, 06 Nov 1994 08:49:37 GMT'],
    ['30 February', 'Thu, 30 Feb 2024 00:00:00 GMT'],
    ['29 February of a common year', 'Tue, 29 Feb 2022 00:00:00 GMT'],
    ['hour 24', 'Sun, 06 Nov 1994 24:00:00 GMT'],
    ['minute 60', 'Sun, 06 Nov 1994 08:60:00 GMT'],
    ['second 61', 'Sun, 06 Nov 1994 08:49:61 GMT'],
    ['day 00', 'Sun, 00 Nov 1994 08:49:37 GMT'],
    ['trailing garbage', 'Sun, 06 Nov 1994 08:49:37 GMT; x'],
    ['a trailing space', 'Sun, 06 Nov 1994 08:49:37 GMT '],
    ['a zone other than GMT', 'Sun, 06 Nov 1994 08:49:37 UTC'],
    ['a numeric offset', 'Sun, 06 Nov 1994 08:49:37 +0000'],
    ['asctime with a zone', 'Sun Nov  6 08:49:37 1994 GMT'],
    ['asctime with an unpadded day', 'Sun Nov 6 08:49:37 1994'],
    ['ISO 8601', '1994-11-06T08:49:37Z'],
    ['a bare number', '1.5'],
    ['empty', ''],
  ])('%s: %j', (_why, text) => {
    expect(parseHttpDate(text, Date.UTC(2026, 0, 1))).toBeNull();
  });
});

describe('parseRetryAfter with HTTP dates', () => {
  it('waits until a future date, not at all for a past one, and never for a malformed one', () => {
    const now = Date.UTC(1994, 10, 6, 8, 49, 30);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:00 GMT', now)).toBe(0);
    // A loose parser would read these as dates; the client falls back to its own backoff.
    expect(parseRetryAfter('06 Nov 1994 08:49:37', now)).toBeNull();
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 EST', now)).toBeNull();
    expect(parseRetryAfter('November 6, 1994', now)).toBeNull();
  });

  it('reads every form the same under a non-UTC time zone', () => {
    // Given a child process whose local time zone is New York (UTC-5 in November)
    const module = fileURLToPath(new URL('../src/http-date.ts', import.meta.url));
    const script = `import { parseHttpDate } from ${JSON.stringify(module)};
      const now = Date.UTC(2026, 0, 1);
      console.log(JSON.stringify({
        offset: new Date(Date.UTC(1994, 10, 6)).getTimezoneOffset(),
        values: ['Sun, 06 Nov 1994 08:49:37 GMT', 'Sunday, 06-Nov-94 08:49:37 GMT', 'Sun Nov  6 08:49:37 1994']
          .map((t) => parseHttpDate(t, now)),
      }));`;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env: { ...process.env, TZ: 'America/New_York' },
        encoding: 'utf8',
      },
    );
    const { offset, values } = JSON.parse(out) as { offset: number; values: number[] };
    // Then the zone really was not UTC, and all three forms still mean the same UTC instant
    expect(offset).toBe(300);
    expect(values).toEqual([NOV_6_1994, NOV_6_1994, NOV_6_1994]);
  });
});
