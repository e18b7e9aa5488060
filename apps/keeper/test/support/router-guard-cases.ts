// The withdrawal-router's cash raise under the leg guard, on a keeper world another suite
// started (registered by keeper-jobs-world.test.ts): while every asset's leg lock of the vault
// is held elsewhere (another job trading each of them now), the router sells nothing and the
// request waits; once released, the same run sells and the next snapshot pays the request.
import { describe, expect, it } from 'vitest';
import { LEG_LOCK_CLASS } from '../../src/jobs/leg-guard.ts';
import { runNavPush } from '../../src/jobs/nav-push.ts';
import { runWithdrawalRouter } from '../../src/jobs/withdrawal-router.ts';
import type { Keeper } from '../../src/keeper.ts';
import type { KeeperWorld } from './keeper-world.ts';
import {
  booksAndBalances,
  expectBooksMatch,
  requestUsdcWithdrawal,
  skuOf,
  waitNextChainSecond,
} from './vault-checks.ts';

/**
 * @example
 * describeRouterGuard(() => kw, (id) => keeper(id), 'TECH6');
 */
export function describeRouterGuard(
  world: () => KeeperWorld,
  keeper: (id: string) => Promise<Keeper>,
  skuId: string,
): void {
  describe('withdrawal-router: the cash raise takes the leg guard', () => {
    it('sells nothing while each asset is traded elsewhere, then sells and pays', async () => {
      const kw = world();
      const k = await keeper('router-guard');
      const sku = skuOf(k.context, skuId);
      const push = async () => expect((await runNavPush(k.context, sku)).summary).toMatch(/sent/);
      await push();
      const { request } = await requestUsdcWithdrawal(
        kw.world,
        k.context,
        skuId,
        { aboveCashRaw: 400_000_000n },
        { nonce: 31n, toleranceBps: 200 },
      );
      const books = async () =>
        (await booksAndBalances(kw.world, k.context, skuId)).map((r) => r.book);
      const before = await books();
      // Another session holds every asset's leg lock, as a queued rebalance leg would.
      const other = await k.context.pool.connect();
      try {
        for (const a of sku.assets) {
          await other.query('select pg_advisory_lock($1, hashtext($2))', [
            LEG_LOCK_CLASS,
            `${skuId}:${a.mint}`,
          ]);
        }
        const held = await runWithdrawalRouter(k.context, sku);
        expect(held.summary).toMatch(/raise-cash: no asset can be sold now/);
        expect(await books()).toEqual(before);
      } finally {
        await other.query('select pg_advisory_unlock_all()');
        other.release();
      }
      const sold = await runWithdrawalRouter(k.context, sku);
      expect(sold.summary).toMatch(/raise-cash: .*(executed|aggregator sent)/);
      await waitNextChainSecond(kw.world);
      await push();
      expect((await runWithdrawalRouter(k.context, sku)).summary).toMatch(/fulfil sent/);
      expect(await kw.world.chain.exists(request)).toBe(false);
      await expectBooksMatch(kw.world, k.context, skuId);
    }, 180_000);
  });
}
