// The epoch distributor's catch-up on the local world: after an epoch paid, a keeper down over
// two Sundays (older than the cron's one-week backfill) pays both missed epochs in one run,
// oldest first, each once, sequential epoch ids; an epoch examined with nothing funded is not
// examined again once a later one closes, and the last closed epoch is still paid when its
// funding arrives later in its week.

import { loadWorldKeys } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochKey, lastClosedEpoch } from '../src/decisions/epoch.ts';
import { runEpochDistributor } from '../src/jobs/epoch-distributor.ts';
import { epochRoot, fundKeeper, stake } from './support/epoch-world.ts';
import { type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';

let kw: KeeperWorld;
const WEEK_MS = 7 * 86_400_000;

beforeAll(async () => {
  kw = await startKeeperWorld({ slotTimeMs: 100 });
}, 480_000);
afterAll(async () => {
  await kw?.stop();
});

describe('epoch-distributor catch-up', () => {
  it('pays two missed epochs oldest first, each once; the last closed one when funded late', async () => {
    const keys = await loadWorldKeys(kw.world.dir);
    const [alice] = keys.demoWallets as [KeyPairSigner];
    await stake(kw.world, alice, 100_000_000n, 30);
    await fundKeeper(kw.world, keys.distributor, keys.issuer, 1_000_000n);
    const now = (await kw.world.clock.now()).unixTimestamp;
    const w1 = lastClosedEpoch(now).end + 7n * 86_400n;
    await kw.world.clock.advanceBy(Number(w1 - now + 60n) * 1000);
    const k = await kw.keeper('epoch-catch-up');
    const first = await runEpochDistributor(k.context);
    expect(first.summary).toMatch(new RegExp(`distribute_epoch 1 \\(${epochKey(w1)}\\).*: sent`));

    // No keeper over the next two Sundays; funding for them arrives meanwhile.
    await fundKeeper(kw.world, keys.distributor, keys.issuer, 2_000_000n);
    await kw.world.clock.advanceBy(2 * WEEK_MS);
    const [w2, w3] = [w1 + 7n * 86_400n, w1 + 14n * 86_400n];
    const second = await runEpochDistributor(k.context);
    const epochs = (
      second.details as { epochs: { summary: string; epochId?: string; root?: string }[] }
    ).epochs;
    // The older missed epoch first, with the funding; the next finds nothing left to pay.
    expect(epochs.map((e) => e.summary)).toEqual([
      expect.stringMatching(
        new RegExp(`distribute_epoch 2 \\(${epochKey(w2)}\\).*2000000 of .*: sent`),
      ),
      expect.stringMatching(new RegExp(`^${epochKey(w3)}: no reward funded`)),
    ]);
    expect(epochs[0]?.root).toBe(await epochRoot(kw.world, 2n));

    // Again: the epoch paid is never examined again, only the last closed one.
    const third = await runEpochDistributor(k.context);
    expect(third.summary).toMatch(new RegExp(`^${epochKey(w3)}: no reward funded`));
    expect(third.summary).not.toMatch(new RegExp(epochKey(w2)));

    // Funding for the last closed epoch arrives later in its week: it is paid, as epoch 3.
    await fundKeeper(kw.world, keys.distributor, keys.issuer, 500_000n);
    const fourth = await runEpochDistributor(k.context);
    expect(fourth.summary).toMatch(
      new RegExp(`distribute_epoch 3 \\(${epochKey(w3)}\\).*500000 of .*: sent`),
    );
    expect((fourth.details as { root: string }).root).toBe(await epochRoot(kw.world, 3n));
    const fifth = await runEpochDistributor(k.context);
    expect(fifth.summary).toMatch(/already paid \(sent\)/);
    await k.close();
  }, 300_000);
});
