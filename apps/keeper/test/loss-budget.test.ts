import { describe, expect, it } from 'vitest';
import { lossBudget, lossBudgetUsedRatio } from '../src/decisions/loss-budget.ts';

const DAY = 86_400n;
const state = {
  maxSlipBps: 50,
  lastNavUsd: 1_000_000_000n, // $1,000 at 1e-6
  rebalanceDay: 20_000n,
  rebalanceLossUsd: 2_500_000n,
};

describe('daily loss budget', () => {
  it('counts the loss only on the UTC day it was recorded', () => {
    expect(lossBudget(state, 20_000n * DAY + 5n)).toEqual({
      spentUsd: 2_500_000n,
      budgetUsd: 5_000_000n,
    });
    expect(lossBudget(state, 20_001n * DAY).spentUsd).toBe(0n);
    expect(lossBudgetUsedRatio(state, 20_000n * DAY + DAY - 1n)).toBe(0.5);
    expect(lossBudgetUsedRatio(state, 20_001n * DAY)).toBe(0);
  });

  it("rounds the budget down (in the vault's favour) and reports a spent zero budget as full", () => {
    // 999 x 50 / 10,000 = 4.995 -> 4
    expect(lossBudget({ ...state, lastNavUsd: 999n }, 20_000n * DAY).budgetUsd).toBe(4n);
    expect(lossBudgetUsedRatio({ ...state, lastNavUsd: 0n }, 20_000n * DAY)).toBe(1);
    expect(lossBudgetUsedRatio({ ...state, rebalanceLossUsd: 0n }, 20_000n * DAY)).toBe(0);
  });
});
