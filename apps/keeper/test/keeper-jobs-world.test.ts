// The keeper's remaining end-to-end cases on one local world (real validator, the API and
// aggregator simulators on it, real Postgres), in the order they move the chain's clock:
// a leader killed in the middle of a rebalance leg (after its signature is recorded, and after
// its claim) is replaced with exactly one leg on chain; the issuer's powers (a delegate burn, a
// freeze, a delegate changed while no keeper ran) are each alerted once with a refresh_nav at
// once; collect_perf_fee lands past the 90-day period with NAV above the high-water mark; the
// corporate-action watch queues the freeze push of an upcoming split at activation - 1 h,
// the flag is on chain after it, and the severe alert is raised once. The withdrawal-router's
// cash raise sells nothing while the vault's assets are traded elsewhere (their leg locks).
import {
  findAssociatedTokenAddress,
  getNavQuote,
  NAV_ENTRY_FLAGS,
  quotePerfFee,
} from '@basket/sdk';
import type { RunningSimulator } from '@basket/tokenized-api-sim';
import { address, generateKeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCollectFees } from '../src/jobs/collect-fees.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { FREEZE_PUSH_MARGIN_MS, runCorpActionWatch } from '../src/jobs/corp-action-watch.ts';
import { runDriftScan, scanVaults } from '../src/jobs/drift-scan.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { runRebalanceExec } from '../src/jobs/rebalance-exec.ts';
import type { Keeper } from '../src/keeper.ts';
import { chainNowMs } from '../src/routes/chain-time.ts';
import {
  armKill,
  type KillPoint,
  killReplica,
  resolveNow,
  waitForLease,
} from './support/failover.ts';
import {
  approveDeviation,
  burnFrom,
  setFrozen,
  setMultiplier,
  setPermanentDelegate,
} from './support/issuer-actions.ts';
import { corporateActionSim, quotingSends } from './support/job-harness.ts';
import {
  actionRows,
  alertsOf,
  announced,
  assetValue,
  navs,
  snapshotEntry,
  vaultState,
} from './support/keeper-reads.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { describeRouterGuard } from './support/router-guard-cases.ts';
import {
  bookOf,
  booksAndBalances,
  holdingOf,
  landedSince,
  lastSignatureOf,
  mintIn,
  skuOf,
} from './support/vault-checks.ts';

let kw: KeeperWorld;
const open: Keeper[] = [];
const SKU = 'TECH6';
// NVDAx trades Always (its legs route the same at any hour) and has no transfer hook.
const LEG_SYMBOL = 'NVDAx';

beforeAll(async () => {
  kw = await startKeeperWorld({ slotTimeMs: 100 });
}, 240_000);
afterEach(async () => {
  for (const k of open.splice(0)) await k.close().catch(() => {});
}, 120_000);
afterAll(async () => {
  await kw?.stop();
});

async function keeper(id: string, over: Parameters<KeeperWorld['keeper']>[1] = {}) {
  const k = await kw.keeper(id, { minTradeUsd: '100', ...over });
  open.push(k);
  return k;
}

const push = async (k: Keeper, skuId = SKU) =>
  expect((await runNavPush(k.context, skuOf(k.context, skuId))).summary).toMatch(/sent/);

