// The redemption payer on the local world: the demo wallet redeems TECH6 shares in kind
// through a claim (begin_redemption, then the SDK's pay_redemption of every slot) while the
// issuer has frozen the vault's holding of one stock: the other stock and the cash are paid by
// the flow, the frozen slot stays owed. The keeper's job leaves it while frozen; the issuer
// thaws; the job pays it exactly once over two runs: the claim closes, the wallet receives
// exactly what was owed, one action row.
import {
  findAssociatedTokenAddress,
  getBeginRedemptionInstructionFor,
  getPayRedemptionInstructionsFor,
  readAccounts,
  redemptionClaimAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenProgramAddress,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import { loadWorldKeys, readSigner } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { getFreezeAccountInstruction, getThawAccountInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { executeLeg, planLeg } from '../src/jobs/rebalance-exec.ts';
import { runRedemptionPayer } from '../src/jobs/redemption-payer.ts';
import type { Keeper } from '../src/keeper.ts';
import { KEEPER_SCHEMA } from '../src/service/schema.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';

const USD = 100_000_000n;
let kw: KeeperWorld;
let keeper: Keeper;

beforeAll(async () => {
  kw = await startKeeperWorld({ slotTimeMs: 100 });
  keeper = await kw.keeper('redemption-a', { redemptionOwedAlertSeconds: 60 });
}, 480_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
}, 120_000);

describe('redemption-payer', () => {
  it('pays a slot owed while frozen once the issuer thaws it, exactly once', async () => {
    const ctx = keeper.context;
    const sku = ctx.skus.find((s) => s.skuId === 'TECH6');
    if (!sku) throw new Error('no TECH6');
    const rpc = kw.world.chain.rpc;
    const issuer = (await loadWorldKeys(kw.world.dir)).issuer;
    const wallet: KeyPairSigner = await readSigner(kw.world.manifest.keys.demoWallets[0] as string);
    await runNavPush(ctx, sku);
    await demoDeposit(kw.world, sku.skuId, 3_000n);

    // Two stocks bought into the basket (the world's vaults start with cash only).
    const bought: string[] = [];
    for (const { mint } of sku.assets) {
      if (bought.length === 2) break;
      const plan = await planLeg(ctx, sku.skuId, mint, 200n * USD);
      if ('skipped' in plan || plan.route.route === 'skip' || plan.trade.side !== 'buy') continue;
      try {
        if (/sent|executed/.test((await executeLeg(ctx, plan)).summary)) bought.push(mint);
      } catch {
        // Priced outside the vault's bound at the venue now: another stock.
      }
    }
    expect(bought).toHaveLength(2);
    await runNavPush(ctx, sku);

    const readVault = async () => {
      const [v] = await readAccounts(rpc, [vaultStateAccount(sku.vault as Address, ctx.programs)], {
        commitment: 'confirmed',
      });
      if (!v?.exists) throw new Error('no vault');
      return { address: v.address, data: v.data } as VaultStateAccount;
    };
    let vault = await readVault();
    const slotOf = (mint: string) => vault.data.assets.findIndex((a) => a.mint === mint);
    const [frozenSlot, paidSlot] = bought.map(slotOf) as [number, number];
    const frozen = vault.data.assets[frozenSlot];
    if (!frozen) throw new Error('no asset');
    const freezeOrThaw = (thaw: boolean) => {
      const accounts = { account: frozen.holding, mint: frozen.mint, owner: issuer };
      const config = { programAddress: tokenProgramAddress(frozen.tokenProgram) };
      const instruction = thaw
        ? getThawAccountInstruction(accounts, config)
        : getFreezeAccountInstruction(accounts, config);
      // A freeze or thaw on an issuer mint: a few Token-2022 transfers' worth of units.
      const costs = [{ key: 'token2022.transferChecked' as const, count: 3 }];
      return kw.world.chain.land(thaw ? 'thaw holding' : 'freeze holding', issuer, [
        { instruction, costs },
      ]);
    };

    // The issuer freezes the vault's holding; the wallet redeems half its shares.
    await freezeOrThaw(false);
    const shareSource = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const shares = (await kw.world.chain.tokenAmount(shareSource)) / 2n;
    const begin = await getBeginRedemptionInstructionFor(
      { owner: wallet, vault, shareSource, shares, nonce: 7n },
      ctx.programs,
    );
    await kw.world.chain.land('begin_redemption', wallet, [begin]);
    const readClaim = async () => {
      const [c] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim, ctx.programs)], {
        commitment: 'confirmed',
      });
      return c?.exists ? c : null;
    };
    const made = await readClaim();
    if (!made) throw new Error('no claim');
    const owedFrozen = made.data.owed[frozenSlot] ?? 0n;
    expect(owedFrozen).toBeGreaterThan(0n);
    expect(made.data.owed[paidSlot]).toBeGreaterThan(0n);

    // The flow pays what moves: the other stock and the cash; the frozen slot is deferred.
    vault = await readVault();
    const flow = await getPayRedemptionInstructionsFor(
      {
        payer: wallet,
        vault,
        claim: { address: made.address, data: made.data },
        slots: [frozenSlot, paidSlot],
        cash: made.data.cashOwed > 0n,
      },
      { rpc, programs: ctx.programs, commitment: 'confirmed' },
    );
    expect(flow.deferred.map((d) => [d.slot, d.reason])).toEqual([[frozenSlot, 'HoldingFrozen']]);
    await kw.world.chain.land('pay_redemption (flow)', wallet, flow.instructions);
    const owing = await readClaim();
    expect(owing?.data.owed.map((o, i) => (o > 0n ? i : -1)).filter((i) => i >= 0)).toEqual([
      frozenSlot,
    ]);
    expect(owing?.data.cashOwed).toBe(0n);

    // While frozen the keeper pays nothing and says why; past the alert age (60 s here) the
    // claim is alerted once over two runs, and counted overdue while it lasts.
    await kw.world.clock.advanceBy(90_000);
    const waiting = await runRedemptionPayer(ctx, sku);
    expect(waiting.summary).toContain(`${begin.claim} waiting: slot ${frozenSlot} HoldingFrozen`);
    await runRedemptionPayer(ctx, sku);
    const overdue = async () =>
      (await ctx.metrics.redemptionClaimsOverdue.get()).values.find(
        (v) => v.labels.sku === sku.skuId,
      )?.value;
    const alerts = async () =>
      (await ctx.metrics.alerts.get()).values.find((v) => v.labels.kind === 'redemption-owed')
        ?.value;
    expect([await overdue(), await alerts()]).toEqual([1, 1]);
    expect((await readClaim())?.data.owed[frozenSlot]).toBe(owedFrozen);

    // The issuer thaws: the next run pays the slot; a second run finds no claim.
    await freezeOrThaw(true);
    const destination = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: frozen.mint,
      tokenProgram: tokenProgramAddress(frozen.tokenProgram),
    });
    const before = await kw.world.chain.tokenAmount(destination);
    const holdingBefore = await kw.world.chain.tokenAmount(frozen.holding);
    await runNavPush(ctx, sku);
    // A dry run says what it would pay and pays nothing.
    const dry = await kw.keeper('redemption-dry', { dryRun: true });
    try {
      const would = await runRedemptionPayer(dry.context, sku);
      expect(would.summary).toContain(
        `dry-run: ${sku.skuId}: ${begin.claim} ${frozenSlot} would pay`,
      );
    } finally {
      await dry.close();
    }
    expect((await readClaim())?.data.owed[frozenSlot]).toBe(owedFrozen);
    const paid = await runRedemptionPayer(ctx, sku);
    expect(paid.summary).toContain(`${begin.claim} ${frozenSlot} sent`);
    const again = await runRedemptionPayer(ctx, sku);
    expect(again.summary).toBe(`${sku.skuId}: no open claim`);
    expect([await overdue(), await alerts()]).toEqual([0, 1]);

    expect(await readClaim()).toBeNull();
    expect((await kw.world.chain.tokenAmount(destination)) - before).toBe(owedFrozen);
    expect(holdingBefore - (await kw.world.chain.tokenAmount(frozen.holding))).toBe(owedFrozen);
    const rows = await ctx.pool.query<{ action_key: string; status: string }>(
      `select action_key, status from ${KEEPER_SCHEMA}.actions where action_key like $1`,
      [`redemption:${begin.claim}:%`],
    );
    expect(rows.rows.map((r) => [r.action_key.split(':')[2], r.status])).toEqual([
      [String(frozenSlot), 'sent'],
    ]);
    vault = await readVault();
    expect(vault.data.assets[frozenSlot]?.claimsOwedRaw).toBe(0n);
  }, 240_000);
});
