import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PENDING_WALLET, type RunningSimulator } from '../src/index.ts';
import {
  call,
  DAY,
  HOUR,
  MARKET_OPEN,
  rfqBody,
  sequentialIds,
  settableClock,
  startTestSim,
  WEEKEND,
} from './support/harness.ts';

const clock = settableClock();
let sim: RunningSimulator;
/** Extra simulators started by single tests; all closed in afterAll. */
const extra: RunningSimulator[] = [];

beforeAll(async () => {
  sim = await startTestSim(
    { haltOverrides: { GOOGLx: { market: false, atomic: true } } },
    clock,
    sequentialIds(),
  );
});
afterAll(async () => {
  await Promise.all([sim, ...extra].map((s) => s.close()));
});

const post = (body: unknown, init: { contentType?: string; key?: string | null } = {}) =>
  call(sim, '/trades/swap/rfq', { method: 'POST', body, ...init });

const errorOf = (json: unknown) =>
  (json as { error: { code: string; field?: string; details?: { quoteId?: string } } }).error;

describe('RFQ request validation by the simulator', () => {
  it.each([
    [
      'a non-JSON content type',
      rfqBody(),
      { contentType: 'text/plain' },
      415,
      'UnsupportedMediaType',
      undefined,
    ],
    ['invalid JSON', '{"symbol":', {}, 400, 'InvalidJson', undefined],
    ['an array body', [], {}, 400, 'InvalidBody', undefined],
    ['an unknown field', rfqBody({ slippage: '1' }), {}, 400, 'InvalidField', 'slippage'],
    ['a missing symbol', rfqBody({ symbol: undefined }), {}, 400, 'InvalidField', 'symbol'],
    ['a bad side', rfqBody({ side: 'Short' }), {}, 400, 'InvalidField', 'side'],
    [
      'both quantity and cashAmount',
      rfqBody({ quantity: '1' }),
      {},
      400,
      'AmountConflict',
      'quantity',
    ],
    ['neither amount', rfqBody({ cashAmount: undefined }), {}, 400, 'AmountMissing', 'quantity'],
    ['a numeric amount', rfqBody({ cashAmount: 2500 }), {}, 400, 'InvalidField', 'cashAmount'],
    [
      'cash with sub-cent digits',
      rfqBody({ cashAmount: '10.001' }),
      {},
      400,
      'InvalidField',
      'cashAmount',
    ],
    ['a zero amount', rfqBody({ cashAmount: '0.00' }), {}, 400, 'InvalidField', 'cashAmount'],
    [
      'a malformed wallet',
      rfqBody({ paymentWalletIdentifier: 'x' }),
      {},
      400,
      'InvalidField',
      'paymentWalletIdentifier',
    ],
    [
      'different payment and receiving wallets',
      rfqBody({ receivingWalletIdentifier: DEFAULT_PENDING_WALLET }),
      {},
      400,
      'WalletMismatch',
      'receivingWalletIdentifier',
    ],
    [
      'a wallet that is not whitelisted',
      rfqBody({
        paymentWalletIdentifier: DEFAULT_PENDING_WALLET,
        receivingWalletIdentifier: DEFAULT_PENDING_WALLET,
      }),
      {},
      403,
      'WalletNotWhitelisted',
      'paymentWalletIdentifier',
    ],
    ['an unknown symbol', rfqBody({ symbol: 'NOPEx' }), {}, 422, 'UnknownAsset', 'symbol'],
    [
      'an atomic-trading halt',
      rfqBody({ symbol: 'GOOGLx' }),
      {},
      422,
      'AtomicTradingHalted',
      undefined,
    ],
    [
      'a trade below the minimum size',
      rfqBody({ symbol: 'AMCx', cashAmount: undefined, quantity: '0.5' }),
      {},
      422,
      'TradeSizeOutOfRange',
      'quantity',
    ],
    [
      'a trade above the per-transaction limit',
      rfqBody({ cashAmount: '250000.01' }),
      {},
      422,
      'LimitExceeded',
      'cashAmount',
    ],
    [
      'a compute-unit price without a limit',
      rfqBody({ computeUnitPrice: '1000' }),
      {},
      400,
      'InvalidField',
      'computeUnitLimit',
    ],
    [
      'a compute-unit limit without a price',
      rfqBody({ computeUnitLimit: 200_000 }),
      {},
      400,
      'InvalidField',
      'computeUnitPrice',
    ],
    [
      'a compute-unit limit above the runtime maximum',
      rfqBody({ computeUnitLimit: 1_400_001, computeUnitPrice: '1000' }),
      {},
      400,
      'InvalidField',
      'computeUnitLimit',
    ],
    [
      'a compute-unit price that is not a u64',
      rfqBody({ computeUnitLimit: 200_000, computeUnitPrice: '18446744073709551616' }),
      {},
      400,
      'InvalidField',
      'computeUnitPrice',
    ],
  ] as const)('rejects %s', async (_what, body, init, status, code, field) => {
    clock.set(MARKET_OPEN);
    const before = sim.requests.length;
    const response = await post(body, init);
    expect(response.status).toBe(status);
    expect(errorOf(response.json).code).toBe(code);
    expect(errorOf(response.json).field).toBe(field);
    expect(sim.requests.length).toBe(before + 1);
  });

  it('rejects a MarketHours asset outside market hours but trades an Always asset', async () => {
    clock.set(WEEKEND);
    const closed = await post(rfqBody({ symbol: 'AAPLx' }));
    expect([closed.status, errorOf(closed.json).code]).toEqual([422, 'MarketClosed']);
    const always = await post(rfqBody({ symbol: 'NVDAx' }));
    expect(always.status).toBe(501);
  });

  it('requires the API key', async () => {
    clock.set(MARKET_OPEN);
    expect((await post(rfqBody(), { key: null })).status).toBe(401);
    expect((await post(rfqBody(), { key: 'wrong-key-wrong-key' })).status).toBe(401);
  });

  it('refuses oversized bodies', async () => {
    const response = await post(rfqBody({ symbol: 'A'.repeat(20_000) }));
    expect(response.status).toBe(413);
  });
});

