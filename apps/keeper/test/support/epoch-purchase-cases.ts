// The epoch-distributor's reward purchase on the local world (registered by
// keeper-trading-day-world.test.ts on its world after the day, one world start less) (real validator, the API
// simulator's RFQ backed by it, the aggregator over the world's swap venue, real Postgres).
// Swept fees sit in the keeper's stablecoin account; the reward mints are NVDAx (multiplier
// 2.5, trades Always: the RFQ) and the hooked HOODx (multiplier 1.25, hook program in record
// mode; its RFQ refused by the simulator, so the aggregator). A dry run buys and sends
// nothing; the purchase lands once; a run after it (the crash-between-purchase-and-
// distribution case) resumes at the distribution; the artifact's root is the posted root; a
// claim of both mints lands; a second run and a second replica buy and pay nothing more.
// Every amount is checked to the unit against values computed here.
import { readFileSync } from 'node:fs';
import { nextOpen } from '@basket/market-calendar';
import { type DistributionArtifact, verifyArtifact } from '@basket/merkle';
import { findAssociatedTokenAddress } from '@basket/sdk';
import { loadWorldKeys } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochKey, lastClosedEpoch } from '../../src/decisions/epoch.ts';
import { runEpochDistributor } from '../../src/jobs/epoch-distributor.ts';
import { buyEpochRewards, type PurchaseOutcome } from '../../src/jobs/reward-purchase.ts';
import type { Keeper } from '../../src/keeper.ts';
import { expectedPayouts, setRewardMints, stockMint, sweepFeesTo } from './epoch-purchase-world.ts';
import { claimFromArtifact, epochRoot, stake } from './epoch-world.ts';
import type { KeeperWorld } from './keeper-world.ts';

let kw: KeeperWorld;
const open: Keeper[] = [];

const SHARE_BPS = 8_000;

/**
 * Registers the reward-purchase suite on a world another suite started (the simulator and
 * the keepers following the chain's clock, which this suite moves forward): its keepers are
 * its own, closed after it; no other keeper may be running.
 *
 * @example
 * describeEpochPurchase(() => kw);
 */