describe('a leader killed in the middle of a rebalance leg', () => {
  const cases: { point: KillPoint; survivorSends: boolean }[] = [
    { point: 'after-signature', survivorSends: false },
    { point: 'after-claim', survivorSends: true },
  ];
  for (const { point, survivorSends } of cases) {
    it(`killed ${point}: the survivor takes over, exactly one leg lands`, async () => {
      const leader = await keeper(`leader-${point}`);
      const survivor = await keeper(`survivor-${point}`);
      expect(leader.context.elector.lease()).not.toBeNull();
      expect(survivor.context.elector.lease()).toBeNull();
      const mint = mintIn(leader.context, SKU, LEG_SYMBOL);
      const holding = await holdingOf(kw.world, leader.context, SKU, mint);
      // A deposit leaves every asset under target: the leg buys NVDAx.
      await push(leader);
      await demoDeposit(kw.world, SKU, 20_000n);
      const since = await lastSignatureOf(kw.world, holding);
      const bookBefore = await bookOf(kw.world, leader.context, SKU, mint);
      const prefix = `rebalance:${SKU}:${mint}:`;
      // This case's legs only (an earlier case traded the same pair).
      const earlier = new Set(
        (await actionRows(leader.context, `${prefix}%`)).map((r) => r.action_key),
      );
      const armed = armKill(leader, point, prefix);
      const payload = { skuId: SKU, mint };
      const dying = runRebalanceExec(leader.context, payload).then(
        (r) => `finished: ${r.summary}`,
        (e: Error) => `failed: ${e.message}`,
      );
      const key = await Promise.race([armed.reached, dying]);
      expect(key.startsWith(prefix), key).toBe(true);
      const lease = leader.context.elector.lease();
      await killReplica(leader, survivor);
      open.splice(open.indexOf(leader), 1);
      await waitForLease(survivor);
      // The dead replica is left as it died: its leg's statement never returns, so its pool
      // never ends; what else it holds is closed unawaited (its lease is the survivor's now).
      void leader.close().catch(() => {});
      expect(survivor.context.elector.lease()?.token).toBe((lease?.token ?? 0n) + 1n);

      if (survivorSends) {
        // The dead leader's claim is in flight (no signature): the survivor waits for it.
        expect((await runRebalanceExec(survivor.context, payload)).summary).toMatch(/in flight/);
        expect(await landedSince(kw.world, holding, since)).toEqual([]);
      }
      // The survivor's in-flight resolver settles the row from the chain.
      expect(await resolveNow(survivor)).toBe(1);
      const settled = await actionRows(survivor.context, `${prefix}%`);
      expect(settled.find((r) => r.action_key === key)?.status).toBe(
        survivorSends ? 'expired' : 'sent',
      );
      const again = await runRebalanceExec(survivor.context, payload);
      if (survivorSends) expect(again.summary).toMatch(/RFQ .* executed|aggregator sent/);
      else expect(again.summary).toMatch(/^skipped: NVDAx: /);
      // What landed on the holding: one leg, whoever sent it; the action rows agree.
      const landed = await landedSince(kw.world, holding, since);
      expect(landed.filter((l) => !l.failed && l.moved > 0n)).toHaveLength(1);
      const rows = (await actionRows(survivor.context, `${prefix}%`)).filter(
        (r) => !earlier.has(r.action_key),
      );
      const sent = rows.filter((r) => r.status === 'sent');
      expect(sent.map((r) => r.signature)).toEqual([landed[0]?.signature]);
      expect(sent[0]?.token).toBe(String(survivorSends ? (lease?.token ?? 0n) + 1n : lease?.token));
      expect(rows.every((r) => r.status !== 'sending')).toBe(true);
      expect(await bookOf(kw.world, survivor.context, SKU, mint)).toBe(
        bookBefore + (landed[0]?.moved ?? 0n),
      );
      // Drift corrected once: NVDAx within the threshold, and a further run trades nothing.
      const [scanned] = await scanVaults(
        kw.world.chain.rpc,
        [skuOf(survivor.context, SKU)],
        survivor.context.programs,
      );
      const nvda = scanned?.drift.assets.find((a) => a.mint === mint);
      expect(Math.abs(nvda?.driftBps ?? 1e9)).toBeLessThan(
        survivor.context.config.driftThresholdBps,
      );
      expect((await runRebalanceExec(survivor.context, payload)).summary).toMatch(/^skipped/);
    }, 240_000);
  }
});

// The withdrawal-router's sales under the same leg guard (support/router-guard-cases.ts).
describeRouterGuard(() => kw, keeper, SKU);

