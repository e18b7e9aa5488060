// collect-mgmt-fee daily and collect_perf_fee when due (both permissionless): the fee shares go
// to the treasury's share-mint token account (ATA of the vault's treasury). Decided from the
// SDK's NAV quote, which computes owed shares and the performance fee as the program does.
// collect_withdraw_fees daily when withdrawal fees are owed (they wait in the cash buffer,
// outside NAV): the stablecoin goes to the treasury's stablecoin ATA.
import {
  findAssociatedTokenAddress,
  getCollectMgmtFeeInstructionFor,
  getCollectPerfFeeInstructionFor,
  getCollectWithdrawFeesInstructionFor,
  getNavQuote,
  quotePerfFee,
  readAccounts,
  tokenProgramAddress,
  vaultStateAccount,
} from '@basket/sdk';
import { type Address, address } from '@solana/kit';
import { mgmtFeeDue, perfFeeDue } from '../decisions/fees.ts';
import type { KeeperSku } from '../service/config.ts';
import type { JobResult, KeeperContext } from './context.ts';

const TOKEN_2022 = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

/**
 * Collects what is due for one SKU.
 *
 * @example
 * await runCollectFees(ctx, sku);
 */
export async function runCollectFees(ctx: KeeperContext, sku: KeeperSku): Promise<JobResult> {
  const quote = await getNavQuote(ctx.rpc, sku.skuId, { programs: ctx.programs });
  const [vault] = await readAccounts(ctx.rpc, [
    vaultStateAccount(sku.vault as Address, ctx.programs),
  ]);
  if (!vault.exists) return { job: 'collect-fees', summary: `${sku.skuId}: no vault` };
  const treasuryShares = await findAssociatedTokenAddress({
    owner: vault.data.treasury,
    mint: vault.data.shareMint,
    tokenProgram: TOKEN_2022,
  });
  const done: string[] = [];
  const owed = quote.supply.feeSharesOwed + quote.supply.accruedMgmtFeeShares;
  if (
    mgmtFeeDue({ lastMgmtFeeTime: vault.data.lastMgmtFeeTime, now: quote.now, owedShares: owed })
  ) {
    const ix = await getCollectMgmtFeeInstructionFor({ vault, treasuryShares }, ctx.programs);
    const day = quote.now / 86_400n;
    const outcome = await ctx.send({
      job: 'collect-fees',
      actionKey: `mgmt-fee:${sku.skuId}:${day}`,
      instructions: [ix],
      describe: `collect_mgmt_fee of ${sku.skuId} (${owed} shares)`,
      detail: { sku: sku.skuId, owedShares: owed.toString() },
    });
    done.push(`mgmt ${outcome.kind}`);
  } else done.push('mgmt not due');
  const perf = quotePerfFee(quote, { programs: ctx.programs });
  if (perfFeeDue(perf.ok ? { ok: true, feeShares: perf.feeShares } : { ok: false })) {
    const ix = await getCollectPerfFeeInstructionFor({ vault, treasuryShares }, ctx.programs);
    const outcome = await ctx.send({
      job: 'collect-fees',
      actionKey: `perf-fee:${sku.skuId}:${vault.data.lastPerfFeeTime}`,
      instructions: [ix],
      describe: `collect_perf_fee of ${sku.skuId}`,
      detail: { sku: sku.skuId },
    });
    done.push(`perf ${outcome.kind}`);
  } else done.push('perf not due');
  const feesOwed = vault.data.withdrawFeesOwed;
  if (feesOwed > 0n) {
    const treasuryStable = await findAssociatedTokenAddress({
      owner: vault.data.treasury,
      mint: vault.data.stableMint,
      tokenProgram: tokenProgramAddress(vault.data.stableTokenProgram),
    });
    const ix = await getCollectWithdrawFeesInstructionFor({ vault, treasuryStable }, ctx.programs);
    const outcome = await ctx.send({
      job: 'collect-fees',
      actionKey: `withdraw-fee:${sku.skuId}:${quote.now / 86_400n}`,
      instructions: [ix],
      describe: `collect_withdraw_fees of ${sku.skuId} (${feesOwed} raw)`,
      detail: { sku: sku.skuId, feesOwedRaw: feesOwed.toString() },
    });
    done.push(`withdraw ${outcome.kind}`);
  } else done.push('withdraw not due');
  return { job: 'collect-fees', summary: `${sku.skuId}: ${done.join(', ')}` };
}
