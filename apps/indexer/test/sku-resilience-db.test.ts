// What the API lists does not hang on one event (issue 31 item 4), on a real Postgres: a vault
// whose `vaultInitialized` was never read is listed from its other events, and its TVL and NAV
// history are those of the full record; with any one event of the record missing, the list
// and TVL are unchanged and every NAV point that remains is valued as in the full record.
import { createLogger, createMetrics } from '@basket/service-kit';
import { getVaultInitializedEventEncoder, VaultEventKind } from '@basket/vault-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexerServer } from '../src/indexer-server.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { indexerDb } from './support/indexer-db.ts';
import {
  depositField,
  field,
  item,
  navRefreshedField,
  skuBytes,
} from './support/synthetic-items.ts';

const SKU = 'RESIL1';

function vaultInitializedField(eventSequence: bigint): string {
  const payload = getVaultInitializedEventEncoder().encode({
    skuId: skuBytes(SKU),
    shareMint: '11111111111111111111111111111113' as never,
    assetCount: 20,
    eventSequence,
  });
  return field(VaultEventKind.VaultInitialized, 1, new Uint8Array(payload));
}

/**
 * A vault's record, one event a transaction: init, then deposits and refreshes whose supply
 * moves 0 -> 1,000 -> 1,500 -> 1,750 -> 2,000 (each deposit says the supply before it).
 */
function record(): { name: string; item: TransactionItem }[] {
  const sku = skuBytes(SKU);
  const deposit = (seq: bigint, before: bigint, shares: bigint) =>
    depositField({ skuId: sku, eventSequence: seq, supplyBefore: before, shares });
  const refresh = (seq: bigint, nav: bigint) =>
    navRefreshedField({
      skuId: sku,
      eventSequence: seq,
      navDownUsd: nav,
      unixTime: 1_795_446_000n + seq * 60n,
    });
  const fields: [string, string][] = [
    ['vaultInitialized', vaultInitializedField(1n)],
    ['deposit 1', deposit(2n, 0n, 1_000n)],
    ['refresh 1', refresh(3n, 1_000_000n)],
    ['deposit 2', deposit(4n, 1_000n, 500n)],
    ['refresh 2', refresh(5n, 1_560_000n)],
    ['deposit 3', deposit(6n, 1_500n, 250n)],
    ['refresh 3', refresh(7n, 1_850_000n)],
    ['deposit 4', deposit(8n, 1_750n, 250n)],
  ];
  return fields.map(([name, f], i) => ({ name, item: item([f], { slot: 100 + i }) }));
}

describe('the SKU list, TVL and NAV history with an event missing', () => {
  const t = indexerDb('sku_resilience');
  let app: FastifyInstance;
  const full = record();

  beforeAll(async () => {
    await t.start();
    app = await indexerServer({
      config: {
        webhookSecret: 'resilience-secret-0123456789',
        bodyLimitBytes: 65_536,
        rateLimitPerMinute: 100_000,
        rewardPrices: null,
      },
      logger: createLogger({ name: 'resilience-test', level: 'silent' }),
      metrics: createMetrics('resilience_test'),
      writePool: t.pool(),
      readPool: t.pool(),
      readiness: [],
      // A fresh cache per read: every answer comes from the rows of the moment.
      cache: { get: (_k, _ttl, load) => load(), size: () => ({ real: 0, empty: 0 }) },
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t.stop();
  });

  /** The API's view after delivering `items` into empty tables. */
  async function viewOf(items: TransactionItem[]) {
    await t.rows('truncate transactions, events, skus');
    await t.deliver('vault', items);
    const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();
    const skus = (await get('/api/skus')) as { sku: string; tvlUsd: string; supply: string }[];
    const history = (await get(`/api/skus/${SKU}/nav-history`)).points as {
      unixTime: number;
      supply: string;
      pricePerShare: string;
    }[];
    return { skus, history };
  }

  it("lists a vault whose vaultInitialized was never read, with the full record's TVL and history", async () => {
    const whole = await viewOf(full.map((r) => r.item));
    expect(whole.skus.map((s) => s.sku)).toEqual([SKU]);
    const withoutInit = await viewOf(
      full.filter((r) => r.name !== 'vaultInitialized').map((r) => r.item),
    );
    expect(withoutInit).toEqual(whole);
    expect((await app.inject({ method: 'GET', url: `/api/skus/${SKU}` })).statusCode).toBe(200);
  });

  it('keeps the list, the TVL and every remaining NAV point whichever one event is missing', async () => {
    const whole = await viewOf(full.map((r) => r.item));
    expect(whole.history.map((p) => p.supply)).toEqual(['1000', '1500', '1750']);
    for (const missing of full) {
      const view = await viewOf(full.filter((r) => r !== missing).map((r) => r.item));
      expect(
        view.skus.map((s) => s.sku),
        missing.name,
      ).toEqual([SKU]);
      // A missing refresh takes only its own point (and, the last one, the TVL with it)
      const expected = whole.history.filter(
        (p) =>
          !(
            missing.name.startsWith('refresh') &&
            p.unixTime === Number(1_795_446_000n + BigInt(full.indexOf(missing) + 1) * 60n)
          ),
      );
      expect(view.history, missing.name).toEqual(expected);
      if (!missing.name.startsWith('refresh')) expect(view.skus, missing.name).toEqual(whole.skus);
    }
  });
});
