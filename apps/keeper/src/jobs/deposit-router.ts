// deposit-router (every minute, leader only; spec "Deposit flow"): a deposit leaves the vault
// holding stablecoin above its cash buffer's target; the router splits that excess over the
// basket so it ends as close to target as the cash allows (`splitDeposit`: the shortfalls
// first, pro rata of them) and queues one buy per asset through rebalance-exec. The vault's
// state is read instead of the deposit events: it says the same thing after any number of
// deposits, survives a restart without a cursor, and needs no history query. The job key is the rebalance's (`rebalance:<sku>:<mint>`), so a deposit leg
// and a drift leg of the same asset never both exist.
import { excessCash, splitDeposit } from '../decisions/deposit-split.ts';
import { usdDecimalToFixed } from '../decisions/valuation.ts';
import type { KeeperSku } from '../service/config.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { scanVaults } from './drift-scan.ts';

/**
 * One run for one SKU.
 *
 * @example
 * await runDepositRouter(ctx, sku);
 */
export async function runDepositRouter(ctx: KeeperContext, sku: KeeperSku): Promise<JobResult> {
  const job = 'deposit-router';
  const [scanned] = await scanVaults(ctx.rpc, [sku], ctx.programs);
  if (!scanned) return { job, summary: `${sku.skuId}: no vault` };
  const { drift } = scanned;
  const excess = excessCash({
    navUsd1e8: drift.navUsd1e8,
    investableUsd1e8: drift.investableUsd1e8,
    assetsUsd1e8: drift.assets.reduce((s, a) => s + a.valueUsd1e8, 0n),
  });
  const minimum = usdDecimalToFixed(ctx.config.minTradeUsd);
  if (excess < minimum) return { job, summary: `${sku.skuId}: no cash to invest` };
  // The excess already leaves the buffer's target in cash: split it whole.
  const legs = splitDeposit(excess, drift.assets, minimum);
  for (const leg of legs) {
    await ctx.enqueue(
      'rebalance-exec',
      { skuId: sku.skuId, mint: leg.mint, deltaUsd1e8: leg.notionalUsd1e8.toString() },
      { jobKey: `rebalance:${sku.skuId}:${leg.mint}` },
    );
  }
  return {
    job,
    summary: `${sku.skuId}: $${excess / 100_000_000n} above the buffer, ${legs.length} buy legs queued`,
    details: legs.map((l) => ({ mint: l.mint, notionalUsd1e8: l.notionalUsd1e8.toString() })),
  };
}
