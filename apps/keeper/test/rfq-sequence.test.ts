// The RFQ driver over fake deps (the shapes the API client returns, a submitter that lands,
// expires or goes stale as scripted): an expired fill re-quoted MAX_RFQ_REQUOTES times then the
// aggregator; done only on Completed + Executed; a landed fill never re-quoted, whatever the
// API says; a stale quote never signed; a 4xx never retried.
import { BasketTransactionError } from '@basket/sdk';
import {
  type QuoteState,
  type RfqQuote,
  TOKENIZED_API_ERROR__HTTP_STATUS,
  TokenizedApiError,
} from '@basket/tokenized-api';
import { describe, expect, it } from 'vitest';
import { isKeeperError } from '../src/decisions/errors.ts';
import { MAX_RFQ_REQUOTES } from '../src/decisions/rfq-policy.ts';
import { type QuoteGuard, runRfqSequence } from '../src/jobs/rfq-sequence.ts';

const request = {
  symbol: 'AAPLx',
  side: 'Buy' as const,
  cashAmount: '500',
  paymentWalletIdentifier: '11111111111111111111111111111111',
  receivingWalletIdentifier: '11111111111111111111111111111111',
};

type Axis = QuoteState['blockchainStatus'];
/** What the submitter does with the n-th quote. */
type Fate = 'land' | 'expire' | 'wait-then-sign';

const blockhashExpired = () =>
  new BasketTransactionError({
    kind: 'transaction',
    errorName: 'BlockHeightExceeded',
    message: 'The blockhash expired before the transaction was confirmed',
  });

/**
 * Fake API and submitter: quote n answers `states[n-1]` in turn (then PendingExecution), the
 * submitter meets `fates[n-1]` (land when unscripted); `clock` is the sequence's `now`.
 */
function scripted(fates: Fate[], states: Axis[][] = []) {
  const clock = { ms: 1_000_000 };
  const requested: string[] = [];
  const signed: string[] = [];
  const polled: string[] = [];
  let n = 0;
  const api = {
    requestRfq: async (): Promise<RfqQuote> => {
      const id = `q${++n}`;
      requested.push(id);
      return { id, signature: 'AQID', signaturePayload: {} };
    },
    getQuote: async (id: string): Promise<QuoteState> => {
      polled.push(id);
      const b = states[Number(id.slice(1)) - 1]?.shift() ?? 'PendingExecution';
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
  const submit = async (q: RfqQuote, guard: QuoteGuard) => {
    const fate = fates[Number(q.id.slice(1)) - 1] ?? 'land';
    if (fate === 'wait-then-sign') clock.ms += 31_000; // the maker's answer took 31 s
    guard.assertFresh(); // right before the vault's side signs
    signed.push(q.id);
    if (fate === 'expire') throw blockhashExpired();
    return `sig-${q.id}`;
  };
  const deps = {
    api,
    submit,
    quoteValiditySeconds: 30,
    executionTimeoutSeconds: 0.05,
    pollIntervalMs: 5,
    now: () => clock.ms,
  };
  return { deps, requested, signed, polled, clock };
}

/** The outcome when the first quote's fill landed and the API never said done. */
const firstLandedUnconfirmed = (lastState: unknown) => ({
  outcome: 'unconfirmed',
  quoteId: 'q1',
  signature: 'sig-q1',
  requotes: 0,
  lastState,
});

describe('RFQ sequence', () => {
  it('re-quotes a fill whose blockhash expired MAX_RFQ_REQUOTES times, then the aggregator', async () => {
    const s = scripted(['expire', 'expire', 'expire', 'expire']);
    const r = await runRfqSequence(s.deps, request);
    expect(r).toMatchObject({
      outcome: 'aggregator',
      requotes: MAX_RFQ_REQUOTES,
      lastQuoteId: 'q4',
    });
    expect(r.outcome === 'aggregator' && r.why).toMatch(/^blockhash expired/);
    expect(s.requested).toEqual(['q1', 'q2', 'q3', 'q4']);
    // Nothing landed, so nothing was polled.
    expect(s.polled).toEqual([]);
  });

  it('is done when a re-quoted fill lands and the quote is Completed and Executed', async () => {
    const s = scripted(['expire', 'land'], [[], ['PendingExecution', 'Executed']]);
    const r = await runRfqSequence(s.deps, request);
    expect(r).toEqual({ outcome: 'done', quoteId: 'q2', signature: 'sig-q2', requotes: 1 });
  });

  it('never re-quotes a landed fill the API reports ExpiredExecution: unconfirmed', async () => {
    const s = scripted(['land'], [['ExpiredExecution', 'ExpiredExecution', 'ExpiredExecution']]);
    s.deps.now = () => (s.clock.ms += 20);
    const r = await runRfqSequence(s.deps, request);
    expect(r).toEqual(
      firstLandedUnconfirmed(expect.objectContaining({ blockchainStatus: 'ExpiredExecution' })),
    );
    expect(s.requested).toEqual(['q1']);
    expect(s.polled).toEqual(['q1', 'q1', 'q1']);
  });

  it('ends unconfirmed, with no second quote, when the API never answers after a landing', async () => {
    const s = scripted(['land']);
    s.deps.api.getQuote = async () => {
      throw new Error('socket hang up');
    };
    const r = await runRfqSequence(s.deps, request);
    expect(r).toEqual(firstLandedUnconfirmed(null));
    expect(s.requested).toEqual(['q1']);
  });

  it('does not sign a quote older than its validity: re-quotes it as an expiry', async () => {
    const s = scripted(['wait-then-sign', 'land'], [[], ['Executed']]);
    const r = await runRfqSequence(s.deps, request);
    expect(r).toEqual({ outcome: 'done', quoteId: 'q2', signature: 'sig-q2', requotes: 1 });
    expect(s.signed).toEqual(['q2']);
  });

  it('counts stale quotes against the re-quote budget, then the aggregator', async () => {
    const s = scripted(['wait-then-sign', 'expire', 'wait-then-sign', 'wait-then-sign']);
    const r = await runRfqSequence(s.deps, request);
    expect(r).toMatchObject({ outcome: 'aggregator', requotes: MAX_RFQ_REQUOTES });
    expect(r.outcome === 'aggregator' && r.why).toMatch(/q4 is older than its 30 s validity/);
    expect(s.signed).toEqual(['q2']);
  });

  it('signs a quote exactly at its validity', async () => {
    const s = scripted(['land'], [['Executed']]);
    const submit = s.deps.submit;
    s.deps.submit = async (q, guard) => {
      s.clock.ms += 30_000;
      return submit(q, guard);
    };
    expect((await runRfqSequence(s.deps, request)).outcome).toBe('done');
  });

  it('rethrows a failure that is not an expiry without another quote', async () => {
    const s = scripted(['land']);
    s.deps.submit = async () => {
      throw new Error('fetch failed after the send');
    };
    await expect(runRfqSequence(s.deps, request)).rejects.toThrow('fetch failed after the send');
    expect(s.requested).toEqual(['q1']);
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
    const error = await runRfqSequence({ ...scripted([]).deps, api }, request).catch(
      (e: unknown) => e,
    );
    expect(isKeeperError(error, 'RFQ_REJECTED')).toBe(true);
    // The API's code and words reach the operator, not only the status.
    expect((error as Error).message).toContain('HTTP 422 (InvalidQuantity: below minimum)');
    expect(calls).toBe(1);
  });
});
