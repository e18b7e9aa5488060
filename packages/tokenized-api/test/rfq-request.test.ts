import { describe, expect, it } from 'vitest';
import {
  buildRfqRequestBody,
  createManualClock,
  createTokenizedApiClient,
  decodeQuoteTransaction,
  isQuoteExecutionExpired,
  isQuoteSettled,
  isQuoteTradeDone,
  isTokenizedApiError,
  parseDecimal,
  TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST,
  TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE,
} from '../src/index.ts';
import { rfqQuote } from './support/fixtures.ts';
import { API_KEY, BASE_URL, scriptedFetch, VAULT } from './support/scripted-fetch.ts';

const OTHER = 'So11111111111111111111111111111111111111112';
const base = {
  symbol: 'AAPLx',
  side: 'Buy' as const,
  paymentWalletIdentifier: VAULT,
  receivingWalletIdentifier: VAULT,
};

function rejectionField(request: Parameters<typeof buildRfqRequestBody>[0]): string {
  try {
    buildRfqRequestBody(request);
  } catch (error) {
    if (isTokenizedApiError(error, TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST))
      return error.context.field;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('RFQ request validation', () => {
  it('builds the body with exactly one amount, as a canonical decimal string', () => {
    expect(buildRfqRequestBody({ ...base, cashAmount: parseDecimal('2500.50') })).toEqual({
      ...base,
      cashAmount: '2500.50',
    });
    expect(buildRfqRequestBody({ ...base, quantity: '1.25000000' })).toEqual({
      ...base,
      quantity: '1.25000000',
    });
  });

  it('rejects quantity and cashAmount together, and neither', () => {
    expect(rejectionField({ ...base, quantity: '1', cashAmount: '100' })).toBe('quantity');
    expect(rejectionField(base)).toBe('quantity');
  });

  it('rejects a receiving wallet different from the paying wallet', () => {
    expect(rejectionField({ ...base, cashAmount: '100', receivingWalletIdentifier: OTHER })).toBe(
      'receivingWalletIdentifier',
    );
  });

  it.each([
    [{ ...base, cashAmount: '0' }, 'cashAmount'],
    [{ ...base, cashAmount: '-5' }, 'cashAmount'],
    [{ ...base, cashAmount: '1e3' }, 'cashAmount'],
    [{ ...base, quantity: 1.5 as unknown as string }, 'quantity'],
    [{ ...base, cashAmount: '1', symbol: '' }, 'symbol'],
    [{ ...base, cashAmount: '1', side: 'Short' as 'Buy' }, 'side'],
    [
      { ...base, cashAmount: '1', paymentWalletIdentifier: 'not-an-address' },
      'paymentWalletIdentifier',
    ],
  ])('rejects %o on %s', (request, field) => {
    expect(rejectionField(request)).toBe(field);
  });

  it('does not forward unknown fields', () => {
    const body = buildRfqRequestBody({ ...base, cashAmount: '1', extra: 'x' } as never);
    expect(body).not.toHaveProperty('extra');
  });

  it('sends nothing when the request is invalid', async () => {
    const clock = createManualClock();
    const { fetch, calls } = scriptedFetch(clock, [{ status: 200, body: rfqQuote }]);
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
    await expect(client.requestRfq({ ...base, quantity: '1', cashAmount: '1' })).rejects.toThrow(
      /mutually exclusive/,
    );
    expect(calls).toHaveLength(0);
  });

  it('posts JSON and returns the quote with its decodable transaction', async () => {
    const clock = createManualClock();
    const { fetch, calls } = scriptedFetch(clock, [{ status: 200, body: rfqQuote }]);
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
    const quote = await client.requestRfq({ ...base, cashAmount: '2500' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ ...base, cashAmount: '2500' });
    expect(Array.from(decodeQuoteTransaction(quote))).toEqual([1, 2, 3, 4, 5]);
  });

  it('surfaces a recorded quote without a transaction (HTTP 501) as its own error', async () => {
    const clock = createManualClock();
    const { fetch } = scriptedFetch(clock, [
      {
        status: 501,
        body: {
          error: {
            code: 'TransactionBuildingNotSimulated',
            message: 'm',
            details: { quoteId: 'q_7' },
          },
        },
      },
    ]);
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
    const error = await client.requestRfq({ ...base, cashAmount: '2500' }).catch((e: unknown) => e);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE)).toBe(true);
    expect((error as { context: { quoteId: string } }).context.quoteId).toBe('q_7');
  });
});

describe('quote status rules', () => {
  it('a trade is done only when Completed and Executed', () => {
    const generals = ['Provided', 'Accepted', 'Completed', 'Expired', 'Cancelled'] as const;
    const chains = [
      'NotReady',
      'GeneratingSignature',
      'PendingExecution',
      'Executed',
      'ExpiredExecution',
      'Failed',
    ] as const;
    for (const generalStatus of generals) {
      for (const blockchainStatus of chains) {
        expect(isQuoteTradeDone({ generalStatus, blockchainStatus })).toBe(
          generalStatus === 'Completed' && blockchainStatus === 'Executed',
        );
      }
    }
  });

  it('flags ExpiredExecution for re-quoting and final general statuses as settled', () => {
    expect(isQuoteExecutionExpired({ blockchainStatus: 'ExpiredExecution' })).toBe(true);
    expect(isQuoteExecutionExpired({ blockchainStatus: 'Failed' })).toBe(false);
    expect(isQuoteSettled({ generalStatus: 'Accepted' })).toBe(false);
    expect(isQuoteSettled({ generalStatus: 'Cancelled' })).toBe(true);
  });
});

describe('RFQ request: the compute budget the fill must carry (decision 0930)', () => {
  const cash = { ...base, cashAmount: '2500.00' };
  it('sends the limit and the price (micro-lamports as a decimal string) together', () => {
    expect(
      buildRfqRequestBody({ ...cash, computeUnitLimit: 180_000, computeUnitPrice: 25_000n }),
    ).toEqual({ ...cash, computeUnitLimit: 180_000, computeUnitPrice: '25000' });
    expect(
      buildRfqRequestBody({ ...cash, computeUnitLimit: 1, computeUnitPrice: '0' }),
    ).toMatchObject({ computeUnitLimit: 1, computeUnitPrice: '0' });
  });
  it('leaves both out when neither is given', () => {
    expect(Object.keys(buildRfqRequestBody(cash))).not.toContain('computeUnitPrice');
  });
  it('refuses one without the other, or either out of the runtime range, naming the field', () => {
    expect(rejectionField({ ...cash, computeUnitLimit: 200_000 })).toBe('computeUnitPrice');
    expect(rejectionField({ ...cash, computeUnitPrice: 1_000n })).toBe('computeUnitLimit');
    for (const limit of [0, 1_400_001, 1.5, Number.NaN]) {
      expect(rejectionField({ ...cash, computeUnitLimit: limit, computeUnitPrice: 1n })).toBe(
        'computeUnitLimit',
      );
    }
    for (const price of [-1n, 2n ** 64n, '1.5', '-3', '', '1e3'] as const) {
      expect(rejectionField({ ...cash, computeUnitLimit: 1_000, computeUnitPrice: price })).toBe(
        'computeUnitPrice',
      );
    }
  });
});
