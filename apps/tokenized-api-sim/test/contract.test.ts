import {
  assetLimitSchema,
  assetSchema,
  assetUsageSchema,
  corporateActionSchema,
  DEFAULT_ROUTES,
  feeScheduleEntrySchema,
  fillPath,
  multiplierChangeSchema,
  multiplierStateSchema,
  type OperationName,
  oraclePriceSchema,
  priceDataSchema,
  proofOfReservesSchema,
  quoteStateSchema,
  registeredWalletSchema,
  swapAssetSchema,
  systemStatusSchema,
} from '@basket/tokenized-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type RunningSimulator, SEED_ASSETS } from '../src/index.ts';
import {
  call,
  DAY,
  HOUR,
  MARKET_OPEN,
  MINUTE,
  rfqBody,
  settableClock,
  startTestSim,
  WEEKEND,
} from './support/harness.ts';

/** The client's schema for each operation's body (list operations: the item schema). */
const SCHEMAS: Record<Exclude<OperationName, 'requestRfq'>, z.ZodType> = {
  listAssets: assetSchema,
  getAsset: assetSchema,
  getPrice: priceDataSchema,
  getMultiplier: multiplierStateSchema,
  getMultiplierHistory: multiplierChangeSchema,
  getSystemStatus: systemStatusSchema,
  getUpcomingCorpActions: corporateActionSchema,
  getCorpActionHistory: corporateActionSchema,
  getProofOfReserves: proofOfReservesSchema,
  getOracles: oraclePriceSchema,
  getOracle: oraclePriceSchema,
  getQuote: quoteStateSchema,
  listXChangeAssets: swapAssetSchema,
  getFees: feeScheduleEntrySchema,
  getRegisteredWallets: registeredWalletSchema,
  getLimits: assetLimitSchema,
  getUsage: assetUsageSchema,
};

/** Instants that exercise the schedule: open, closed, around each corporate action. */
const INSTANTS = [
  MARKET_OPEN,
  MARKET_OPEN + 29 * MINUTE,
  MARKET_OPEN + 31 * MINUTE,
  MARKET_OPEN + 18 * HOUR,
  MARKET_OPEN + DAY + 2 * HOUR,
  MARKET_OPEN + 2 * DAY,
  MARKET_OPEN + 6 * DAY,
  WEEKEND,
];

const clock = settableClock();
let sim: RunningSimulator;
let quoteId = '';

beforeAll(async () => {
  sim = await startTestSim({ maxPageSize: 1000 }, clock, () => 'q_contract');
  const rfq = await call(sim, '/trades/swap/rfq', { method: 'POST', body: rfqBody() });
  expect(rfq.status).toBe(501);
  quoteId = (rfq.json as { error: { details: { quoteId: string } } }).error.details.quoteId;
});

afterAll(async () => {
  await sim.close();
});

function pathsOf(operation: Exclude<OperationName, 'requestRfq'>): string[] {
  const template = DEFAULT_ROUTES[operation].path;
  if (template.includes('{id}')) return [fillPath(template, { id: quoteId })];
  if (template.includes('{symbol}'))
    return SEED_ASSETS.map((a) => fillPath(template, { symbol: a.symbol }));
  return [template];
}

describe('contract: the simulator answers what the client accepts', () => {
  it.each(Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[])(
    '%s at every test instant',
    async (operation) => {
      for (const instant of INSTANTS) {
        clock.set(instant);
        for (const path of pathsOf(operation)) {
          // Given the simulator at this instant / When the endpoint is fetched raw
          const query = DEFAULT_ROUTES[operation].paginated ? '?page=1&pageSize=1000' : '';
          const { status, json } = await call(sim, `${path}${query}`);
          expect(status, path).toBe(200);
          // Then the client's schema accepts the body (every item, for lists)
          const schema = SCHEMAS[operation];
          const items = DEFAULT_ROUTES[operation].paginated
            ? (json as { data: unknown[] }).data
            : [json];
          expect((json as { hasNextPage?: boolean }).hasNextPage ?? false).toBe(false);
          for (const item of items) {
            const result = schema.safeParse(item);
            expect(
              result.success,
              `${path} @ ${new Date(instant).toISOString()}: ${JSON.stringify(result.error?.issues)}`,
            ).toBe(true);
          }
        }
      }
    },
  );

  it('serves every route of the client route table (and nothing answers 404)', async () => {
    const operations = Object.keys(DEFAULT_ROUTES) as OperationName[];
    expect(operations.sort()).toEqual([...Object.keys(SCHEMAS), 'requestRfq'].sort());
    for (const operation of operations) {
      if (operation === 'requestRfq') continue;
      for (const path of pathsOf(operation)) {
        expect((await call(sim, path)).status, path).toBe(200);
      }
    }
  });

  it('answers errors in the documented error shape', async () => {
    const { status, json } = await call(sim, '/public/assets/NOPEx');
    expect(status).toBe(404);
    expect(json).toEqual({
      error: { code: 'AssetNotFound', message: expect.any(String), field: 'symbol' },
    });
  });
});
