// One key per role on the local world (issue 29 item 3, decision 0900), proven from the chain:
// each landed transaction is read back with getTransaction. A NAV push is paid by the fee payer
// and its Ed25519 payload carries the NAV signer's key (the vault keeper key is named nowhere in
// it, and it is not in the oracle's keeper set); an aggregator leg is signed by the vault keeper
// key and the trade authority and paid by the fee payer, as is the creation of the trade
// authority's token accounts; an epoch distribution is signed by the distributor and paid by
// the fee payer. No transaction has the keeper key as its fee payer.
import { findOracleConfigPda } from '@basket/oracle-client';
import { oracleConfigAccount, readAccounts } from '@basket/sdk';
import { loadWorldKeys } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastClosedEpoch } from '../src/decisions/epoch.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { runEpochDistributor } from '../src/jobs/epoch-distributor.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import type { Keeper } from '../src/keeper.ts';
import { runAggregatorRoute } from '../src/routes/aggregator-route.ts';
import { legSetup, missingTradeAccounts } from '../src/routes/leg-setup.ts';
import { fundKeeper, stake } from './support/epoch-world.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { landedSigners } from './support/landed-signers.ts';
import { anyClearingLeg, skuOf } from './support/vault-checks.ts';

const SKU = 'TECH6';
// NVDAx trades Always: the venue prices it whatever the day and hour.

let kw: KeeperWorld;
let keeper: Keeper;
let ctx: KeeperContext;
/** Each role's address, as the world's manifest names its key files. */
let roles: Record<'keeper' | 'trade' | 'nav' | 'distributor' | 'feePayer', Address>;

beforeAll(async () => {
  kw = await startKeeperWorld({ slotTimeMs: 100 });
  keeper = await kw.keeper('roles-a');
  ctx = keeper.context;
  const keys = await loadWorldKeys(kw.world.dir);
  roles = {
    keeper: keys.keeper.address,
    trade: keys.tradeAuthority.address,
    nav: keys.navSigner.address,
    distributor: keys.distributor.address,
    feePayer: keys.feePayer.address,
  };
}, 300_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

/** The signature of the last landed action of `job` (keeper.actions) matching `key`. */
async function lastSent(job: string, key = '%'): Promise<string> {
  const { rows } = await ctx.pool.query<{ signature: string }>(
    `select signature from keeper.actions
      where job = $1 and status = 'sent' and action_key like $2 and signature is not null
      order by updated_at desc limit 1`,
    [job, key],
  );
  const signature = rows[0]?.signature;
  if (!signature) throw new Error(`no landed ${job} action`);
  return signature;
}

describe('one key per role, read back from the chain', () => {
  it('the keeper holds five distinct keys, the world registers each in its role', async () => {
    expect(ctx.signer.address).toBe(roles.keeper);
    expect(ctx.tradeSigner.address).toBe(roles.trade);
    expect(ctx.navSigner.address).toBe(roles.nav);
    expect(ctx.distributor.address).toBe(roles.distributor);
    expect(ctx.feePayer.address).toBe(roles.feePayer);
    expect(new Set(Object.values(roles)).size).toBe(5);
    const [config] = await findOracleConfigPda({ programAddress: ctx.programs.oracle });
    const [oracle] = await readAccounts(ctx.rpc, [oracleConfigAccount(config, ctx.programs)]);
    if (!oracle.exists) throw new Error('no oracle config');
    expect(oracle.data.keepers.slice(0, oracle.data.keeperCount)).toEqual([roles.nav]);
  });

  it('a NAV push: the NAV signer signs the payload, the fee payer pays, the keeper key is named nowhere', async () => {
    const outcome = await runNavPush(ctx, skuOf(ctx, SKU));
    expect(outcome.summary).toMatch(/: sent$/);
    const push = await landedSigners(kw.world, await lastSent('nav-push', `nav-push:${SKU}:%`));
    expect(push.failed).toBe(false);
    expect(push.ed25519Keys).toEqual([roles.nav]);
    expect(push.feePayer).toBe(roles.feePayer);
    // The payload is a message: the NAV signer signs no transaction, nor does the keeper key.
    expect(push.signers).toEqual([roles.feePayer]);
    expect(push.named).not.toContain(roles.keeper);
  }, 120_000);

  it('a leg: the vault keeper key and the trade authority sign, the fee payer pays (and the rent)', async () => {
    await demoDeposit(kw.world, SKU, 10_000n);
    await runNavPush(ctx, skuOf(ctx, SKU));
    // Whichever asset the venue prices within the vault's bound now (the simulated market moves).
    const plan = await anyClearingLeg(ctx, SKU, 300n * 100_000_000n);
    const setup = await legSetup(ctx, plan);
    const creates = await missingTradeAccounts(ctx, setup);
    expect(creates.length).toBeGreaterThan(0); // the trade authority's first leg
    await ctx.send({
      job: 'rebalance-exec',
      actionKey: `trade-accounts:roles-test:${creates.length}`,
      instructions: creates,
      describe: "the trade authority's token accounts",
    });
    const accounts = await landedSigners(
      kw.world,
      await lastSent('rebalance-exec', 'trade-accounts:%'),
    );
    expect(accounts.signers).toEqual([roles.feePayer]);
    expect((await runAggregatorRoute(ctx, ctx.swapApi, setup, plan)).summary).toMatch(/sent/);
    const leg = await landedSigners(kw.world, await lastSent('rebalance-exec', '%aggregator%'));
    expect(leg.failed).toBe(false);
    expect(leg.feePayer).toBe(roles.feePayer);
    expect([...leg.signers].sort()).toEqual([roles.feePayer, roles.keeper, roles.trade].sort());
    expect(leg.named).not.toContain(roles.nav);
    expect(leg.named).not.toContain(roles.distributor);
  }, 180_000);

  it('an epoch distribution: the distributor signs, the fee payer pays', async () => {
    const keys = await loadWorldKeys(kw.world.dir);
    const [alice] = keys.demoWallets as [KeyPairSigner];
    await stake(kw.world, alice, 100_000_000n, 30);
    await fundKeeper(kw.world, keys.distributor, keys.issuer, 1_000_000n);
    // Past the next Sunday 00:00 UTC of the chain's clock: the stake's epoch is closed.
    const now = (await kw.world.clock.now()).unixTimestamp;
    const end = lastClosedEpoch(now).end + 7n * 86_400n;
    await kw.world.clock.advanceBy(Number(end - now + 60n) * 1000);
    expect((await runEpochDistributor(ctx)).summary).toMatch(/: sent, artifact /);
    const epoch = await landedSigners(
      kw.world,
      await lastSent('epoch-distributor', 'epoch-distributor:epoch:%'),
    );
    expect(epoch.failed).toBe(false);
    expect(epoch.feePayer).toBe(roles.feePayer);
    expect([...epoch.signers].sort()).toEqual([roles.feePayer, roles.distributor].sort());
    expect(epoch.named).not.toContain(roles.keeper);
  }, 180_000);

  it('no keeper action landed with the vault keeper key as its fee payer', async () => {
    const { rows } = await ctx.pool.query<{ signature: string }>(
      "select signature from keeper.actions where status = 'sent' and signature is not null",
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const { signature } of rows) {
      expect((await landedSigners(kw.world, signature)).feePayer).toBe(roles.feePayer);
    }
  }, 120_000);
});
