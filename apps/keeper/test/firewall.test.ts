// The transaction firewall's decisions (issue 29): an honest fill and swap pass with their
// amounts; each attack of the issue is refused with its reason and the offending instruction.
import type { Address, Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { checkAggregatorInstructions } from '../src/firewall/aggregator.ts';
import { decodeMessage, lookupTablesOf } from '../src/firewall/message.ts';
import { FirewallRefusal, type RefusalReason } from '../src/firewall/refusal.ts';
import { checkRfqFill } from '../src/firewall/rfq-fill.ts';
import {
  A,
  attacks,
  compileFill,
  createAta,
  DELIVER_MIN,
  honestFill,
  PAY_MAX,
  POLICY,
  PRODUCT,
  TABLE,
  transfer,
  venueSwap,
} from './support/firewall-fixtures.ts';

const check = (instructions: readonly Instruction[], feePayer?: Address, table = false) => {
  const bytes = compileFill(instructions, feePayer, table ? TABLE : undefined);
  return checkRfqFill(
    'rfq-rebalance',
    decodeMessage('rfq-rebalance', bytes, table ? { [A.table]: TABLE } : {}),
    POLICY,
  );
};

function refusalOf(run: () => unknown): FirewallRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof FirewallRefusal) return error;
    throw error;
  }
  throw new Error('signed: the firewall did not refuse');
}

const expectRefused = (run: () => unknown, reason: RefusalReason, index: number | null) => {
  const refusal = refusalOf(run);
  expect({ reason: refusal.reason, index: refusal.instructionIndex }).toEqual({ reason, index });
  expect(refusal.code).toBe('TRANSACTION_REFUSED');
  return refusal;
};

describe('RFQ fill', () => {
  it('passes the honest fill and reports what it pays and receives', () => {
    expect(check(honestFill(PAY_MAX - 1n, DELIVER_MIN + 5n))).toEqual({
      paidRaw: PAY_MAX - 1n,
      deliveredRaw: DELIVER_MIN + 5n,
    });
  });

  it('passes the honest fill loaded through a lookup table (resolved)', () => {
    expect(check(honestFill(), A.maker, true).deliveredRaw).toBe(DELIVER_MIN);
  });

  const cases: [string, RefusalReason][] = [
    ['System transfer out of a product key', 'SYSTEM_INSTRUCTION'],
    ['transfer out of the trade authority', 'PAYMENT_MISMATCH'],
    ['Approve', 'TOKEN_INSTRUCTION_NOT_ALLOWED'],
    ['SetAuthority', 'TOKEN_INSTRUCTION_NOT_ALLOWED'],
    ['CloseAccount', 'TOKEN_INSTRUCTION_NOT_ALLOWED'],
    ['unknown program with a product key writable', 'UNKNOWN_PROGRAM'],
    ['compute-unit price', 'COMPUTE_BUDGET_FROM_OUTSIDE'],
    ['durable-nonce advance', 'NONCE_ADVANCE'],
    ['hook program naming a product key', 'PRODUCT_KEY_NAMED'],
  ];
  for (const [name, reason] of cases) {
    it(`refuses ${name} before the fill and after it, naming the instruction`, () => {
      const attack = attacks()[name] as Instruction;
      expectRefused(() => check([attack, ...honestFill()]), reason, 0);
      expectRefused(() => check([...honestFill(), attack]), reason, 4);
    });
  }

  it('refuses the keeper (or any product key) as fee payer', () => {
    for (const payer of [A.keeper, A.trade, A.feePayer, A.nav]) {
      expectRefused(() => check(honestFill(), payer), 'FEE_PAYER_IS_PRODUCT_KEY', null);
    }
  });

  it('refuses a product key hidden behind a lookup table, and an unresolved table', () => {
    const hidden: Instruction = {
      programAddress: A.hookProgram,
      accounts: [{ address: A.keeper, role: 1 }],
    };
    const refusal = expectRefused(
      () => check([...honestFill(), hidden], A.maker, true),
      'PRODUCT_KEY_NAMED',
      4,
    );
    expect(refusal.message).toContain('keeper');
    const bytes = compileFill([...honestFill(), hidden], A.maker, TABLE);
    expect(lookupTablesOf(bytes)).toEqual([A.table]);
    expectRefused(() => decodeMessage('rfq', bytes, {}), 'LOOKUP_TABLE_UNRESOLVED', null);
  });

  it('refuses a payment above the pay amount, split or whole', () => {
    expectRefused(() => check(honestFill(PAY_MAX + 1n)), 'OVERPAYMENT', 3);
    const half = transfer(A.tradeStable, A.stableMint, A.makerStable, A.trade, PAY_MAX / 2n + 1n);
    expectRefused(() => check([...honestFill(PAY_MAX / 2n), half]), 'OVERPAYMENT', 4);
  });

  it('refuses a payment to anyone but the maker, or from another account', () => {
    const elsewhere = transfer(A.tradeStable, A.stableMint, A.stranger, A.trade, 1n);
    expectRefused(() => check([...honestFill(), elsewhere]), 'PAYMENT_MISMATCH', 4);
  });

  it('refuses a short delivery and a delivery of another mint', () => {
    expectRefused(() => check(honestFill(PAY_MAX, DELIVER_MIN - 1n)), 'SHORT_DELIVERY', 1);
    const fill = honestFill();
    fill[1] = transfer(A.makerStock, A.otherMint, A.tradeStock, A.maker, DELIVER_MIN);
    expectRefused(() => check(fill), 'WRONG_DELIVERY_MINT', 1);
    expectRefused(() => check(fill.filter((_, i) => i !== 1)), 'SHORT_DELIVERY', null);
  });

  it('refuses an account creation the maker does not pay for', () => {
    const fill = honestFill();
    fill[0] = createAta(A.keeper, A.tradeStock, A.trade, A.stockMint);
    expectRefused(() => check(fill), 'ACCOUNT_CREATION_NOT_ALLOWED', 0);
  });

  it('refuses a third-party transfer that is neither payment nor delivery', () => {
    const side = transfer(A.makerStock, A.stockMint, A.stranger, A.maker, 1n);
    expectRefused(() => check([...honestFill(), side]), 'UNEXPECTED_TRANSFER', 4);
  });
});

