// A stolen NAV signer key on the local world (decision 0997): a push signed with the world's
// NAV signer but not sent by the keeper lands, and the keeper's next check raises
// `nav-foreign-push` exactly once for that sequence (a second check and the tick after find the
// alert's record), then its push restores the true price; the keeper's own pushes and an admin
// `reset_sequence` over them raise nothing.
import {
  getPushSnapshotInstructionsFor,
  getResetSequenceInstructionFor,
  navSnapshotAccount,
  readAccounts,
} from '@basket/sdk';
import { loadWorldKeys, readSigner } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeeperContext } from '../src/jobs/context.ts';
import { checkPublication } from '../src/jobs/nav-publication.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import type { Keeper } from '../src/keeper.ts';
import type { KeeperSku } from '../src/service/config.ts';
import { type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';

let kw: KeeperWorld;
let keeper: Keeper;
let ctx: KeeperContext;
let sku: KeeperSku;
let admins: KeyPairSigner[];
const foreign: Record<string, unknown>[] = [];

beforeAll(async () => {
  // A still market: the keeper pushes the same prices each tick, so "restored" is exact.
  kw = await startKeeperWorld({ slotTimeMs: 100, freezeMarket: true });
  keeper = await kw.keeper('foreign-a');
  admins = (await loadWorldKeys(kw.world.dir)).admins as KeyPairSigner[];
  const first = keeper.context.skus[0];
  if (!first) throw new Error('no SKU');
  sku = first;
  ctx = {
    ...keeper.context,
    alert: (kind, severity, message, fields) => {
      if (kind === 'nav-foreign-push') foreign.push(fields ?? {});
      keeper.context.alert(kind, severity, message, fields);
    },
  };
}, 240_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

/** The snapshot as the job reads it. */
async function snapshot() {
  const [s] = await readAccounts(
    kw.world.chain.rpc,
    [navSnapshotAccount(sku.snapshot as Address, ctx.programs)],
    { commitment: 'confirmed' },
  );
  if (!s.exists) throw new Error('no snapshot');
  return {
    sequence: s.data.sequence,
    publishSlot: s.data.publishSlot,
    publishUnixTime: s.data.publishUnixTime,
    entries: s.data.entries.slice(0, s.data.entryCount),
  };
}

async function foreignAlertRows(): Promise<number> {
  const { rows } = await ctx.pool.query<{ n: string }>(
    "select count(*) as n from keeper.actions where job = 'nav-foreign-push'",
  );
  return Number(rows[0]?.n);
}

describe('a push the keeper did not make', () => {
  it("the keeper's own pushes raise nothing (the bootstrap's publication is not judged)", async () => {
    expect((await runNavPush(ctx, sku)).summary).toMatch(/sent/);
    expect((await runNavPush(ctx, sku)).summary).toMatch(/sent/);
    expect(await checkPublication(ctx, sku, await snapshot())).toMatchObject({ kind: 'own' });
    expect(foreign).toEqual([]);
  }, 120_000);

  it("an admin reset_sequence over the keeper's push raises nothing", async () => {
    const before = await snapshot();
    const reset = await getResetSequenceInstructionFor(
      { sku: sku.skuId, sequence: before.sequence + 1_000n, adminSigners: admins.slice(0, 3) },
      ctx.programs,
    );
    await kw.world.chain.land('reset_sequence', admins[0] as KeyPairSigner, [reset]);
    const raised = await snapshot();
    expect(raised.sequence).toBe(before.sequence + 1_000n);
    expect(raised.publishSlot).toBe(before.publishSlot);
    expect(await checkPublication(ctx, sku, raised)).toMatchObject({ kind: 'own-raised' });
    expect((await runNavPush(ctx, sku)).summary).toMatch(/sent/);
    expect(foreign).toEqual([]);
    expect(await foreignAlertRows()).toBe(0);
  }, 120_000);

  it('a push signed with the NAV key elsewhere is alerted once, and the next push restores the price', async () => {
    const ours = await snapshot();
    const nav = await readSigner(kw.world.manifest.keys.navSigner);
    const slot = await kw.world.chain.rpc.getSlot({ commitment: 'confirmed' }).send();
    // 5% up on every price: inside the 10% cap, as a thief walking the price would push.
    const entries = ours.entries.map((e) => ({
      priceUsd1E8: (e.priceUsd1E8 * 105n) / 100n,
      multiplierNum: e.multiplierNum,
      updatedSlot: slot,
      flags: e.flags,
    }));
    const push = await getPushSnapshotInstructionsFor(
      { keeper: nav.keyPair, sku: sku.skuId, sequence: ours.sequence + 1n, entries },
      ctx.programs,
    );
    await kw.world.chain.land('a push the keeper did not send', admins[0] as KeyPairSigner, push);
    const stolen = await snapshot();
    expect(stolen.sequence).toBe(ours.sequence + 1n);

    expect(await checkPublication(ctx, sku, stolen)).toMatchObject({
      kind: 'foreign',
      sequence: stolen.sequence,
      lastOwn: ours.sequence,
    });
    expect(foreign).toHaveLength(1);
    expect(foreign[0]).toMatchObject({ sku: sku.skuId, sequence: stolen.sequence.toString() });
    // Judged again (another tick, or the other replica): the alert's record holds it to one.
    expect(await checkPublication(ctx, sku, stolen)).toMatchObject({ kind: 'foreign' });
    expect(foreign).toHaveLength(1);

    // The tick checks first (the same foreign sequence: no second alert), then pushes the true
    // prices over it.
    expect((await runNavPush(ctx, sku)).summary).toMatch(/sent/);
    const restored = await snapshot();
    expect(restored.sequence).toBe(stolen.sequence + 1n);
    expect(restored.entries.map((e) => e.priceUsd1E8)).toEqual(
      ours.entries.map((e) => e.priceUsd1E8),
    );
    expect((await runNavPush(ctx, sku)).summary).toMatch(/sent/);
    expect(foreign).toHaveLength(1);
    expect(await foreignAlertRows()).toBe(1);
  }, 120_000);
});
