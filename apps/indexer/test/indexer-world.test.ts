// The indexer end to end on the local world: real vault and oracle transactions, posted by the
// webhook emitter as raw-transaction webhooks, become rows once each; duplicates add nothing;
// strangers are refused; rows finalize; the analytics agree with the chain; a backfill into an
// empty database writes the same rows.
import { join } from 'node:path';
import { waitFor } from '@basket/localnet';
import { startTestDatabase } from '@basket/postgres-server';
import { readAccounts, vaultStateAccount } from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import { programAddressesOf, startWorld, type TestWorld } from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Indexer, startIndexer } from '../src/start-indexer.ts';
import { type Activity, SKU, vaultActivity } from './support/world-flows.ts';
import { drained, emitterFor, indexerConfig, SECRET } from './support/world-indexer.ts';

const count = async (indexer: Indexer, sql: string, params: unknown[] = []) =>
  (await indexer.writePool.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;

describe('the indexer on the local world', () => {
  let world: TestWorld;
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let indexer: Indexer;
  let activity: Activity;
  const metrics = createMetrics('indexer_test');

  beforeAll(async () => {
    // 100 ms slots: rows finalize 32 slots after their transaction, 3 s instead of 13 s.
    world = await startWorld({ slotTimeMs: 100 });
    db = await startTestDatabase('indexer');
    indexer = await startIndexer(
      indexerConfig(world, db.url),
      createLogger({ name: 'indexer-test', level: 'silent' }),
      metrics,
    );
    activity = await vaultActivity(world);
    await emitterFor(world, indexer.url, join(world.dir, 'emitter-a')).tick();
    await drained(indexer);
  }, 300_000);

  afterAll(async () => {
    await indexer?.close();
    await db?.close();
    await world?.stop();
  });

  it('writes the deposit and the stablecoin withdrawal as the chain made them', async () => {
    const deposits = await indexer.writePool.query(
      'select * from vault_deposits where depositor = $1 and sku = $2',
      [activity.depositor, SKU],
    );
    expect(deposits.rows).toHaveLength(1);
    expect(deposits.rows[0].shares).toBe(activity.sharesMinted.toString());
    expect(deposits.rows[0].raw_amount).toBe(activity.depositedRaw.toString());
    const withdrawals = await indexer.writePool.query(
      `select * from vault_withdrawals where owner = $1 and kind = 'stable'`,
      [activity.depositor],
    );
    expect(withdrawals.rows).toHaveLength(1);
    expect(withdrawals.rows[0].shares).toBe(activity.withdrawnShares.toString());
    expect(withdrawals.rows[0].cash_raw).toBe(activity.stableReceived.toString());
    // And the oracle's pushes and the vault's refreshes are rows too
    expect(
      await count(indexer, `select count(*)::int as n from nav_pushes where sku = $1`, [SKU]),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count(indexer, `select count(*)::int as n from nav_refreshes where sku = $1`, [SKU]),
    ).toBeGreaterThanOrEqual(2);
  });

  it('a second delivery of every transaction adds deliveries but not one row', async () => {
    const events = await count(indexer, 'select count(*)::int as n from events');
    const deliveries = await count(indexer, 'select count(*)::int as n from deliveries');
    // When a fresh emitter (no cursor) posts everything again
    await emitterFor(world, indexer.url, join(world.dir, 'emitter-b')).tick();
    await drained(indexer);
    // Then the deliveries were stored and the rows are the same
    expect(await count(indexer, 'select count(*)::int as n from deliveries')).toBeGreaterThan(
      deliveries,
    );
    expect(await count(indexer, 'select count(*)::int as n from events')).toBe(events);
  });

  it('refuses a wrong or missing secret, a malformed body and an oversized one, storing nothing', async () => {
    const before = await count(indexer, 'select count(*)::int as n from deliveries');
    const post = (body: string, auth?: string) =>
      fetch(`${indexer.url}/webhooks/vault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body,
      });
    expect((await post('[]', 'wrong-secret-0123456789')).status).toBe(401);
    expect((await post('[]')).status).toBe(401);
    const bad = await post(
      JSON.stringify([{ slot: 1, meta: {}, transaction: { signatures: ['x'] } }]),
      SECRET,
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/transaction\.signatures\.0/);
    expect((await post(`[${'1,'.repeat(200_000)}1]`, SECRET)).status).toBe(413);
    expect(
      (await fetch(`${indexer.url}/webhooks/other`, { method: 'POST', body: '[]' })).status,
    ).toBe(404);
    expect(await count(indexer, 'select count(*)::int as n from deliveries')).toBe(before);
    expect(
      await metrics.registry.getSingleMetricAsString('indexer_test_webhook_auth_failures_total'),
    ).toMatch(/endpoint="vault"} 2/);
  });

  it('moves rows to finalized, and removes a transaction the cluster never knew', async () => {
    // Given a row for a signature no cluster has, first seen long ago
    const ghost = '1'.repeat(64);
    await indexer.writePool.query(
      `insert into transactions (signature, slot, commitment, first_seen) values ($1, 1, 'confirmed', now() - interval '1 hour')`,
      [ghost],
    );
    await indexer.writePool.query(
      `insert into events (signature, event_index, program, program_address, status, instruction_index, depth, slot, payload)
       values ($1, 0, 'vault', 'x', 'unknown', 0, 1, 1, '{}')`,
      [ghost],
    );
    // Then the finality pass deletes it and its event, and finalizes the real ones
    await waitFor(
      'rows did not all finalize',
      async () =>
        (await count(
          indexer,
          `select count(*)::int as n from transactions where commitment = 'confirmed'`,
        )) === 0
          ? true
          : null,
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    expect(
      await count(indexer, 'select count(*)::int as n from transactions where signature = $1', [
        ghost,
      ]),
    ).toBe(0);
    expect(
      await count(indexer, 'select count(*)::int as n from events where signature = $1', [ghost]),
    ).toBe(0);
    expect(
      await count(
        indexer,
        `select count(*)::int as n from transactions where commitment = 'finalized'`,
      ),
    ).toBeGreaterThan(0);
    // And each pass measured how far the newest indexed transaction is behind the head
    const lag = await metrics.registry.getSingleMetricAsString('indexer_test_chain_head_lag_slots');
    expect(Number(/chain_head_lag_slots (\d+)/.exec(lag)?.[1])).toBeGreaterThanOrEqual(0);
  }, 90_000);

  it('reports TVL and NAV per share over the supply the chain holds', async () => {
    const sku = world.manifest.skus.find((s) => s.skuId === SKU);
    const response = await fetch(`${indexer.url}/api/skus/${SKU}`);
    expect(response.status).toBe(200);
    const summary = await response.json();
    // The supply the indexer followed event by event is the share mint's supply on chain
    const supply = await world.chain.rpc
      .getTokenSupply(sku?.shareMint as Address, { commitment: 'confirmed' })
      .send();
    expect(summary.supply).toBe(supply.value.amount);
    const nav = BigInt(summary.tvlUsd);
    expect(BigInt(summary.pricePerShare)).toBe((nav * 10n ** 12n) / BigInt(supply.value.amount));
    const history = await (await fetch(`${indexer.url}/api/skus/${SKU}/nav-history`)).json();
    expect(history.points.at(-1).navUsd).toBe(summary.tvlUsd);
    expect((await fetch(`${indexer.url}/api/skus/NOPE`)).status).toBe(404);
    const wallet = await (await fetch(`${indexer.url}/api/wallets/${activity.depositor}`)).json();
    expect(wallet.deposits).toHaveLength(1);
    const fees = await (await fetch(`${indexer.url}/api/skus/${SKU}/fees`)).json();
    expect(BigInt(fees.withdrawal.usd)).toBeGreaterThan(0n);
    // The management fee accrued and not yet collected is read from the vault account: at
    // least what the account says is owed (accrual since its last update comes on top)
    const [vault] = await readAccounts(
      world.chain.rpc,
      [vaultStateAccount(sku?.vault as Address, programAddressesOf(world.manifest))],
      { commitment: 'confirmed' },
    );
    if (!vault.exists) throw new Error('vault missing');
    expect(BigInt(fees.management.accrued.shares)).toBeGreaterThanOrEqual(vault.data.feeSharesOwed);
    expect(BigInt(fees.management.accrued.usd)).toBe(
      (BigInt(fees.management.accrued.shares) * BigInt(summary.pricePerShare)) / 10n ** 12n,
    );
  });

  it('reconciles every vault of the world clean with the chain, each one listed', async () => {
    // Given the fresh world's vaults (their init included) and the activity indexed
    const { reconcileRound } = await import('../src/reconcile-job.ts');
    const { differences } = await import('../src/reconcile.ts');
    const { createIndexerRpc } = await import('../src/rpc-client.ts');
    // When the rows are compared with the chain at each vault's event sequence
    const round = await reconcileRound({
      pool: indexer.writePool,
      rpc: createIndexerRpc(world.localnet.rpcUrl, 50),
      programs: programAddressesOf(world.manifest),
      repair: false,
    });
    // Then every vault on chain was compared and nothing differs
    expect(round.moving).toEqual([]);
    expect(round.compared.map((c) => c.sku)).toContain(SKU);
    expect(differences(round.compared)).toEqual([]);
    // And the API lists every one of them
    const listed = (
      (await (await fetch(`${indexer.url}/api/skus`)).json()) as { sku: string }[]
    ).map((s) => s.sku);
    for (const c of round.compared) expect(listed).toContain(c.sku);
  });

  it('a backfill into an empty database writes the same vault rows', async () => {
    const other = await startTestDatabase('indexer_backfill');
    const second = await startIndexer(
      { ...indexerConfig(world, other.url), finalityIntervalMs: 600_000 },
      createLogger({ name: 'indexer-test-2', level: 'silent' }),
      createMetrics('indexer_test_2'),
    );
    try {
      const { backfill } = await import('../src/backfill.ts');
      const { createIndexerRpc } = await import('../src/rpc-client.ts');
      const result = await backfill({
        pool: second.writePool,
        rpc: createIndexerRpc(world.localnet.rpcUrl, 50),
        program: 'vault',
        programAddress: programAddressesOf(world.manifest).vault,
        until: { slot: 0n },
        pageSize: 5,
      });
      expect(result.stored).toBeGreaterThan(0);
      await drained(second);
      const rowsOf = async (i: Indexer) =>
        (
          await i.writePool.query(
            `select signature, event_index, name, payload from events where program = 'vault' and status = 'decoded' order by signature, event_index`,
          )
        ).rows;
      expect(await rowsOf(second)).toEqual(await rowsOf(indexer));
      // And running it again finds everything indexed and fetches nothing
      const again = await backfill({
        pool: second.writePool,
        rpc: createIndexerRpc(world.localnet.rpcUrl, 50),
        program: 'vault',
        programAddress: programAddressesOf(world.manifest).vault,
        until: { slot: 0n },
      });
      expect(again.stored).toBe(result.stored);
    } finally {
      await second.close();
      await other.close();
    }
  });
});