describe("the issuer's powers over a vault's holdings", () => {
  it('a delegate burn from a holding: alerted once, refresh_nav at once, NAV = cash + what is left', async () => {
    const k = await keeper('issuer-burn');
    const mint = mintIn(k.context, SKU, LEG_SYMBOL);
    const holding = await holdingOf(kw.world, k.context, SKU, mint);
    await push(k);
    // The first scan records what it sees (nothing to alert).
    await runDriftScan(k.context);
    expect(await alertsOf(k, 'issuer-power-used', SKU)).toBe(0);
    const before = await navs(k.context, SKU);
    expect(before.refreshed).toBe(before.quote.navUsd?.down);
    const book = await bookOf(kw.world, k.context, SKU, mint);
    expect(book).toBeGreaterThan(4n);
    await burnFrom(kw.world, mint, holding, book / 4n);
    await runDriftScan(k.context);
    expect(await alertsOf(k, 'issuer-power-used', SKU)).toBe(1);
    const refreshes = await actionRows(k.context, `issuer-refresh:${SKU}:%`);
    expect(refreshes.map((r) => r.status)).toEqual(['sent']);
    // refresh_nav reconciled the book down to the balance and valued what is really there:
    // NAV fell by exactly the burned part's value at the same snapshot.
    const rows = await booksAndBalances(kw.world, k.context, SKU);
    for (const r of rows) expect(r.balance, r.name).toBe(r.book);
    expect(await bookOf(kw.world, k.context, SKU, mint)).toBe(book - book / 4n);
    const after = await navs(k.context, SKU);
    expect(after.refreshed).toBe(after.quote.navUsd?.down);
    expect(before.refreshed - after.refreshed).toBe(
      assetValue(before.quote, mint) - assetValue(after.quote, mint),
    );
    expect(before.refreshed - after.refreshed).toBeGreaterThan(0n);
    // The next scan sees the books whole again: no second alert, no second refresh.
    await runDriftScan(k.context);
    expect(await alertsOf(k, 'issuer-power-used', SKU)).toBe(1);
    expect(await actionRows(k.context, `issuer-refresh:${SKU}:%`)).toHaveLength(1);
  }, 120_000);

  it('a frozen holding: alerted once (not at every scan), refresh_nav at once, valued as held', async () => {
    const k = await keeper('issuer-freeze');
    const mint = mintIn(k.context, SKU, 'GOOGLx');
    const holding = await holdingOf(kw.world, k.context, SKU, mint);
    await push(k);
    await runDriftScan(k.context);
    const refreshesBefore = (await actionRows(k.context, `issuer-refresh:${SKU}:%`)).length;
    const before = (await navs(k.context, SKU)).quote;
    await setFrozen(kw.world, mint, holding, true);
    await runDriftScan(k.context);
    expect(await alertsOf(k, 'issuer-power-used', SKU)).toBe(1);
    const refreshes = await actionRows(k.context, `issuer-refresh:${SKU}:%`);
    expect(refreshes).toHaveLength(refreshesBefore + 1);
    expect(refreshes.at(-1)?.action_key).toMatch(/:frozen$/);
    expect(refreshes.at(-1)?.status).toBe('sent');
    // Still the vault's: valued at the snapshot price, NAV unchanged and as the chain prices it.
    const after = await navs(k.context, SKU);
    expect(after.refreshed).toBe(after.quote.navUsd?.down);
    expect(assetValue(after.quote, mint)).toBe(assetValue(before, mint));
    await runDriftScan(k.context);
    await runDriftScan(k.context);
    expect(await alertsOf(k, 'issuer-power-used', SKU)).toBe(1);
    // Thawed: nothing to alert; a later freeze would be new again.
    await setFrozen(kw.world, mint, holding, false);
    await runDriftScan(k.context);
    expect(await alertsOf(k, 'issuer-power-used', SKU)).toBe(1);
  }, 120_000);

  it('a delegate changed while no keeper ran is alerted once by the next keeper', async () => {
    const first = await keeper('issuer-before');
    await runDriftScan(first.context);
    await first.close();
    open.splice(open.indexOf(first), 1);
    const mint = mintIn(first.context, SKU, 'AAPLx');
    const holders = first.context.skus.filter((s) => s.assets.some((a) => a.mint === mint));
    const delegate = (await generateKeyPairSigner()).address;
    await setPermanentDelegate(kw.world, mint, delegate);
    const next = await keeper('issuer-after');
    await push(next);
    await runDriftScan(next.context);
    for (const s of holders) expect(await alertsOf(next, 'issuer-power-used', s.skuId)).toBe(1);
    const refresh = await actionRows(
      next.context,
      `issuer-refresh:${SKU}:%${mint}:permanent-delegate-changed`,
    );
    expect(refresh.map((r) => r.status)).toEqual(['sent']);
    // Recorded: neither this keeper's next scan nor another keeper alerts it again.
    await runDriftScan(next.context);
    const other = await keeper('issuer-other');
    await runDriftScan(other.context);
    for (const s of holders) {
      expect(await alertsOf(next, 'issuer-power-used', s.skuId)).toBe(1);
      expect(await alertsOf(other, 'issuer-power-used', s.skuId)).toBe(0);
    }
    const { rows } = await next.context.pool.query(
      'select powers from keeper.issuer_baselines where vault = $1 and mint = $2',
      [skuOf(next.context, SKU).vault, mint],
    );
    expect(rows[0]?.powers.permanentDelegate).toBe(delegate);
  }, 120_000);
});

