import {
  createTokenizedApiClient,
  formatDecimal,
  isQuoteTradeDone,
  isTokenizedApiError,
  TOKENIZED_API_ERROR__HTTP_STATUS,
  TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE,
  type TokenizedApiClient,
} from '@basket/tokenized-api';
import { STOCKS } from '@basket/world/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../src/index.ts';
import {
  DAY,
  HOUR,
  KEY,
  MARKET_OPEN,
  MINUTE,
  sequentialIds,
  settableClock,
  startTestSim,
  WALLET,
} from './support/harness.ts';

const clock = settableClock();
let sim: RunningSimulator;
let client: TokenizedApiClient;

beforeAll(async () => {
  // A small page size makes every list endpoint paginate.
  sim = await startTestSim({ maxPageSize: 4, rfqOutcome: 'execute' }, clock, sequentialIds());
  client = createTokenizedApiClient({ baseUrl: sim.baseUrl, apiKey: KEY });
});

afterAll(async () => {
  await sim.close();
});

const rfq = {
  symbol: 'AAPLx',
  side: 'Buy' as const,
  cashAmount: '2500.00',
  paymentWalletIdentifier: WALLET,
  receivingWalletIdentifier: WALLET,
};

async function rfqQuoteId(request = rfq): Promise<string> {
  const error = await client.requestRfq(request).catch((e: unknown) => e);
  if (!isTokenizedApiError(error, TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE)) throw error;
  return error.context.quoteId;
}

