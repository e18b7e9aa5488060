// redemption-payer (every 5 minutes, leader only): pays what open redemption claims still owe.
// A claim keeps owed every slot pay_redemption could not move (frozen holding, paused mint,
// frozen receiving account, a hook refusing); nothing else pays it later, so the keeper does,
// once the transfer can move. Open claims are read as accounts (one getProgramAccounts per
// vault, through the keeper's RPC limiter, filtered on the claim's size, discriminator and
// vault; a claim exists exactly while something is owed: paid in full, the program closes it),
// so a restart or a failover misses nothing. Per claim, `planClaimPayment` decides from the
// SDK's readers which slots move now; each batch goes through the fenced send under a key of
// the claim and its slots (decisions/redemption-payment.ts). The keeper pays the fees and the
// rent of the owner's missing token accounts, up to a budget per run (docs/decisions/0078-the-keeper-creates-the-owner-s-missing-token-accounts-12-a.md).
import {
  BasketTransactionError,
  findRedemptionClaims,
  getPayRedemptionInstructionsFor,
  navSnapshotAccount,
  readAccounts,
  readInKindTransfers,
  unpaidReason,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { RedemptionClaim } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { fits } from '../chain/fenced-send.ts';
import {
  owedFor,
  owedSlots,
  type PaymentBatch,
  paymentActionKey,
  payRunWaitsFor,
  planClaimPayment,
  splitRefused,
} from '../decisions/redemption-payment.ts';
import { chainNowMs } from '../routes/chain-time.ts';
import { claimAction, finishAction } from '../service/actions.ts';
import type { KeeperSku } from '../service/config.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { skuLookupTables } from './nav-push.ts';

const JOB = 'redemption-payer';
/**
 * Token accounts the keeper creates for claim owners per run (rent ~0.002 SOL each): a claim
 * owner who never held a stock still gets paid, and a flood of tiny claims costs the keeper at
 * most this many rents per run (the rest wait for the next run, or for the owner).
 */
const ACCOUNTS_CREATED_PER_RUN = 12;
const DEFAULT_OWED_ALERT_SECONDS = 86_400;

export type OpenClaim = Readonly<{ address: Address } & RedemptionClaim>;

/** The open redemption claims of `vault`, oldest first, as flat records. */
async function openClaims(ctx: Pick<KeeperContext, 'rpc' | 'programs'>, vault: Address) {
  const found = await findRedemptionClaims(ctx.rpc, { vault }, ctx.programs);
  return found.map((c): OpenClaim => ({ address: c.address, ...c.data }));
}

/** What one run's payments share: the SKU, the vault read once, the chain's time, the
 * lookup tables (fetched once a run) and the account-creation budget. */
type PayRun = Readonly<{
  ctx: KeeperContext;
  sku: KeeperSku;
  vault: VaultStateAccount;
  nowSecs: bigint;
  tables: Awaited<ReturnType<typeof skuLookupTables>>;
  budget: { accountsLeft: number };
}>;

/**
 * One run for one SKU.
 *
 * @example
 * await runRedemptionPayer(ctx, sku);
 */
export async function runRedemptionPayer(ctx: KeeperContext, sku: KeeperSku): Promise<JobResult> {
  const claims = await openClaims(ctx, sku.vault as Address);
  const gauges = (open: number, slots: number, oldestSecs: number, overdueCount: number) => {
    ctx.metrics.redemptionClaimsOpen.set({ sku: sku.skuId }, open);
    ctx.metrics.redemptionSlotsOwed.set({ sku: sku.skuId }, slots);
    ctx.metrics.redemptionOldestOwed.set({ sku: sku.skuId }, oldestSecs);
    ctx.metrics.redemptionClaimsOverdue.set({ sku: sku.skuId }, overdueCount);
  };
  // The usual run: nothing owed, nothing more to read.
  if (claims.length === 0) {
    gauges(0, 0, 0, 0);
    return { job: JOB, summary: `${sku.skuId}: no open claim` };
  }
  const [vaultRead, snapshotRead] = await readAccounts(
    ctx.rpc,
    [
      vaultStateAccount(sku.vault as Address, ctx.programs),
      navSnapshotAccount(sku.snapshot as Address, ctx.programs),
    ],
    { commitment: 'confirmed' },
  );
  const nowSecs = BigInt(Math.floor((await chainNowMs(ctx)) / 1_000));
  const alertAfter = ctx.config.redemptionOwedAlertSeconds ?? DEFAULT_OWED_ALERT_SECONDS;
  let slotsOwed = 0;
  let oldest = 0;
  let overdue = 0;
  const ages = claims.map((c) => owedFor(c, nowSecs, alertAfter));
  for (const [i, c] of claims.entries()) {
    slotsOwed += owedSlots(c).length + (c.cashOwed > 0n ? 1 : 0);
    const age = ages[i] as ReturnType<typeof owedFor>;
    oldest = Math.max(oldest, age.seconds);
    if (!age.overdue) continue;
    overdue += 1;
    await alertOverdue(ctx, sku, c, age.seconds);
  }
  gauges(claims.length, slotsOwed, oldest, overdue);
  if (!vaultRead?.exists) return { job: JOB, summary: `${sku.skuId}: no vault` };
  // A paused vault or a stale NAV refuses every pay_redemption: nothing to try (the claims stay
  // owed, alerted when overdue; the run after the next push pays them).
  const waits = payRunWaitsFor(
    vaultRead.data,
    snapshotRead?.exists ? snapshotRead.data.publishUnixTime : null,
    nowSecs,
  );
  if (waits !== null) {
    const why = waits === 'VaultPaused' ? 'vault paused' : 'NAV stale (the next push pays)';
    return { job: JOB, summary: `${sku.skuId}: ${why}, ${claims.length} claim(s) wait` };
  }
  const vault = { address: vaultRead.address, data: vaultRead.data } as VaultStateAccount;
  const run: PayRun = {
    ctx,
    sku,
    vault,
    nowSecs,
    tables: await skuLookupTables(ctx, sku),
    budget: { accountsLeft: ACCOUNTS_CREATED_PER_RUN },
  };
  const done: string[] = [];
  const details: unknown[] = [];
  for (const [i, claim] of claims.entries()) {
    const outcome = await payClaim(run, claim);
    done.push(`${claim.address} ${outcome.summary}`);
    details.push({ claim: claim.address, owedForSeconds: ages[i]?.seconds, ...outcome });
  }
  const prefix = ctx.config.dryRun ? 'dry-run: ' : '';
  return { job: JOB, summary: `${prefix}${sku.skuId}: ${done.join('; ')}`, details };
}

async function payClaim(run: PayRun, claim: OpenClaim) {
  const { ctx, vault } = run;
  // The SDK's reader: each owed slot's mint, the vault's holding and the owner's account.
  const transfers = await readInKindTransfers(ctx.rpc, vault, claim.owner, {
    slots: owedSlots(claim),
    commitment: 'confirmed',
  });
  const blocked = new Map(transfers.assets.map((t) => [t.slot, unpaidReason(t)]));
  const plan = planClaimPayment(
    claim,
    blocked,
    vault.data.assets.map((a) => a.status),
  );
  const results: string[] = [];
  for (const batch of plan.batches) {
    results.push(...(await payBatch(run, claim, batch)));
  }
  const waiting = plan.deferred.map((d) => `slot ${d.slot} ${d.reason}`);
  const summary = [
    ...results,
    ...(waiting.length > 0 ? [`waiting: ${waiting.join(', ')}`] : []),
  ].join(', ');
  return { summary: summary || 'nothing payable', plan, results };
}

/**
 * Sends one batch; a batch the chain refuses (a hook refusing one stock, a guard on one asset)
 * is tried again slot by slot so one slot never holds the others back.
 */
async function payBatch(run: PayRun, claim: OpenClaim, batch: PaymentBatch): Promise<string[]> {
  const { ctx, sku, vault, nowSecs, budget, tables } = run;
  const name = `${batch.slots.join(',') || '-'}${batch.cash ? '+cash' : ''}`;
  const pay = await getPayRedemptionInstructionsFor(
    {
      payer: ctx.feePayer,
      vault,
      claim: { address: claim.address, data: claim },
      slots: batch.slots,
      cash: batch.cash,
    },
    { rpc: ctx.rpc, programs: ctx.programs, commitment: 'confirmed' },
  );
  if (pay.instructions.length === 0) return [`${name}: nothing movable now`];
  const creates = pay.instructions.length - 1;
  if (creates > budget.accountsLeft) return [`${name}: account budget spent (next run)`];
  if (!fits(ctx.feePayer, pay.instructions, tables)) {
    if (batch.slots.length <= 1) throw new Error(`pay_redemption ${name} does not fit`);
    const half = Math.ceil(batch.slots.length / 2);
    return [
      ...(await payBatch(run, claim, { slots: batch.slots.slice(0, half), cash: batch.cash })),
      ...(await payBatch(run, claim, { slots: batch.slots.slice(half), cash: false })),
    ];
  }
  const paid = Object.fromEntries(
    [...pay.accounts.assets.keys()].map((s) => [s, (claim.owed[s] ?? 0n).toString()]),
  );
  try {
    const outcome = await ctx.send({
      ...(tables ? { addressLookupTables: tables } : {}),
      job: JOB,
      actionKey: paymentActionKey(claim.address, batch, nowSecs),
      instructions: pay.instructions,
      describe: `pay_redemption ${claim.address} slots ${name} of ${sku.skuId}`,
      detail: {
        sku: sku.skuId,
        claim: claim.address,
        owner: claim.owner,
        owedRaw: paid,
        cash: batch.cash,
        accountsCreated: creates,
      },
    });
    if (outcome.kind === 'sent') budget.accountsLeft -= creates;
    ctx.metrics.redemptionPayments.inc({ sku: sku.skuId, outcome: outcome.kind });
    const why = outcome.kind === 'skipped' ? ` (${outcome.reason})` : '';
    return [`${name} ${outcome.kind === 'dry-run' ? 'would pay' : outcome.kind}${why}`];
  } catch (error) {
    if (!(error instanceof BasketTransactionError)) throw error;
    ctx.metrics.redemptionPayments.inc({ sku: sku.skuId, outcome: 'failed' });
    ctx.logger.warn(
      { job: JOB, claim: claim.address, slots: name, err: error },
      'pay_redemption refused',
    );
    const singles = splitRefused(batch);
    if (singles.length === 0) return [`${name} refused: ${error.message}`];
    const out: string[] = [`${name} refused (slot by slot)`];
    for (const single of singles) {
      out.push(...(await payBatch(run, claim, single)));
    }
    return out;
  }
}

/** Alerts once per claim (the record is the fenced actions table, as the corporate-action watch's). */
async function alertOverdue(ctx: KeeperContext, sku: KeeperSku, claim: OpenClaim, seconds: number) {
  const key = `redemption-owed-alert:${claim.address}`;
  const what = `${sku.skuId}: redemption claim ${claim.address} of ${claim.owner} has owed for ${seconds} s`;
  if (ctx.config.dryRun) {
    ctx.logger.info({ job: JOB, actionKey: key }, `dry-run: would alert ${what}`);
    return;
  }
  const lease = ctx.elector.lease();
  if (lease && (await claimAction(ctx.pool, lease, key, JOB, 0)).claimed) {
    ctx.alert('redemption-owed', 'warning', what, {
      sku: sku.skuId,
      claim: claim.address,
      owner: claim.owner,
      owedForSeconds: seconds,
    });
    await finishAction(ctx.pool, key, 'sent', null, { owedForSeconds: seconds });
  }
}
