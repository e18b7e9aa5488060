// The RFQ fill's compute budget (decision 0930): asked for with the quote, the fill must carry
// exactly the asked SetComputeUnitLimit and SetComputeUnitPrice, once each, and no other
// compute-budget instruction; without an asked budget every compute-budget instruction is
// refused as before.
import type { Address, Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../src/firewall/message.ts';
import { FirewallRefusal, type RefusalReason } from '../src/firewall/refusal.ts';
import { checkRfqFill } from '../src/firewall/rfq-fill.ts';
import {
  compileFill,
  DELIVER_MIN,
  honestFill,
  PAY_MAX,
  POLICY,
} from './support/firewall-fixtures.ts';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111' as Address;
const ASKED = { unitLimit: 180_000, microLamportsPerCu: 25_000n };

function limit(units: number): Instruction {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programAddress: COMPUTE_BUDGET, data };
}
function price(microLamports: bigint): Instruction {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, microLamports, true);
  return { programAddress: COMPUTE_BUDGET, data };
}
/** RequestHeapFrame (tag 1): a compute-budget instruction nobody asked for. */
const heapFrame: Instruction = {
  programAddress: COMPUTE_BUDGET,
  data: new Uint8Array([1, 0, 0, 4, 0]),
};

const check = (instructions: readonly Instruction[], asked: typeof ASKED | null = ASKED) =>
  checkRfqFill('rfq-rebalance', decodeMessage('rfq-rebalance', compileFill(instructions)), {
    ...POLICY,
    ...(asked ? { computeBudget: asked } : {}),
  });

function refusal(run: () => unknown): { reason: RefusalReason; index: number | null } {
  try {
    run();
  } catch (error) {
    if (error instanceof FirewallRefusal) {
      return { reason: error.reason, index: error.instructionIndex };
    }
    throw error;
  }
  throw new Error('signed: the firewall did not refuse');
}

describe('RFQ fill: the compute budget asked for with the quote', () => {
  it('passes the honest fill carrying exactly the asked limit and price, in either order', () => {
    const honest = honestFill();
    expect(check([limit(180_000), price(25_000n), ...honest])).toEqual({
      paidRaw: PAY_MAX,
      deliveredRaw: DELIVER_MIN,
    });
    expect(check([price(25_000n), ...honest, limit(180_000)]).deliveredRaw).toBe(DELIVER_MIN);
  });

  it.each([
    ['a higher price', [limit(180_000), price(25_001n)], 1],
    ['a lower price', [limit(180_000), price(24_999n)], 1],
    ['a higher limit', [limit(180_001), price(25_000n)], 0],
    ['the price twice', [limit(180_000), price(25_000n), price(25_000n)], 2],
    ['the limit twice', [limit(180_000), limit(180_000), price(25_000n)], 1],
    ['a heap frame besides', [limit(180_000), price(25_000n), heapFrame], 2],
  ] as const)('refuses %s (COMPUTE_BUDGET_FROM_OUTSIDE, naming it)', (_what, budget, index) => {
    expect(refusal(() => check([...budget, ...honestFill()]))).toEqual({
      reason: 'COMPUTE_BUDGET_FROM_OUTSIDE',
      index,
    });
  });

  it('refuses a fill without the asked price or limit (COMPUTE_BUDGET_MISSING)', () => {
    for (const budget of [[], [limit(180_000)], [price(25_000n)]]) {
      expect(refusal(() => check([...budget, ...honestFill()]))).toEqual({
        reason: 'COMPUTE_BUDGET_MISSING',
        index: null,
      });
    }
  });

  it('without an asked budget, refuses any compute-budget instruction as before', () => {
    expect(refusal(() => check([limit(180_000), ...honestFill()], null))).toEqual({
      reason: 'COMPUTE_BUDGET_FROM_OUTSIDE',
      index: 0,
    });
    expect(check(honestFill(), null).deliveredRaw).toBe(DELIVER_MIN);
  });
});
