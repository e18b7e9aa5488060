import { BasketTransactionError } from '@basket/sdk';
import { describe, expect, it } from 'vitest';
import { KeeperError } from '../src/decisions/errors.ts';
import {
  afterExpiredExecution,
  afterLandedPoll,
  expiredExecutionReason,
  isRfqRequestRetryable,
  MAX_RFQ_REQUOTES,
  pollDeadlineMs,
  type QuoteAxes,
  quoteIsStale,
} from '../src/decisions/rfq-policy.ts';

const window = { elapsedMs: 1_000, executionTimeoutMs: 60_000 };
const late = { elapsedMs: 60_001, executionTimeoutMs: 60_000 };
const axes = (g: QuoteAxes['generalStatus'], b: QuoteAxes['blockchainStatus']): QuoteAxes => ({
  generalStatus: g,
  blockchainStatus: b,
});

describe('afterLandedPoll (the fill confirmed on chain)', () => {
  it('is done only when Completed and Executed', () => {
    expect(afterLandedPoll(axes('Completed', 'Executed'), window)).toBe('done');
    expect(afterLandedPoll(axes('Completed', 'Executed'), late)).toBe('done');
    expect(afterLandedPoll(axes('Accepted', 'Executed'), window)).toBe('poll');
    expect(afterLandedPoll(axes('Completed', 'PendingExecution'), window)).toBe('poll');
  });

  it('never re-quotes: every other answer (or none) past the window is unconfirmed', () => {
    const answers = [
      axes('Accepted', 'PendingExecution'),
      axes('Expired', 'ExpiredExecution'),
      axes('Cancelled', 'Failed'),
      axes('Accepted', 'Executed'),
      null,
    ];
    expect(answers.map((a) => afterLandedPoll(a, window))).toEqual(Array(5).fill('poll'));
    expect(answers.map((a) => afterLandedPoll(a, late))).toEqual(Array(5).fill('unconfirmed'));
    // At the window's last millisecond it still polls.
    expect(afterLandedPoll(null, { elapsedMs: 60_000, executionTimeoutMs: 60_000 })).toBe('poll');
  });
});

describe('expired executions', () => {
  it('re-quotes up to three times, then goes to the aggregator', () => {
    expect([0, 1, 2, 3, 4].map(afterExpiredExecution)).toEqual([
      'requote',
      'requote',
      'requote',
      'aggregator',
      'aggregator',
    ]);
    expect(MAX_RFQ_REQUOTES).toBe(3);
  });

  it('are an expired blockhash or a stale quote, nothing else', () => {
    const expired = new BasketTransactionError({
      kind: 'transaction',
      errorName: 'BlockHeightExceeded',
      message: 'block height 300 > last valid 299',
    });
    expect(expiredExecutionReason(expired)).toBe(
      'blockhash expired: block height 300 > last valid 299',
    );
    expect(expiredExecutionReason(new KeeperError('RFQ_QUOTE_STALE', 'quote q1 is old'))).toBe(
      'quote q1 is old',
    );
    const other = new BasketTransactionError({
      kind: 'transaction',
      errorName: 'SolanaError#7050011',
      message: 'insufficient funds',
    });
    expect(expiredExecutionReason(other)).toBeNull();
    expect(expiredExecutionReason(new KeeperError('LEASE_LOST', 'not sent'))).toBeNull();
    expect(expiredExecutionReason(new Error('fetch failed'))).toBeNull();
  });

  it('a quote is stale past its validity, counted from its request', () => {
    expect(quoteIsStale(1_000, 31_000, 30)).toBe(false);
    expect(quoteIsStale(1_000, 31_001, 30)).toBe(true);
    expect(quoteIsStale(1_000, 1_000, 30)).toBe(false);
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
