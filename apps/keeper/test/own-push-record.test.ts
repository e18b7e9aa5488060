// The keeper's record of its own NAV pushes, as the foreign-push check reads it (decision 0997),
// on a real Postgres: the entries a push claims with stay on its row while its outcome is
// unknown and after the in-flight resolver settles it landed, so a raised sequence over that
// push is told from a foreign one; rows of other SKUs, refresh-nav rows and alerts' rows are
// not pushes.
import { describe, expect, it } from 'vitest';
import { entriesFingerprint, publicationOrigin } from '../src/decisions/publication-origin.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { ownPushes } from '../src/jobs/nav-publication.ts';
import { claimAction, finishAction, resolveInFlight } from '../src/service/actions.ts';
import type { KeeperSku } from '../src/service/config.ts';
import { tryAcquireLease } from '../src/service/lease.ts';
import { keeperDatabase } from './support/keeper-database.ts';

const db = keeperDatabase('keeper-own-push');
const sku = { skuId: 'TECH6' } as KeeperSku;
const entries = [
  { priceUsd1E8: 18_923_000_000n, multiplierNum: 1_000_000_000_000n, updatedSlot: 90n, flags: 0 },
];

describe('own push record', () => {
  it('a push settled landed by the in-flight resolver keeps its entries: a raise over it is its own', async () => {
    const pool = db.pool();
    const lease = await tryAcquireLease(pool, 'keeper', 'a', 60_000);
    if (!lease) throw new Error('no lease');
    const detail = { sku: 'TECH6', sequence: '7', entries: entriesFingerprint(entries) };
    expect(
      (await claimAction(pool, lease, 'nav-push:TECH6:7', 'nav-push', 0, detail)).claimed,
    ).toBe(true);
    // Its signature recorded, the send's outcome unknown: the row stays `sending`.
    await pool.query(
      "update keeper.actions set signature = 'sig7', updated_at = now() - interval '1 hour'",
    );
    // Not pushes of TECH6: another SKU, the refresh (the same job), an alert's record.
    for (const key of ['nav-push:TECH60:9', 'refresh-nav:TECH6:7']) {
      await claimAction(pool, lease, key, 'nav-push', 0);
      await finishAction(pool, key, 'sent', null, {});
    }
    await claimAction(pool, lease, 'nav-foreign-push-alert:TECH6:8', 'nav-foreign-push', 0);
    const ctx = { pool } as unknown as KeeperContext;
    expect(await ownPushes(ctx, sku)).toEqual([
      { sequence: 7n, status: 'sending', entries: detail.entries },
    ]);
    expect(await resolveInFlight(pool, async () => [{ err: null }], 1_000)).toBe(1);
    const own = await ownPushes(ctx, sku);
    expect(own).toEqual([{ sequence: 7n, status: 'sent', entries: detail.entries }]);
    const raised = { sequence: 1_007n, publishSlot: 92n, publishUnixTime: 1n, entries };
    expect(publicationOrigin(raised, own)).toMatchObject({ kind: 'own-raised', pushedAt: 7n });
  });
});
