// The rewards program's rows on a real Postgres from real LiteSVM transactions: the stake and
// the unstake, the posted epoch with its root and totals, the claim with what the claimant
// received; repeated and reordered deliveries change nothing; the wallet answer carries them;
// the stakers' reward APR (in kind and priced) against the same numbers computed here; the
// admins' actions (initialize, keepers, pause flags, reward mints, the sweep) in the audit feed.
import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/api-routes.ts';
import { createReadCache } from '../src/read-cache.ts';
import { rewardRoutes } from '../src/reward-routes.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { indexerDb } from './support/indexer-db.ts';
import { rewardsInitItem } from './support/rewards-init-scenario.ts';
import { type RewardsScenario, rewardsScenario } from './support/rewards-scenario.ts';

describe('rewards rows on Postgres from real transactions', () => {
  const t = indexerDb('rewards_events');
  let s: RewardsScenario;
  let init: Awaited<ReturnType<typeof rewardsInitItem>>;

  beforeAll(async () => {
    [, s, init] = await Promise.all([t.start(), rewardsScenario(), rewardsInitItem()]);
  }, 180_000);
  afterAll(() => t.stop());

  const deliver = (items: TransactionItem[]) => t.deliver('rewards', items);
  const rows = t.rows;

  it('writes stakes, the epoch and the claim as the chain made them, once whatever the deliveries', async () => {
    // Given the transactions delivered backwards, then all again in one batch
    for (const item of [...s.items].reverse()) await deliver([item]);
    await deliver(s.items);
    // Then each is a row once
    const stakes = await rows(
      'select kind, owner, stake_index, amount, tier_days from stakes order by slot',
    );
    expect(stakes).toEqual([
      {
        kind: 'stake',
        owner: s.staker,
        stake_index: '0',
        amount: s.stakeAmount.toString(),
        tier_days: 30,
      },
      {
        kind: 'unstake',
        owner: s.staker,
        stake_index: '0',
        amount: s.stakeAmount.toString(),
        tier_days: null,
      },
    ]);
    const epochs = await rows('select epoch_id, merkle_root, totals from reward_epochs');
    expect(epochs).toHaveLength(1);
    const epoch = epochs[0] as { epoch_id: string; merkle_root: string; totals: string[] };
    expect(epoch.epoch_id).toBe('1');
    expect(epoch.merkle_root).toBe(s.merkleRootHex);
    expect(epoch.totals.slice(0, 2)).toEqual(s.totals.map(String));
    const claims = await rows('select epoch_id, claimant, amounts from reward_claims');
    expect(claims).toHaveLength(1);
    const claim = claims[0] as { claimant: string; amounts: string[] };
    expect(claim.claimant).toBe(s.staker);
    expect(claim.amounts.slice(0, 2)).toEqual(s.claimed.map(String));
    expect(await rows('select * from unread_events')).toEqual([]);
  });

  it('serves the staker’s stakes and claims in the wallet answer', async () => {
    const app = fastify();
    app.register(apiRoutes(t.pool(), createReadCache()));
    try {
      const r = await app.inject({ method: 'GET', url: `/api/wallets/${s.staker}` });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body.stakes.map((x: { kind: string }) => x.kind)).toEqual(['stake', 'unstake']);
      expect(body.claims).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('serves the stakers’ reward APR in kind and in USD, as computed from the chain’s numbers', async () => {
    // Given prices the operator configured: USD per raw unit of the staking token and of the
    // two reward mints (exact decimals: 2e-6, 3e-4, 1e-5 = 2, 300, 10 millionths)
    const prices = { staking: '0.000002', rewards: ['0.0003', '0.00001'] };
    const app = fastify();
    app.register(rewardRoutes(t.pool(), createReadCache(), prices));
    const unpriced = fastify();
    unpriced.register(rewardRoutes(t.pool(), createReadCache(), null));
    try {
      // The window ends at the last rewards transaction (the unstake); the stake, epoch and
      // claim landed 31 days before it, the unstake took the whole stake out at the end.
      const times = s.items.map((i) => BigInt(i.blockTime as number));
      const [stakedAt, , claimedAt, end] = times as [bigint, bigint, bigint, bigint];
      const YEAR = 365n * 86_400n;
      // When the APR over 90 days is read (the stake and the claim are inside it)
      const r90 = (await app.inject({ method: 'GET', url: '/api/rewards/apr?days=90' })).json();
      // Then the stake-seconds are the stake over the time it was in force
      const stakeSeconds = s.stakeAmount * (end - stakedAt);
      expect(claimedAt - stakedAt < 90n * 86_400n).toBe(true);
      expect(r90).toMatchObject({
        days: 90,
        toUnixTime: Number(end),
        fromUnixTime: Number(end - 90n * 86_400n),
        stakeSeconds: stakeSeconds.toString(),
        priced: true,
      });
      const [c0, c1] = s.claimed as [bigint, bigint];
      expect(r90.claimed.slice(0, 2)).toEqual([c0.toString(), c1.toString()]);
      expect(r90.claimed.slice(2).every((x: string) => x === '0')).toBe(true);
      // In kind: raw reward per raw staked unit per year, x 1e12, rounded down
      expect(r90.yieldPerYearE12.slice(0, 2)).toEqual(
        [c0, c1].map((c) => ((c * YEAR * 10n ** 12n) / stakeSeconds).toString()),
      );
      // In USD: claims' value over the staked value per year, in bps, rounded down
      const usdMillionths = c0 * 300n + c1 * 10n;
      const want = (usdMillionths * 10_000n * YEAR) / (stakeSeconds * 2n);
      expect(want > 0n).toBe(true);
      expect(r90.aprBps).toBe(want.toString());
      // A 30-day window holds no claim (it was 31 days before the end) and the stake's last
      // 30 days: 0 bps, not unknown
      const r30 = (await app.inject({ method: 'GET', url: '/api/rewards/apr?days=30' })).json();
      expect(r30.stakeSeconds).toBe((s.stakeAmount * 30n * 86_400n).toString());
      expect(r30.claimed).toEqual([]);
      expect(r30.aprBps).toBe('0');
      // Without prices, the same window has its in-kind answer and no USD APR
      const u = (await unpriced.inject({ method: 'GET', url: '/api/rewards/apr?days=90' })).json();
      expect(u).toMatchObject({ priced: false, aprBps: null, stakeSeconds: r90.stakeSeconds });
      expect(u.yieldPerYearE12).toEqual(r90.yieldPerYearE12);
      expect((await app.inject({ method: 'GET', url: '/api/rewards/apr?days=0' })).statusCode).toBe(
        400,
      );
    } finally {
      await app.close();
      await unpriced.close();
    }
  });

  it('writes the admins’ actions with what the program recorded, the sweep with what it moved', async () => {
    // Given the admin transactions and another chain's initialize, delivered twice
    await deliver([init.item, ...s.adminItems]);
    await deliver([...s.adminItems].reverse());
    // Then the audit feed has each once, in order, with the values sent and measured
    const actions = await rows(
      `select signature, name, payload from admin_actions where program = 'rewards'
       order by slot, event_index`,
    );
    const a = s.admin;
    expect(actions.map((x) => [x.name, x.payload])).toEqual([
      [
        'initialized',
        {
          keeperCount: init.sent.keepers,
          threshold: init.sent.threshold,
          rewardMintCount: init.sent.rewardMints,
        },
      ],
      ['keepersRotated', { keeperCount: a.keeperCount }],
      ['pauseSet', { flags: 3 }],
      ['pauseSet', { flags: 0 }],
      ['rewardMintsSet', { count: a.rewardMints.length }],
      ['epochSwept', expect.objectContaining({ epochId: '1', mintCount: a.swept.length })],
      [
        'lastEpochReset',
        {
          previous: a.lastEpochReset.previous.toString(),
          lastEpochId: a.lastEpochReset.lastEpochId.toString(),
        },
      ],
    ]);
    expect(a.keeperCount).toBe(2);
    const last = actions.at(-2) as {
      signature: string;
      payload: { swept: { mint: string; amount: string }[] };
    };
    expect(last.signature).toBe(a.sig.sweep);
    // The sweep moved what the other claimant left: its amounts, per mint, as measured
    const swept = last.payload.swept.slice(0, a.swept.length);
    expect(swept).toEqual(a.swept.map((x) => ({ mint: x.mint, amount: x.amount.toString() })));
    expect(a.swept.map((x) => x.amount)).toEqual(
      s.totals.map((t, i) => t - (s.claimed[i] as bigint)),
    );
    expect(await rows('select * from unread_events')).toEqual([]);
  });
});