describe('aggregator swap', () => {
  const policy = {
    product: PRODUCT,
    program: A.venue,
    user: A.trade,
    source: A.tradeStable,
    destination: A.tradeStock,
  };
  const run = (ixs: Instruction[]) => checkAggregatorInstructions('aggregator', ixs, policy);

  it('passes the venue swap of the trade authority from source to destination', () => {
    expect(() => run([venueSwap(A.trade, A.tradeStable, A.tradeStock)])).not.toThrow();
  });

  it('refuses each attack instruction next to the swap', () => {
    const expected: Record<string, RefusalReason> = {
      'System transfer out of a product key': 'SYSTEM_INSTRUCTION',
      'transfer out of the trade authority': 'UNEXPECTED_TRANSFER',
      Approve: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
      SetAuthority: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
      CloseAccount: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
      'unknown program with a product key writable': 'UNKNOWN_PROGRAM',
      'compute-unit price': 'COMPUTE_BUDGET_FROM_OUTSIDE',
      'durable-nonce advance': 'NONCE_ADVANCE',
      'hook program naming a product key': 'UNKNOWN_PROGRAM',
    };
    for (const [name, attack] of Object.entries(attacks())) {
      const swap = venueSwap(A.trade, A.tradeStable, A.tradeStock);
      const refusal = refusalOf(() => run([attack, swap]));
      expect({ name, reason: refusal.reason, index: refusal.instructionIndex }).toEqual({
        name,
        reason: expected[name],
        index: 0,
      });
    }
  });

  it('refuses the swap naming the keeper, the user writable, or another product account', () => {
    const keeperNamed = venueSwap(A.trade, A.tradeStable, A.tradeStock);
    const withKeeper = {
      ...keeperNamed,
      accounts: [...(keeperNamed.accounts ?? []), { address: A.keeper, role: 0 }],
    };
    expectRefused(() => run([withKeeper]), 'PRODUCT_KEY_NAMED', 0);
    const writableUser = {
      ...keeperNamed,
      accounts: [{ address: A.trade, role: 3 }, ...(keeperNamed.accounts ?? []).slice(1)],
    };
    expectRefused(() => run([writableUser]), 'PRODUCT_KEY_NAMED', 0);
    expectRefused(
      () => run([venueSwap(A.trade, A.keeperStable, A.tradeStock)]),
      'PRODUCT_KEY_NAMED',
      0,
    );
  });

  it('refuses an associated-account creation, whoever pays', () => {
    expectRefused(
      () => run([createAta(A.maker, A.tradeStock, A.trade, A.stockMint)]),
      'ACCOUNT_CREATION_NOT_ALLOWED',
      0,
    );
  });
});
