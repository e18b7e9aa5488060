// withdrawal-router (every minute, leader only): the open stablecoin withdrawal requests of
// each vault, read as accounts (one getProgramAccounts per vault, filtered on the vault; a
// request account exists exactly while the request is open, so nothing is missed across a
// restart and nothing needs a history backfill). Planned by `planWithdrawals`: fulfilled at a
// snapshot newer than the request, once (action key per request; the account closes when
// paid); when the buffer is short, one sale leg of the most overweight asset runs first
// through the same routes as a rebalance.
import {
  getCreateAssociatedTokenAccountInstructionFor,
  getFulfilWithdrawalInstructionFor,
  getNavQuote,
  navSnapshotAccount,
  quoteWithdrawalRequest,
  readAccounts,
  tokenMintAccount,
  tokenProgramAddress,
  vaultStateAccount,
} from '@basket/sdk';
import {
  getWithdrawalRequestDecoder,
  WITHDRAWAL_REQUEST_DISCRIMINATOR,
} from '@basket/vault-client';
import { type Address, getBase58Decoder, getBase64Encoder } from '@solana/kit';
import { isKeeperError } from '../decisions/errors.ts';
import { USD_ONE } from '../decisions/valuation.ts';
import { type OpenRequest, planWithdrawals } from '../decisions/withdrawal-plan.ts';
import type { KeeperSku } from '../service/config.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { scanVaults } from './drift-scan.ts';
import { skuLookupTables } from './nav-push.ts';
import { executeLeg, planLeg } from './rebalance-exec.ts';

/** Size of a request account; the vault's address is at byte 8 (generated layout). */
const REQUEST_SIZE = 104n;
const VAULT_OFFSET = 8n;
/** Extra sold over the shortfall, in bps: the price moves between the sale and the payout. */
const RAISE_MARGIN_BPS = 100n;

async function openRequests(ctx: KeeperContext, vault: Address) {
  const accounts = await ctx.rpc
    .getProgramAccounts(ctx.programs.vault, {
      encoding: 'base64',
      commitment: 'confirmed',
      filters: [
        { dataSize: REQUEST_SIZE },
        {
          memcmp: {
            offset: 0n,
            bytes: getBase58Decoder().decode(Uint8Array.of(WITHDRAWAL_REQUEST_DISCRIMINATOR)),
            encoding: 'base58',
          },
        },
        { memcmp: { offset: VAULT_OFFSET, bytes: vault, encoding: 'base58' } },
      ],
    } as never)
    .send();
  const decoder = getWithdrawalRequestDecoder();
  return (accounts as unknown as { pubkey: Address; account: { data: [string, string] } }[]).map(
    (a) => ({
      address: a.pubkey,
      ...decoder.decode(getBase64Encoder().encode(a.account.data[0])),
    }),
  );
}

/**
 * One run for one SKU.
 *
 * @example
 * await runWithdrawalRouter(ctx, sku);
 */