describe('the client against the simulator', () => {
  it('listAssets follows every page', async () => {
    clock.set(MARKET_OPEN);
    const before = sim.requests.length;
    const assets = await client.listAssets();
    expect(assets.map((a) => a.symbol)).toEqual(STOCKS.map((stock) => stock.symbol));
    expect(sim.requests.length - before).toBe(6); // 21 assets, 4 a page
    expect(new Set(assets.map((a) => a.tradingHoursMode))).toEqual(
      new Set(['MarketHours', 'TwentyFourFive', 'Always']),
    );
  });

  it('getAsset returns one asset with its mint', async () => {
    const asset = await client.getAsset('TSLAx');
    expect(asset).toMatchObject({
      symbol: 'TSLAx',
      status: 'Active',
      tradingHoursMode: 'TwentyFourFive',
    });
    expect(asset.deployments[0]?.mintAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('getPrice returns an exact decimal that moves with time', async () => {
    clock.set(MARKET_OPEN);
    const first = await client.getPrice('AAPLx');
    clock.set(MARKET_OPEN + 20 * MINUTE);
    const later = await client.getPrice('AAPLx');
    expect(first.price.scale).toBe(2);
    expect(formatDecimal(later.price)).not.toBe(formatDecimal(first.price));
    expect(later.timestamp.getTime()).toBe(MARKET_OPEN + 20 * MINUTE);
  });

  it('getMultiplier normalises ISO, epoch-seconds and epoch-millisecond activation times', async () => {
    clock.set(MARKET_OPEN);
    const aapl = await client.getMultiplier('AAPLx', { network: 'solana' });
    const tsla = await client.getMultiplier('TSLAx', { network: 'solana' });
    const nvda = await client.getMultiplier('NVDAx', { network: 'solana' });
    expect(aapl).toMatchObject({ reason: 'Dividend', hasPendingChange: true, network: 'solana' });
    expect(aapl.activationDateTime?.getTime()).toBe(MARKET_OPEN + 30 * MINUTE);
    // TSLAx (epoch seconds) and NVDAx (epoch ms): the next step is the daily FeeAccrual at 00:00 UTC
    expect(tsla.activationDateTime?.toISOString()).toBe('2025-01-07T00:00:00.000Z');
    expect(nvda.activationDateTime?.toISOString()).toBe('2025-01-07T00:00:00.000Z');
    expect(tsla.reason).toBe('FeeAccrual');
    // The world catalog's multiplier at the anchor (the 10-for-1 split is in its past)
    expect(formatDecimal(nvda.currentMultiplier)).toBe('2.50000000');
  });

  it('getMultiplier reports nothing scheduled as a null activation time', async () => {
    clock.set(MARKET_OPEN + 2 * DAY); // AMCx (no fee accrual) after its reverse split
    const amc = await client.getMultiplier('AMCx');
    expect(amc).toMatchObject({ activationDateTime: null, reason: null, hasPendingChange: false });
    expect(formatDecimal(amc.currentMultiplier)).toBe('0.01000000'); // the catalog's 0.1, / 10
  });

  it('getMultiplierHistory pages through 60 days of changes, newest first', async () => {
    clock.set(MARKET_OPEN);
    const history = await client.getMultiplierHistory('NVDAx');
    expect(history.length).toBeGreaterThan(50);
    expect(history.some((c) => c.reason === 'Split')).toBe(true);
    expect(history[0]?.reason).toBe('FeeAccrual');
    const times = history.map((c) => c.activationDateTime.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('getSystemStatus shows the seeded halts', async () => {
    clock.set(MARKET_OPEN);
    expect(await client.getSystemStatus('AMCx')).toMatchObject({ isMarketTradingHalted: false });
    clock.set(MARKET_OPEN + 18 * HOUR); // inside AMCx's pre-reverse-split halt
    expect(await client.getSystemStatus('AMCx')).toMatchObject({
      symbol: 'AMCx',
      isMarketTradingHalted: true,
      isAtomicTradingHalted: true,
    });
  });

  it('getUpcomingCorpActions and getCorpActionHistory cover every corporate-action reason', async () => {
    clock.set(MARKET_OPEN);
    const upcoming = await client.getUpcomingCorpActions();
    const history = await client.getCorpActionHistory();
    expect(new Set(upcoming.map((a) => a.reason))).toEqual(
      new Set(['Dividend', 'Split', 'ReverseSplit', 'Administrative']),
    );
    expect(history.map((a) => `${a.symbol}:${a.reason}`)).toEqual(['SPYx:Dividend', 'NVDAx:Split']);
    expect(await client.getUpcomingCorpActions({ symbol: 'TSLAx' })).toHaveLength(1);
    expect(upcoming.every((a) => a.activationDateTime.getTime() > MARKET_OPEN)).toBe(true);
  });

  it('getProofOfReserves returns an over-collateralised attestation', async () => {
    const por = await client.getProofOfReserves('SPYx');
    expect(formatDecimal(por.collateralizationRatio)).toBe('1.0015');
    expect(por.asOf.getTime() % HOUR).toBe(0);
  });

  it('getOracles and getOracle return 8-decimal prices', async () => {
    const all = await client.getOracles();
    const one = await client.getOracle('NVDAx');
    expect(all).toHaveLength(STOCKS.length);
    expect(one.price.scale).toBe(8);
    expect(all.find((o) => o.symbol === 'NVDAx')?.price).toEqual(one.price);
  });

  it('requestRfq records a quote (501: no transaction yet) that getQuote polls to completion', async () => {
    clock.set(MARKET_OPEN + 3 * HOUR);
    const id = await rfqQuoteId();
    const first = await client.getQuote(id);
    expect(first).toMatchObject({
      id,
      generalStatus: 'Provided',
      blockchainStatus: 'GeneratingSignature',
      signature: null,
    });
    clock.advance(4_500);
    expect(await client.getQuote(id)).toMatchObject({
      generalStatus: 'Accepted',
      blockchainStatus: 'Executed',
    });
    clock.advance(2_000);
    const done = await client.getQuote(id);
    expect(done).toMatchObject({ generalStatus: 'Completed', hedgingStatus: 'Succeeded' });
    expect(isQuoteTradeDone(done)).toBe(true);
  });

  it('requestRfq surfaces a validation refusal from the server without retrying', async () => {
    clock.set(MARKET_OPEN + 3 * HOUR);
    const before = sim.requests.length;
    const error = await client
      .requestRfq({ ...rfq, cashAmount: '999999.00' })
      .catch((e: unknown) => e);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__HTTP_STATUS)).toBe(true);
    expect((error as { context: unknown }).context).toMatchObject({
      status: 422,
      upstreamCode: 'LimitExceeded',
    });
    expect(sim.requests.length - before).toBe(1);
  });

  it('listXChangeAssets returns cents and per-asset timing', async () => {
    clock.set(MARKET_OPEN);
    const assets = await client.listXChangeAssets();
    const tsla = assets.find((a) => a.symbol === 'TSLAx');
    expect(tsla).toMatchObject({ quoteValiditySeconds: 20, executionTimeoutSeconds: 60 });
    for (const a of assets) {
      expect(Number.isInteger(a.bidPriceCents)).toBe(true);
      expect(a.askPriceCents).toBeGreaterThan(a.bidPriceCents);
    }
  });

  it('getFees, getRegisteredWallets and getLimits read the account tables', async () => {
    expect((await client.getFees()).map((f) => f.operation)).toEqual([
      'Swap',
      'Mint',
      'Redeem',
      'Bridge',
    ]);
    const wallets = await client.getRegisteredWallets();
    expect(wallets.find((w) => w.walletIdentifier === WALLET)?.status).toBe('Whitelisted');
    const limits = await client.getLimits();
    expect(
      formatDecimal(
        limits.find((l) => l.symbol === 'AAPLx')?.maxCashPerTransaction ?? { value: 0n, scale: 0 },
      ),
    ).toBe('250000.00');
  });

  it('getUsage counts completed trades in the rolling window', async () => {
    clock.set(MARKET_OPEN + 4 * HOUR);
    const before = (await client.getUsage()).find((u) => u.symbol === 'NVDAx');
    await rfqQuoteId({ ...rfq, symbol: 'NVDAx', cashAmount: '1000.00' });
    clock.advance(10_000);
    const after = (await client.getUsage()).find((u) => u.symbol === 'NVDAx');
    expect(after?.transactionCount).toBe((before?.transactionCount ?? 0) + 1);
    expect(formatDecimal(after?.cashUsed ?? { value: 0n, scale: 0 })).toBe('1000.00');
  });

  it('never sends the key to /public or /v2/oracles, always to /client and /trades', () => {
    const seen = sim.requests.filter((r) => r.path.startsWith('/api/v2/'));
    expect(seen.length).toBeGreaterThan(20);
    for (const r of seen) {
      const path = r.path.slice('/api/v2'.length);
      const authenticated = /^\/(client|trades|bridges)\//.test(path);
      expect(r.hadApiKey, `${r.method} ${path}`).toBe(authenticated);
    }
  });
});

describe('a deployment naming the swap routes /trades/xchange', () => {
  it('is reached by changing only the client option', async () => {
    const xsim = await startTestSim({ swapRoutePrefix: '/trades/xchange' });
    try {
      const xclient = createTokenizedApiClient({
        baseUrl: xsim.baseUrl,
        apiKey: KEY,
        swapRoutePrefix: '/trades/xchange',
      });
      expect(await xclient.listXChangeAssets()).toHaveLength(STOCKS.length);
      const plain = createTokenizedApiClient({ baseUrl: xsim.baseUrl, apiKey: KEY });
      await expect(plain.listXChangeAssets()).rejects.toThrow(/HTTP 404/);
    } finally {
      await xsim.close();
    }
  });
});