describe('quote lifecycle in the simulator', () => {
  async function quote(outcome: 'expire' | 'execute' | 'fail', symbol = 'AAPLx') {
    const s = await startTestSim({ rfqOutcome: outcome }, clock, sequentialIds(`q_${outcome}_`));
    extra.push(s);
    clock.set(MARKET_OPEN + HOUR);
    const created = await call(s, '/trades/swap/rfq', {
      method: 'POST',
      body: rfqBody({ symbol }),
    });
    expect(created.status).toBe(501);
    const id = errorOf(created.json).details?.quoteId as string;
    expect(created.headers.get('location')).toBe(`/api/v2/trades/swap/quote/${id}`);
    const at = async (seconds: number) => {
      clock.set(MARKET_OPEN + HOUR + seconds * 1000);
      const { json } = await call(s, `/trades/swap/quote/${id}`);
      const q = json as Record<string, string>;
      return `${q.generalStatus}/${q.hedgingStatus}/${q.blockchainStatus}`;
    };
    return { at };
  }

  it('expire (default): lapses after the asset quoteValiditySeconds with ExpiredExecution', async () => {
    const { at } = await quote('expire', 'TSLAx'); // TSLAx quotes are valid 20 s
    expect(await at(0)).toBe('Provided/NotStarted/GeneratingSignature');
    expect(await at(19.9)).toBe('Provided/NotStarted/PendingExecution');
    expect(await at(20)).toBe('Expired/NotStarted/ExpiredExecution');
  });

  it('execute: moves to Completed/Succeeded/Executed', async () => {
    const { at } = await quote('execute');
    expect(await at(1.5)).toBe('Provided/NotStarted/PendingExecution');
    expect(await at(3)).toBe('Accepted/PendingHedge/PendingExecution');
    expect(await at(5)).toBe('Accepted/InProgress/Executed');
    expect(await at(6)).toBe('Completed/Succeeded/Executed');
    expect(await at(DAY / 1000)).toBe('Completed/Succeeded/Executed');
  });

  it('fail: the chain leg fails and the hedge unwinds', async () => {
    const { at } = await quote('fail');
    expect(await at(5)).toBe('Accepted/InProgress/Failed');
    expect(await at(7)).toBe('Cancelled/Unwinding/Failed');
    expect(await at(9)).toBe('Cancelled/Unwound/Failed');
  });

  it('answers 404 for an unknown quote', async () => {
    const { status, json } = await call(sim, '/trades/swap/quote/q_unknown');
    expect([status, errorOf(json).code]).toEqual([404, 'QuoteNotFound']);
  });

  it('enforces the rolling daily limit with executed trades', async () => {
    const s = await startTestSim({ rfqOutcome: 'execute' }, clock, sequentialIds('q_day_'));
    extra.push(s);
    clock.set(MARKET_OPEN + HOUR);
    // AMCx: 50,000 per transaction, 200,000 per day
    for (let i = 0; i < 4; i++) {
      const r = await call(s, '/trades/swap/rfq', {
        method: 'POST',
        body: rfqBody({ symbol: 'AMCx', cashAmount: '50000.00' }),
      });
      expect(r.status).toBe(501);
      clock.advance(10_000);
    }
    const refused = await call(s, '/trades/swap/rfq', {
      method: 'POST',
      body: rfqBody({ symbol: 'AMCx', cashAmount: '10.00' }),
    });
    expect([refused.status, errorOf(refused.json).code]).toEqual([422, 'LimitExceeded']);
    clock.advance(DAY);
    const next = await call(s, '/trades/swap/rfq', {
      method: 'POST',
      body: rfqBody({ symbol: 'AMCx', cashAmount: '1000.00' }),
    });
    expect(next.status).not.toBe(422);
  });
});