export function describeEpochPurchase(world: () => KeeperWorld): void {
  describe('epoch-distributor buys the reward stocks from swept fees', () => {
    beforeAll(() => {
      kw = world();
    });
    afterAll(async () => {
      for (const k of open.splice(0)) await k.close().catch(() => {});
    }, 120_000);

    it('buys once (RFQ, and the aggregator after a refused RFQ), pays the epoch once, claims land', async () => {
      const world = kw.world;
      const keys = await loadWorldKeys(world.dir);
      const [alice, bob] = keys.demoWallets as [KeyPairSigner, KeyPairSigner];
      const nvda = stockMint(world, 'NVDAx');
      const hood = stockMint(world, 'HOODx');
      await setRewardMints(world, [nvda, hood]);
      await stake(world, alice, 100_000_000n, 30);
      await stake(world, bob, 50_000_000n, 90);
      const stableAccount = await sweepFeesTo(world, keys.distributor, 1_000_000_123n);
      const swept = await world.chain.tokenAmount(stableAccount);
      // The stakes' epoch closes at the next Sunday 00:00 UTC of the chain's clock; the job runs
      // 30 minutes into the next US session after it (chain time), so both reward stocks' swap
      // windows are open (NVDAx trades Always, HOODx MarketHours) and the RFQ route is taken.
      const now = (await world.clock.now()).unixTimestamp;
      const window = lastClosedEpoch(lastClosedEpoch(now).end + 7n * 86_400n + 60n);
      const opens = nextOpen('MarketHours', Number(window.end) * 1000);
      if (!opens) throw new Error('no next session');
      await kw.clock.travelTo(opens.getTime() + 30 * 60_000);
      expect(lastClosedEpoch(BigInt(Math.floor(kw.clock.now() / 1000)))).toEqual(window);

      // The budget and its split, computed here: 80% of the account, NVDAx 3 : HOODx 1, down.
      const budget = (swept * BigInt(SHARE_BPS)) / 10_000n;
      const nvdaPart = (budget * 3n) / 4n;
      const hoodPart = (budget * 1n) / 4n;
      const over = {
        rewardShareBps: SHARE_BPS,
        rewardWeights: { [nvda]: 3, [hood]: 1 },
        rewardMaxSlipBps: 300,
      };
      const during = (k: Keeper) => {
        const api = k.context.api;
        return {
          ...k.context,
          // The simulator itself refuses HOODx's RFQ: beyond its per-transaction limit (422).
          api: {
            ...api,
            requestRfq: (request: Parameters<typeof api.requestRfq>[0]) =>
              api.requestRfq(
                request.symbol === 'HOODx' ? { ...request, cashAmount: '999999999.00' } : request,
              ),
          },
        };
      };
      const funding = async (mint: Address) =>
        world.chain.tokenAmount(
          await findAssociatedTokenAddress({
            owner: keys.distributor.address,
            mint,
            tokenProgram: world.manifest.stocks.find((s) => s.mint === mint)
              ?.tokenProgram as Address,
          }),
        );

      // A dry run says what it would buy and sends nothing.
      const dry = await kw.keeper('epoch-dry', { ...over, dryRun: true });
      open.push(dry);
      const rehearsal = await runEpochDistributor(during(dry));
      expect(rehearsal.summary).toMatch(/NVDAx: \$\d+\.\d\d would buy via swap/);
      expect(rehearsal.summary).toMatch(/HOODx: \$\d+\.\d\d would buy via swap/);
      expect(await world.chain.tokenAmount(stableAccount)).toBe(swept);
      const rows = await dry.context.pool.query('select 1 from keeper.actions where job = $1', [
        'epoch-distributor',
      ]);
      expect(rows.rowCount).toBe(0);
      await dry.close();

      // The purchase, then a crash before the distribution (the purchase step alone).
      const k = await kw.keeper('epoch-a', over);
      open.push(k);
      const epoch = epochKey(window.end);
      const bought = await buyEpochRewards(during(k), epoch, [nvda, hood]);
      const [n, h] = bought as [PurchaseOutcome, PurchaseOutcome];
      expect(n, n.detail).toMatchObject({ status: 'bought', route: 'rfq' });
      expect(h, h.detail).toMatchObject({ status: 'bought', route: 'aggregator' });
      expect(h.detail).toMatch(/after: RFQ for HOODx refused with HTTP 422/);
      // The RFQ spends at most NVDAx's part (whole cents); the aggregator exactly HOODx's.
      expect(n.stablePaid).toBeLessThanOrEqual(nvdaPart);
      expect(n.stablePaid).toBeGreaterThan(nvdaPart - nvdaPart / 100n);
      expect(h.stablePaid).toBe(hoodPart);
      const nvdaBought = n.stockReceived as bigint;
      const hoodBought = h.stockReceived as bigint;
      expect(nvdaBought).toBeGreaterThan(0n);
      expect(hoodBought).toBeGreaterThan(0n);
      expect(await world.chain.tokenAmount(stableAccount)).toBe(
        swept - (n.stablePaid as bigint) - hoodPart,
      );
      expect(await funding(nvda)).toBe(nvdaBought);
      expect(await funding(hood)).toBe(hoodBought);

      // The restart resumes at the distribution: nothing bought again.
      const paid = await runEpochDistributor(during(k));
      expect(paid.summary).toMatch(/: sent, artifact /);
      const details = paid.details as {
        epochId: string;
        file: string;
        purchases: PurchaseOutcome[];
      };
      expect(details.purchases.map((p) => p.status)).toEqual(['already-bought', 'already-bought']);
      expect(await world.chain.tokenAmount(stableAccount)).toBe(
        swept - (n.stablePaid as bigint) - hoodPart,
      );
      const artifact = JSON.parse(readFileSync(details.file, 'utf8')) as DistributionArtifact;
      expect(verifyArtifact(artifact)).toEqual([]);
      expect(artifact.root).toBe(await epochRoot(world, BigInt(details.epochId)));
      expect(artifact.rewardMints).toEqual([nvda, hood]);

      // Each staker's payout computed here from the stake records, rounded down.
      const wallets = [alice.address, bob.address];
      const nvdaPay = await expectedPayouts(world, wallets, window, nvdaBought);
      const hoodPay = await expectedPayouts(world, wallets, window, hoodBought);
      for (const w of wallets) {
        const leaf = artifact.claims.find((c) => c.claimant === w);
        expect(leaf?.amounts).toEqual([String(nvdaPay.get(w)), String(hoodPay.get(w))]);
      }
      const sum = (m: Map<Address, bigint>) => [...m.values()].reduce((x, y) => x + y, 0n);
      expect(artifact.totals).toEqual([String(sum(nvdaPay)), String(sum(hoodPay))]);
      // What rounding left stays in the funding accounts for the next epoch.
      expect(await funding(nvda)).toBe(nvdaBought - sum(nvdaPay));
      expect(await funding(hood)).toBe(hoodBought - sum(hoodPay));

      // Bob claims both, the hooked HOODx with its hook's accounts.
      expect(await claimFromArtifact(world, bob, artifact)).toEqual([
        nvdaPay.get(bob.address),
        hoodPay.get(bob.address),
      ]);

      // A second run and a second replica buy and pay nothing more.
      const stableAfter = await world.chain.tokenAmount(stableAccount);
      const again = await runEpochDistributor(during(k));
      expect(again.summary).toMatch(/already paid \(sent\)/);
      const b = await kw.keeper('epoch-b', over);
      open.push(b);
      expect((await runEpochDistributor(during(b))).summary).toMatch(/already paid \(sent\)/);
      const replica = await buyEpochRewards(during(b), epoch, [nvda, hood]);
      expect(replica.map((p) => p.status)).toEqual(['already-bought', 'already-bought']);
      expect(await world.chain.tokenAmount(stableAccount)).toBe(stableAfter);
      const purchases = await k.context.pool.query<{ action_key: string; status: string }>(
        "select action_key, status from keeper.actions where action_key like 'reward-purchase:%' order by action_key",
      );
      expect(purchases.rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    }, 300_000);
  });
}