describe('collect-fees: the performance fee', () => {
  it('lands past the 90-day period with NAV above the high-water mark, minting what the program computes', async () => {
    const k = await keeper('perf-fee');
    const sku = skuOf(k.context, SKU);
    await push(k);
    const mint = mintIn(k.context, SKU, LEG_SYMBOL);
    const entry = await snapshotEntry(k.context, mint, SKU);
    // A 2x multiplier (a stock dividend) lifts NVDAx's value per raw unit: NAV per share rises
    // well above the mark. The admins approve the push beyond the oracle's deviation cap.
    const chainNow = (await kw.world.clock.now()).unixTimestamp;
    await setMultiplier(kw.world, mint, 2 * (Number(entry.multiplierNum) / 1e12), chainNow + 1n);
    const vault = await vaultState(k.context, SKU);
    const due = vault.lastPerfFeeTime + 90n * 86_400n;
    await kw.world.clock.advanceBy(Number(due - chainNow + 3_600n) * 1_000);
    await approveDeviation(kw.world, SKU);
    await push(k);
    const quote = await getNavQuote(k.context.rpc, SKU, {
      programs: k.context.programs,
      commitment: 'confirmed',
    });
    const perf = quotePerfFee(quote, { programs: k.context.programs });
    if (!perf.ok) throw new Error(`perf fee refused: ${JSON.stringify(perf.refusal)}`);
    expect(perf.feeShares).toBeGreaterThan(0n);
    expect(quote.pricePerShare ?? 0n).toBeGreaterThan(quote.config.highWaterMarkPps);
    const treasury = await findAssociatedTokenAddress({
      owner: vault.treasury,
      mint: vault.shareMint,
      tokenProgram: address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
    });
    const held = async () =>
      (await kw.world.chain.exists(treasury)) ? await kw.world.chain.tokenAmount(treasury) : 0n;
    const before = await held();
    // The program prices each collection at its own second: the vault is quoted, from the
    // state each send will find, at every second the send may land in.
    const { ctx: collecting, quoted } = quotingSends(k.context, SKU);
    const first = await runCollectFees(collecting, sku);
    expect(first.summary).toMatch(/mgmt sent, perf sent/);
    const afterState = await vaultState(k.context, SKU);
    // Each collection is priced at the second it landed: its transaction's block time. The
    // vault's `last_mgmt_fee_time` is no measure of the management fee's: collect_perf_fee
    // accrues the fee too (owed, not minted) and moves it to its own second (decision 0911).
    const landedAt = async (key: string) => {
      const [row] = await actionRows(k.context, `${key}:${SKU}:%`);
      const tx = await kw.world.chain.rpc
        .getTransaction(row?.signature as never, {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      return quoted.get(key)?.get(BigInt(tx?.blockTime ?? -1));
    };
    const mgmtAt = await landedAt('mgmt-fee');
    // The fee is crystallized at the period end (the vault records the grid point, not the
    // landing second: decision 0101).
    expect(afterState.lastPerfFeeTime).toBe(due);
    const perfAt = await landedAt('perf-fee');
    const landed = perfAt ? quotePerfFee(perfAt, { programs: k.context.programs }) : null;
    if (!mgmtAt || !landed?.ok) throw new Error('a collection landed outside its quoted seconds');
    // The treasury received the management fee's shares and the performance fee's, each
    // exactly as quoted at the second it landed; the mark is the post-fee price.
    const mgmtShares = mgmtAt.supply.feeSharesOwed + mgmtAt.supply.accruedMgmtFeeShares;
    const perfMinted = (await held()) - before - mgmtShares;
    expect(perfMinted).toBe(landed.feeShares);
    expect(landed.feeShares).toBeGreaterThan(0n);
    expect(afterState.highWaterMarkPps).toBe(landed.newHwmPps);
    expect(afterState.lastPerfFeeTime).toBeGreaterThan(vault.lastPerfFeeTime);
    const rows = await actionRows(k.context, `perf-fee:${SKU}:%`);
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    // Once per period: the next run sends none.
    expect((await runCollectFees(k.context, sku)).summary).toMatch(/perf not due/);
  }, 180_000);
});

describe('corp-action-watch: an upcoming split', () => {
  let sim: RunningSimulator | undefined;
  afterAll(async () => {
    await sim?.close();
  });

  it('queues the freeze push at activation - 1 h, the flag is on chain after it, the severe alert once', async () => {
    // A simulator of the same chain that announces its built-in corporate actions and writes
    // them on chain, following the chain's clock, anchored so the TSLAx 3-for-1 split (2 days
    // after the anchor) activates 62 minutes from the chain's now.
    sim = await corporateActionSim(kw, 2 * 86_400_000 - 62 * 60_000);
    const k = await keeper('corp-watch', { tokenizedApiUrl: sim.baseUrl });
    const split = (await k.context.api.getUpcomingCorpActions()).find(
      (a) => a.symbol === 'TSLAx' && a.reason === 'Split',
    );
    if (!split) throw new Error('the simulator announces no TSLAx split');
    const holders = k.context.skus.filter((s) => s.assets.some((a) => a.symbol === 'TSLAx'));
    const queued: { task: string; jobKey: string; runAt: number }[] = [];
    let severe = 0;
    const watching: KeeperContext = {
      ...k.context,
      enqueue: async (task, _payload, o) => {
        queued.push({ task, jobKey: o.jobKey, runAt: o.runAt?.getTime() ?? Date.now() });
      },
      alert: (kind, severity, message, fields) => {
        if (kind === 'severe-corporate-action' && fields?.symbol === 'TSLAx') severe += 1;
        k.context.alert(kind, severity, message, fields);
      },
    };
    // The chain's clock (as the keeper reads it: confirmed) less the wall clock, read around
    // the run (the Clock has whole seconds).
    const chainLead = async () => {
      const wall = Date.now();
      return (await chainNowMs(k.context)) - wall;
    };
    const leadBefore = await chainLead();
    const startedAt = Date.now();
    await runCorpActionWatch(watching);
    // The job reads the chain's time once, then the wall clock at each enqueue: a runAt may
    // be late by up to the run's own duration.
    const tookMs = Date.now() - startedAt;
    const leadAfter = await chainLead();
    // The push is due a margin into the 1 h window (at its very start the asset is not frozen).
    const freezeAt = split.activationDateTime.getTime() - 3_600_000 + FREEZE_PUSH_MARGIN_MS;
    for (const s of holders) {
      const job = queued.find((q) => q.jobKey === `freeze:${s.skuId}:${split.id}`);
      expect(job?.task).toBe('nav-push');
      // runAt is wall time: when the chain's clock reads activation - 1 h and the margin.
      const runAt = job?.runAt ?? 0;
      expect(runAt).toBeGreaterThanOrEqual(freezeAt - Math.max(leadBefore, leadAfter) - 1_500);
      expect(runAt).toBeLessThanOrEqual(
        freezeAt - Math.min(leadBefore, leadAfter) + tookMs + 1_500,
      );
    }
    expect(severe).toBe(1);
    // The next hourly run queues the same keys again (the queue keeps one) and alerts nothing.
    await runCorpActionWatch(watching);
    expect(severe).toBe(1);
    // The split is on chain as a pending ScaledUiAmount change (what the API's multiplier
    // view reports) before the freeze is decided from it.
    await announced(sim, 'TSLAx');
    const tsla = mintIn(k.context, SKU, 'TSLAx');
    const frozen = async () =>
      ((await snapshotEntry(k.context, tsla, SKU)).flags &
        NAV_ENTRY_FLAGS.corporateActionFreeze) !==
      0;
    // Before the window, a push carries no freeze flag. This simulator prices at the chain's
    // time (90 days on), the last push at this machine's: the admins approve the first push
    // beyond the deviation cap, as the world does for its own simulator's first push.
    await approveDeviation(kw.world, SKU);
    await push(k);
    expect(await frozen()).toBe(false);
    // At the queued time (the chain's clock moved there), the freeze push carries it.
    const chainNow = Number((await kw.world.clock.now()).unixTimestamp) * 1_000;
    await kw.world.clock.advanceBy(freezeAt - chainNow);
    await kw.clock.sync();
    await push(k);
    expect(await frozen()).toBe(true);
  }, 180_000);
});
