// The redemption payer's decision: which owed slots and cash of a claim are paid now, in
// which batches, under which action key; how long a claim has owed.
import { ASSET_STATUS } from '@basket/sdk';
import { describe, expect, it } from 'vitest';
import {
  type ClaimView,
  owedFor,
  owedSlots,
  paymentActionKey,
  payRunWaitsFor,
  planClaimPayment,
  splitRefused,
} from '../src/decisions/redemption-payment.ts';

const ACTIVE = ASSET_STATUS.Active;

function claim(over: Partial<ClaimView> = {}): ClaimView {
  return {
    address: 'Claim1111111111111111111111111111111111111',
    assetCount: 6,
    cashOwed: 0n,
    owed: [5n, 0n, 7n, 11n, 0n, 3n, ...Array(14).fill(0n)],
    createdAt: 1_000n,
    ...over,
  };
}

describe('owedSlots', () => {
  it('lists the slots with something owed, within the claim asset count', () => {
    expect(owedSlots(claim())).toEqual([0, 2, 3, 5]);
    // An amount past the asset count is never named (the program refuses the slot).
    expect(owedSlots(claim({ assetCount: 3 }))).toEqual([0, 2]);
    expect(owedSlots(claim({ owed: Array(20).fill(0n) }))).toEqual([]);
  });
});

describe('planClaimPayment', () => {
  it('pays every movable owed slot, the cash with the first batch, defers the blocked ones', () => {
    const plan = planClaimPayment(
      claim({ cashOwed: 42n }),
      new Map([
        [0, null],
        [2, 'HoldingFrozen'],
        [3, null],
        [5, 'DestinationFrozen'],
      ]),
      Array(6).fill(ACTIVE),
    );
    expect(plan.batches).toEqual([{ slots: [0, 3], cash: true }]);
    expect(plan.deferred).toEqual([
      { slot: 2, reason: 'HoldingFrozen', amountRaw: 7n },
      { slot: 5, reason: 'DestinationFrozen', amountRaw: 3n },
    ]);
  });

  it("defers a slot whose asset the vault marked Frozen (the program's guard would refuse the whole payment)", () => {
    const statuses = [ACTIVE, ACTIVE, ACTIVE, ASSET_STATUS.Frozen, ACTIVE, ASSET_STATUS.Retired];
    const plan = planClaimPayment(claim(), new Map(), statuses);
    expect(plan.batches).toEqual([{ slots: [0, 2, 5], cash: false }]);
    expect(plan.deferred).toEqual([{ slot: 3, reason: 'AssetFrozenByVault', amountRaw: 11n }]);
  });

  it('batches at most perPayment slots per transaction, ascending', () => {
    const owed = Array.from({ length: 20 }, (_, i) => BigInt(i + 1));
    const plan = planClaimPayment(
      claim({ assetCount: 20, owed, cashOwed: 1n }),
      new Map(),
      Array(20).fill(ACTIVE),
      6,
    );
    expect(plan.batches.map((b) => b.slots.length)).toEqual([6, 6, 6, 2]);
    expect(plan.batches.flatMap((b) => b.slots)).toEqual(owed.map((_, i) => i));
    expect(plan.batches.map((b) => b.cash)).toEqual([true, false, false, false]);
    expect(() => planClaimPayment(claim(), new Map(), [], 0)).toThrow(RangeError);
  });

  it('pays the cash alone when every slot is blocked, and nothing when nothing is owed', () => {
    const blocked = new Map([0, 2, 3, 5].map((s) => [s, 'MintPaused' as const]));
    const plan = planClaimPayment(claim({ cashOwed: 9n }), blocked, Array(6).fill(ACTIVE));
    expect(plan.batches).toEqual([{ slots: [], cash: true }]);
    expect(plan.deferred).toHaveLength(4);
    const none = planClaimPayment(claim(), blocked, Array(6).fill(ACTIVE));
    expect(none.batches).toEqual([]);
  });
});

describe('splitRefused', () => {
  it('tries the cash alone, then each slot alone; a single payment is not split', () => {
    expect(splitRefused({ slots: [0, 3], cash: true })).toEqual([
      { slots: [], cash: true },
      { slots: [0], cash: false },
      { slots: [3], cash: false },
    ]);
    expect(splitRefused({ slots: [1, 2], cash: false })).toEqual([
      { slots: [1], cash: false },
      { slots: [2], cash: false },
    ]);
    expect(splitRefused({ slots: [4], cash: false })).toEqual([]);
    expect(splitRefused({ slots: [], cash: true })).toEqual([]);
  });
});

describe('paymentActionKey', () => {
  it('names the claim, the slots, the cash and the chain hour', () => {
    const key = paymentActionKey('C1', { slots: [0, 3], cash: true }, 7_200n + 3_599n);
    expect(key).toBe('redemption:C1:0,3+cash:2');
    // The same batch within the hour: the same key (two replicas, a retry: one send).
    expect(paymentActionKey('C1', { slots: [0, 3], cash: true }, 7_200n)).toBe(key);
    // Other slots, no cash, another claim or the next hour: another key.
    expect(paymentActionKey('C1', { slots: [0], cash: true }, 7_200n)).not.toBe(key);
    expect(paymentActionKey('C1', { slots: [0, 3], cash: false }, 7_200n)).not.toBe(key);
    expect(paymentActionKey('C2', { slots: [0, 3], cash: true }, 7_200n)).not.toBe(key);
    expect(paymentActionKey('C1', { slots: [0, 3], cash: true }, 10_800n)).not.toBe(key);
  });
});

describe('owedFor', () => {
  it('is the claim age at the chain time, overdue strictly past the threshold', () => {
    expect(owedFor({ createdAt: 1_000n }, 87_400n, 86_400)).toEqual({
      seconds: 86_400,
      overdue: false,
    });
    expect(owedFor({ createdAt: 1_000n }, 87_401n, 86_400)).toEqual({
      seconds: 86_401,
      overdue: true,
    });
    // A chain clock behind the claim (a reorg-free impossibility, or a bad read) is age 0.
    expect(owedFor({ createdAt: 1_000n }, 500n, 60)).toEqual({ seconds: 0, overdue: false });
  });
});

describe('payRunWaitsFor', () => {
  // 2026-11-23 (a Monday) 15:00 UTC: market hours, a snapshot is fresh for 60 s.
  const MONDAY_1500 = 1_795_446_000n;

  it('tries the claims while the snapshot is fresh, to its last second', () => {
    expect(payRunWaitsFor({ paused: 0 }, MONDAY_1500, MONDAY_1500)).toBeNull();
    expect(payRunWaitsFor({ paused: 0 }, MONDAY_1500, MONDAY_1500 + 60n)).toBeNull();
  });

  it('waits for the next push once the snapshot is stale, or when there is none', () => {
    expect(payRunWaitsFor({ paused: 0 }, MONDAY_1500, MONDAY_1500 + 61n)).toBe('StaleNav');
    expect(payRunWaitsFor({ paused: 0 }, null, MONDAY_1500)).toBe('StaleNav');
    // A snapshot published after the chain's now is refused on chain too.
    expect(payRunWaitsFor({ paused: 0 }, MONDAY_1500 + 1n, MONDAY_1500)).toBe('StaleNav');
  });

  it('waits while the vault is paused, whatever the snapshot', () => {
    expect(payRunWaitsFor({ paused: 1 }, MONDAY_1500, MONDAY_1500)).toBe('VaultPaused');
  });
});
