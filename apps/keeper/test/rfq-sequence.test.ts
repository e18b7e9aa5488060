// The RFQ driver over scripted quote answers (the shapes the API client returns): expiry three
// times then the aggregator, done only on Completed + Executed, a 4xx never retried.
import {
  type QuoteState,
  type RfqQuote,
  TOKENIZED_API_ERROR__HTTP_STATUS,
  TokenizedApiError,
} from '@basket/tokenized-api';
import { describe, expect, it } from 'vitest';
import { isKeeperError } from '../src/decisions/errors.ts';
import { runRfqSequence } from '../src/jobs/rfq-sequence.ts';

const request = {
  symbol: 'AAPLx',
  side: 'Buy' as const,
  cashAmount: '500',
  paymentWalletIdentifier: '11111111111111111111111111111111',
  receivingWalletIdentifier: '11111111111111111111111111111111',
};

function scripted(states: QuoteState['blockchainStatus'][][]) {
  const requested: string[] = [];
  const submitted: string[] = [];
  let n = 0;
  const api = {
    requestRfq: async (): Promise<RfqQuote> => {
      const id = `q${++n}`;
      requested.push(id);
      return { id, signature: 'AQID', signaturePayload: {} };
    },
    getQuote: async (id: string): Promise<QuoteState> => {
      const script = states[Number(id.slice(1)) - 1] ?? [];
      const b = script.shift() ?? 'PendingExecution';
      return {
        id,
        generalStatus: b === 'Executed' ? 'Completed' : 'Accepted',
        hedgingStatus: 'NotStarted',
        blockchainStatus: b,
        signature: null,
        signaturePayload: null,
      };
    },
  };
  const submit = async (q: RfqQuote) => {
    submitted.push(q.id);
    return `sig-${q.id}`;
  };
  return { api, submit, requested, submitted };
}

describe('RFQ sequence', () => {
  it('re-quotes an expired execution three times, then goes to the aggregator', async () => {
    const s = scripted([
      ['PendingExecution', 'ExpiredExecution'],
      ['ExpiredExecution'],
      ['ExpiredExecution'],
      ['ExpiredExecution'],
    ]);
    const r = await runRfqSequence(
      { api: s.api, submit: s.submit, executionTimeoutSeconds: 30, pollIntervalMs: 5 },
      request,
    );
    expect(r).toEqual({ outcome: 'aggregator', requotes: 3, lastQuoteId: 'q4' });
    expect(s.requested).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(s.submitted).toEqual(['q1', 'q2', 'q3', 'q4']);
  });

  it('is done when the quote is Completed and Executed', async () => {
    const s = scripted([['ExpiredExecution'], ['PendingExecution', 'Executed']]);
    const r = await runRfqSequence(
      { api: s.api, submit: s.submit, executionTimeoutSeconds: 30, pollIntervalMs: 5 },
      request,
    );
    expect(r).toEqual({ outcome: 'done', quoteId: 'q2', signature: 'sig-q2', requotes: 1 });
  });

  it('never retries a 4xx on the request', async () => {
    let calls = 0;
    const api = {
      requestRfq: async (): Promise<RfqQuote> => {
        calls += 1;
        throw new TokenizedApiError(TOKENIZED_API_ERROR__HTTP_STATUS, {
          operation: 'requestRfq',
          method: 'POST',
          path: '/trades/swap/rfq',
          status: 422,
          attempts: 1,
          upstreamCode: 'InvalidQuantity',
          upstreamMessage: 'below minimum',
        } as never);
      },
      getQuote: async () => {
        throw new Error('not reached');
      },
    };
    const error = await runRfqSequence(
      { api, submit: async () => 'x', executionTimeoutSeconds: 30, pollIntervalMs: 5 },
      request,
    ).catch((e: unknown) => e);
    expect(isKeeperError(error, 'RFQ_REJECTED')).toBe(true);
    expect(calls).toBe(1);
  });

  it('stops on a failed transaction without another quote', async () => {
    const s = scripted([['Failed']]);
    const r = await runRfqSequence(
      { api: s.api, submit: s.submit, executionTimeoutSeconds: 30, pollIntervalMs: 5 },
      request,
    );
    expect(r).toMatchObject({ outcome: 'failed', quoteId: 'q1' });
    expect(s.requested).toEqual(['q1']);
  });
});
