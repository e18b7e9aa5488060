// Reconciliation on the local world after the `npm start` scenario (over RPC: deposits, the
// rebalance legs that put tokens behind the books, both withdrawals, the fees, a redemption):
// every vault's rows equal the chain in every compared quantity, the share supply, the cash
// book and each asset's book included. Then a transaction's rows are deleted from the database
// (a delivery lost): the round finds the missing event and the quantities it moved, the
// repair backfills it from the RPC, and the next round is clean.
import { join } from 'node:path';
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics } from '@basket/service-kit';
import { programAddressesOf, startWorld, type TestWorld } from '@basket/world';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetOf } from '../../scenario/src/main.ts';
import { numberedNarrator } from '../../scenario/src/narrator.ts';
import { runScenario } from '../../scenario/src/scenario.ts';
import { ingestDelivery, ingestMetrics } from '../src/ingest.ts';
import { comparedFields, differences } from '../src/reconcile.ts';
import { reconcileMetrics, reconcileRound } from '../src/reconcile-job.ts';
import { createIndexerRpc } from '../src/rpc-client.ts';
import { type Indexer, startIndexer } from '../src/start-indexer.ts';
import { drained, emitterFor, indexerConfig } from './support/world-indexer.ts';

describe('reconciliation on the local world after the scenario', () => {
  let world: TestWorld;
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let indexer: Indexer;
  const metrics = reconcileMetrics(createMetrics('reconcile_world'));
  const round = (repair: boolean) =>
    reconcileRound({
      pool: indexer.writePool,
      rpc: createIndexerRpc(world.localnet.rpcUrl, 50),
      programs: programAddressesOf(world.manifest),
      metrics,
      repair,
    });

  beforeAll(async () => {
    world = await startWorld();
    db = await startTestDatabase('reconcile_world');
    indexer = await startIndexer(
      indexerConfig(world, db.url),
      createLogger({ name: 'reconcile-world', level: 'silent' }),
      createMetrics('reconcile_world_indexer'),
    );
    await runScenario(
      numberedNarrator(() => {}),
      targetOf(['--rpc', world.localnet.rpcUrl, '--world', join(world.dir, 'world.json')]) as never,
    );
    await emitterFor(world, indexer.url, join(world.dir, 'emitter')).tick();
    await drained(indexer);
  }, 900_000);

  afterAll(async () => {
    await indexer?.close();
    await db?.close();
    await world?.stop();
  });

  it('reconciles every vault clean: events, requests, claims, supply, cash and every book', async () => {
    const r = await round(false);
    expect(r.moving).toEqual([]);
    expect(r.compared.length).toBeGreaterThanOrEqual(2);
    expect(differences(r.compared)).toEqual([]);
    for (const s of r.compared) {
      const fields = comparedFields(s).map((f) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['supply', 'cash', 'book_0']));
    }
    // The scenario's vault holds tokens behind its books (its rebalance legs), compared too
    const held = r.compared.flatMap((s) =>
      comparedFields(s).filter((f) => f.field.startsWith('book_') && f.chain > 0n),
    );
    expect(held.length).toBeGreaterThan(0);
    for (const s of r.compared)
      for (const { field } of comparedFields(s)) {
        const gauge = (await metrics.difference.get()).values.find(
          (v) => v.labels.sku === s.sku && v.labels.field === field,
        );
        expect(gauge?.value).toBe(0);
      }
  });

  it('finds a transaction whose rows were deleted, backfills it from the RPC and is clean again', async () => {
    // Given the rows of the newest transaction that moved an asset book are deleted (a lost
    // delivery): its events and the transaction itself
    const { rows } = await indexer.writePool.query<{ signature: string; sku: string }>(
      `select signature, sku from events
       where program = 'vault' and status = 'decoded'
         and name in ('rebalanceSettled', 'withdrawInKind', 'redemptionBegun')
       order by slot desc limit 1`,
    );
    const lost = rows[0];
    if (!lost) throw new Error('the scenario moved no asset book');
    await indexer.writePool.query('delete from events where signature = $1', [lost.signature]);
    await indexer.writePool.query('delete from transactions where signature = $1', [
      lost.signature,
    ]);

    // When a round runs without repair, the vault differs: a missing event and what it moved
    const found = await round(false);
    const fields = differences(found.compared)
      .filter((d) => d.sku === lost.sku)
      .map((d) => d.field);
    expect(fields).toContain('events');
    expect(fields.some((f) => f.startsWith('book_') || f === 'cash' || f === 'supply')).toBe(true);

    // And a round with repair backfills the lost transaction from the RPC
    const repaired = await round(true);
    expect(repaired.repaired).toBeGreaterThanOrEqual(1);
    const pending = await indexer.writePool.query<{ id: string }>(
      `select id from deliveries where source = 'backfill' and processed_at is null order by id`,
    );
    const counters = ingestMetrics(createMetrics('reconcile_world_ingest'));
    for (const d of pending.rows)
      await ingestDelivery(
        indexer.writePool,
        BigInt(d.id),
        programAddressesOf(world.manifest),
        counters,
      );
    await drained(indexer);

    // Then the next round is clean, the lost transaction indexed again
    const after = await round(false);
    expect(differences(after.compared)).toEqual([]);
    const back = await indexer.writePool.query('select 1 from transactions where signature = $1', [
      lost.signature,
    ]);
    expect(back.rows).toHaveLength(1);
  });
});
