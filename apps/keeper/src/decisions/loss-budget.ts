// The vault's daily loss budget (docs/vault.md, rebalance_leg step 4): legs may lose at most
// max_slip_bps of the last recorded NAV per UTC day. The keeper exports how much of today's
// budget is spent, for the ops alert `keeper_rebalance_loss_budget_used_ratio{sku}`.

/** The vault fields the budget is computed from (NavQuote.config), all integers. */
export type LossBudgetState = Readonly<{
  maxSlipBps: number;
  lastNavUsd: bigint;
  rebalanceDay: bigint;
  rebalanceLossUsd: bigint;
}>;

/**
 * Spent and total of today's budget (1e-6 USD), exactly as the program counts: the spent
 * loss counts only on the UTC day it was recorded; the budget is rounded down.
 *
 * @example
 * lossBudget({ maxSlipBps: 50, lastNavUsd: 1_000_000_000n, rebalanceDay: 20_000n, rebalanceLossUsd: 2_500_000n }, 20_000n * 86_400n);
 * // { spentUsd: 2_500_000n, budgetUsd: 5_000_000n }
 */
export function lossBudget(state: LossBudgetState, nowUnix: bigint) {
  const day = nowUnix < 0n ? 0n : nowUnix / 86_400n;
  const spentUsd = state.rebalanceDay === day ? state.rebalanceLossUsd : 0n;
  const budgetUsd = (state.lastNavUsd * BigInt(state.maxSlipBps)) / 10_000n;
  return { spentUsd, budgetUsd };
}

/**
 * The share of today's budget spent, for a gauge: parts per million of the integers, then
 * scaled (the metric is a ratio, never an amount). 1 when the budget is zero and anything is
 * spent, 0 when nothing is.
 *
 * @example
 * lossBudgetUsedRatio(state, now); // 0.5
 */
export function lossBudgetUsedRatio(state: LossBudgetState, nowUnix: bigint): number {
  const { spentUsd, budgetUsd } = lossBudget(state, nowUnix);
  if (spentUsd === 0n) return 0;
  if (budgetUsd === 0n) return 1;
  return Number((spentUsd * 1_000_000n) / budgetUsd) / 1_000_000;
}
