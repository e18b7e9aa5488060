// The oracle's admin events on a real Postgres, from real LiteSVM transactions: the
// configuration, the snapshot created, the deviation approved, the keepers rotated and the
// sequence reset land in the operator's audit feed once each, with the values the oracle's accounts hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexerDb } from './support/indexer-db.ts';
import {
  ORACLE_SKU,
  type OracleAdminScenario,
  oracleAdminScenario,
} from './support/oracle-admin-scenario.ts';

describe('oracle admin rows on Postgres from real transactions', () => {
  const t = indexerDb('oracle_admin');
  let s: OracleAdminScenario;

  beforeAll(async () => {
    [, s] = await Promise.all([t.start(), oracleAdminScenario()]);
  }, 180_000);
  afterAll(() => t.stop());

  const deliver = (items: OracleAdminScenario['items']) => t.deliver('oracle', items);

  it('writes each admin action once with the values the oracle recorded', async () => {
    // Given the transactions delivered out of order, one of them twice
    await deliver([...s.items].reverse());
    await deliver(s.items.slice(1, 2));
    // Then each is one row of the audit feed, in chain order
    const rows = await t.rows(
      `select signature, name, sku, payload from admin_actions where program = 'oracle'
       order by slot, event_index`,
    );
    const m = s.measured;
    expect(rows).toEqual([
      {
        signature: s.sig.initialize,
        name: 'configInitialized',
        sku: null,
        payload: { keeperCount: 1, threshold: m.threshold },
      },
      {
        signature: s.sig.createSnapshot,
        name: 'snapshotCreated',
        sku: ORACLE_SKU,
        payload: { skuId: ORACLE_SKU, mintCount: m.snapshotMints.length },
      },
      {
        signature: s.sig.approveDeviation,
        name: 'deviationApproved',
        sku: ORACLE_SKU,
        payload: { skuId: ORACLE_SKU, sequence: m.approvedSequence.toString() },
      },
      {
        signature: s.sig.rotateKeepers,
        name: 'keepersRotated',
        sku: null,
        payload: {
          keeperCount: m.keeperCountAfter,
          keeperSetVersion: m.keeperSetVersionAfter.toString(),
        },
      },
      {
        signature: s.sig.resetSequence,
        name: 'sequenceReset',
        sku: ORACLE_SKU,
        payload: {
          skuId: ORACLE_SKU,
          previous: m.resetFrom.toString(),
          sequence: m.resetTo.toString(),
        },
      },
    ]);
    expect(m.threshold).toBe(3);
    expect(m.keeperCountAfter).toBe(2);
    expect(await t.rows('select * from unread_events')).toEqual([]);
  });
});