export async function runWithdrawalRouter(ctx: KeeperContext, sku: KeeperSku): Promise<JobResult> {
  const job = 'withdrawal-router';
  const requests = await openRequests(ctx, sku.vault as Address);
  if (requests.length === 0) return { job, summary: `${sku.skuId}: no open request` };
  const [vault, snapshot] = await readAccounts(ctx.rpc, [
    vaultStateAccount(sku.vault as Address, ctx.programs),
    navSnapshotAccount(sku.snapshot as Address, ctx.programs),
  ]);
  if (!vault?.exists) return { job, summary: `${sku.skuId}: no vault` };
  const nav = await getNavQuote(ctx.rpc, sku.skuId, { programs: ctx.programs });
  const open: (OpenRequest & { owner: Address; nonce: bigint })[] = requests.map((r) => {
    const q = quoteWithdrawalRequest(nav, r.shares, { programs: ctx.programs });
    return {
      address: r.address,
      owner: r.owner,
      nonce: r.nonce,
      requestedAt: r.requestedAt,
      minOut: r.minOut,
      // A refused quote (stale NAV, paused): valued at zero, so it waits below its minimum.
      payoutRaw: q.ok ? q.netUsd : 0n,
      grossRaw: q.ok ? q.grossUsd : 0n,
    };
  });
  const steps = planWithdrawals(open, {
    cashRaw: vault.data.cashRaw,
    snapshotPublishTime: snapshot?.exists ? snapshot.data.publishUnixTime : null,
  });
  const done: string[] = [];
  for (const step of steps) {
    const request = open.find((r) => r.address === step.address);
    if (!request) continue;
    if (step.action === 'fulfil') {
      const stable = {
        mint: vault.data.stableMint,
        tokenProgram: tokenProgramAddress(vault.data.stableTokenProgram),
      };
      const [destination, treasury] = await Promise.all([
        getCreateAssociatedTokenAccountInstructionFor({
          ...stable,
          owner: request.owner,
          payer: ctx.signer,
        }),
        getCreateAssociatedTokenAccountInstructionFor({
          ...stable,
          owner: vault.data.treasury,
          payer: ctx.signer,
        }),
      ]);
      const fulfil = await getFulfilWithdrawalInstructionFor(
        {
          keeper: ctx.signer,
          vault,
          owner: request.owner,
          nonce: request.nonce,
          destination: destination.address,
          treasuryStable: treasury.address,
        },
        ctx.programs,
      );
      const tables = await skuLookupTables(ctx, sku);
      const outcome = await ctx.send({
        ...(tables ? { addressLookupTables: tables } : {}),
        job,
        actionKey: `withdrawal:${request.address}`,
        instructions: [destination, treasury, fulfil],
        describe: `fulfil_withdrawal ${request.address} of ${sku.skuId}`,
        detail: {
          sku: sku.skuId,
          request: request.address,
          payoutRaw: request.payoutRaw.toString(),
        },
      });
      done.push(`${request.address} fulfil ${outcome.kind}`);
    } else if (step.action === 'raise-cash') {
      done.push(`${request.address} ${await raiseCash(ctx, sku, step.shortRaw, vault.data)}`);
      // One sale per run: the next run re-reads the buffer and the requests.
      break;
    } else done.push(`${request.address} ${step.action}`);
  }
  return { job, summary: `${sku.skuId}: ${done.join('; ')}`, details: steps };
}

/** Sells the most overweight held asset for the shortfall (plus a margin) through the routes. */
async function raiseCash(
  ctx: KeeperContext,
  sku: KeeperSku,
  shortRaw: bigint,
  vault: { stableMint: Address },
): Promise<string> {
  const [mint] = await readAccounts(ctx.rpc, [tokenMintAccount(vault.stableMint)]);
  const decimals = mint?.exists ? mint.data.decimals : 6;
  const scale = 10n ** BigInt(decimals);
  // Shortfall in USD x 1e8, rounded up, plus the margin (rounded up): never sell too little.
  const shortUsd = (shortRaw * USD_ONE + scale - 1n) / scale;
  const target = (shortUsd * (10_000n + RAISE_MARGIN_BPS) + 9_999n) / 10_000n;
  const [scanned] = await scanVaults(ctx.rpc, [sku], ctx.programs);
  const candidates = [...(scanned?.drift.assets ?? [])]
    .filter((a) => a.valueUsd1e8 > target)
    .sort((a, b) => b.driftBps - a.driftBps);
  for (const asset of candidates) {
    const plan = await planLeg(ctx, sku.skuId, asset.mint, -target);
    if ('skipped' in plan || plan.route.route === 'skip') continue;
    if (ctx.config.dryRun) return `dry-run: would sell ${asset.symbol} for ${target} (USD x 1e8)`;
    try {
      const result = await executeLeg(ctx, plan);
      return `raise-cash: ${result.summary}`;
    } catch (error) {
      // Neither route prices this asset within the vault's bound now: try the next one.
      if (!isKeeperError(error, 'LEG_OUTSIDE_BOUND')) throw error;
      ctx.logger.info({ sku: sku.skuId, symbol: asset.symbol }, `raise-cash: ${error.message}`);
    }
  }
  return 'raise-cash: no asset can be sold now (the next run tries again)';
}
