import { describe, expect, it } from 'vitest';
import { normalizeActivationDateTime, normalizeTimestamp, parseIsoUtc } from '../src/index.ts';

const JAN_1_2026 = Date.UTC(2026, 0, 1);

describe('activationDateTime normalisation', () => {
  it('accepts an ISO string, epoch seconds and epoch milliseconds as the same instant', () => {
    // Given the same instant in the three forms seen upstream
    const forms: unknown[] = [
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.000Z',
      '2025-12-31T19:00:00-05:00',
      JAN_1_2026 / 1000,
      JAN_1_2026,
      String(JAN_1_2026 / 1000),
    ];
    // When normalised / Then all give 2026-01-01T00:00:00Z
    for (const form of forms) {
      const result = normalizeActivationDateTime(form);
      expect(result.ok && result.value?.getTime()).toBe(JAN_1_2026);
    }
  });

  it('treats 0, "0" and null as nothing scheduled', () => {
    for (const form of [0, '0', null]) {
      expect(normalizeActivationDateTime(form)).toEqual({ ok: true, value: null });
    }
  });

  it('rejects negative, absurd and non-timestamp values', () => {
    for (const form of [-1, 1e20, 'tomorrow', true, {}, '2026-13-01T00:00:00Z', undefined]) {
      expect(normalizeActivationDateTime(form).ok).toBe(false);
    }
  });
});

describe('UTC timestamps', () => {
  it('reads an ISO string without offset as UTC', () => {
    expect(parseIsoUtc('2025-06-02T13:30:00')?.toISOString()).toBe('2025-06-02T13:30:00.000Z');
  });

  it('converts explicit offsets to UTC and keeps milliseconds', () => {
    expect(parseIsoUtc('2025-06-02T13:30:00.123456+02:00')?.toISOString()).toBe(
      '2025-06-02T11:30:00.123Z',
    );
  });

  it('rejects impossible dates and times', () => {
    for (const bad of [
      '2025-02-29T00:00:00Z',
      '2025-04-31',
      '2025-01-01T24:00:00Z',
      '2025-01-01T10:60Z',
    ]) {
      expect(parseIsoUtc(bad)).toBeNull();
    }
    expect(parseIsoUtc('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('does not accept 0 as an ordinary timestamp', () => {
    expect(normalizeTimestamp(0).ok).toBe(false);
    expect(normalizeTimestamp(1_736_175_600).ok).toBe(true);
  });
});
