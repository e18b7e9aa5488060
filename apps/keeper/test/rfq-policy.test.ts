import { describe, expect, it } from 'vitest';
import {
  isRfqRequestRetryable,
  MAX_RFQ_REQUOTES,
  pollDeadlineMs,
  type QuoteAxes,
  rfqNextStep,
} from '../src/decisions/rfq-policy.ts';

const progress = { requotesUsed: 0, elapsedMs: 1_000, executionTimeoutMs: 60_000 };
const axes = (g: QuoteAxes['generalStatus'], b: QuoteAxes['blockchainStatus']): QuoteAxes => ({
  generalStatus: g,
  blockchainStatus: b,
});

describe('rfqNextStep', () => {
  it('is done only when Completed and Executed', () => {
    expect(rfqNextStep(axes('Completed', 'Executed'), progress)).toBe('done');
    expect(rfqNextStep(axes('Accepted', 'Executed'), progress)).toBe('poll');
    expect(rfqNextStep(axes('Completed', 'PendingExecution'), progress)).toBe('poll');
  });

  it('re-quotes an expired execution up to three times, then goes to the aggregator', () => {
    const expired = axes('Accepted', 'ExpiredExecution');
    const steps = [0, 1, 2, 3].map((requotesUsed) =>
      rfqNextStep(expired, { ...progress, requotesUsed }),
    );
    expect(steps).toEqual(['requote', 'requote', 'requote', 'aggregator']);
    expect(MAX_RFQ_REQUOTES).toBe(3);
  });

  it('reports a failed transaction without switching route', () => {
    expect(rfqNextStep(axes('Accepted', 'Failed'), progress)).toBe('failed');
  });

  it('treats a quote past its execution timeout like an expiry', () => {
    const late = { ...progress, elapsedMs: 61_000 };
    expect(rfqNextStep(axes('Accepted', 'PendingExecution'), late)).toBe('requote');
    expect(rfqNextStep(axes('Accepted', 'PendingExecution'), { ...late, requotesUsed: 3 })).toBe(
      'aggregator',
    );
  });

  it('goes to the aggregator when the quote was cancelled unexecuted', () => {
    expect(rfqNextStep(axes('Cancelled', 'NotReady'), progress)).toBe('aggregator');
  });
});

describe('RFQ request retries', () => {
  it('never retries a 4xx, retries 429, 5xx and transport failures', () => {
    expect([400, 401, 403, 404, 409, 422].map(isRfqRequestRetryable)).toEqual(Array(6).fill(false));
    expect([429, 500, 502, 503, null].map(isRfqRequestRetryable)).toEqual(Array(5).fill(true));
  });

  it('polls for the asset execution timeout plus one interval', () => {
    expect(pollDeadlineMs(45, 2_000)).toBe(47_000);
  });
});
