// Property (issue 29): random harmful mutations of a valid RFQ fill, one to three at a time,
// with or without a lookup table carrying its accounts, are never signed: the firewall refuses
// every one (a FirewallRefusal, never another error, never a pass). And the honest fill with
// any payment up to the pay amount and any delivery from the expected amount passes, so the
// property is not met by refusing everything. Seeded: the same cases on every run.
import type { Address, Instruction } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage } from '../src/firewall/message.ts';
import { FirewallRefusal } from '../src/firewall/refusal.ts';
import { checkRfqFill } from '../src/firewall/rfq-fill.ts';
import {
  A,
  ABUSABLE,
  attacks,
  compileFill,
  DELIVER_MIN,
  honestFill,
  PAY_MAX,
  POLICY,
  TABLE,
  transfer,
} from './support/firewall-fixtures.ts';

type Fill = { instructions: Instruction[]; feePayer: Address };

/** One harmful change; each gives a product key power or short-changes the product. */
type Mutation = (fill: Fill) => Fill;

const ATTACK_NAMES = Object.keys(attacks());
const PRODUCT_VICTIMS = [...ABUSABLE, A.trade];

const insertAttack = fc
  .record({
    name: fc.constantFrom(...ATTACK_NAMES),
    victim: fc.constantFrom(...PRODUCT_VICTIMS),
    at: fc.nat(),
  })
  .map(
    ({ name, victim, at }): Mutation =>
      (fill) => {
        const list = [...fill.instructions];
        list.splice(at % (list.length + 1), 0, attacks(victim)[name] as Instruction);
        return { ...fill, instructions: list };
      },
  );

/** A product key other than the taker put in place of any account of any instruction. */
const nameProductKey = fc
  .record({
    key: fc.constantFrom(...ABUSABLE),
    ix: fc.nat(),
    position: fc.nat(),
    role: fc.constantFrom(0, 1, 2, 3),
  })
  .map(
    ({ key, ix, position, role }): Mutation =>
      (fill) => {
        const list = [...fill.instructions];
        const i = ix % list.length;
        const target = list[i] as Instruction;
        const accounts = [...(target.accounts ?? [])];
        if (accounts.length === 0) return fill;
        accounts[position % accounts.length] = { address: key, role };
        list[i] = { ...target, accounts };
        return { ...fill, instructions: list };
      },
  );

const overpay = fc.bigInt({ min: 1n, max: 2n ** 40n }).map(
  (extra): Mutation =>
    (fill) => ({
      ...fill,
      instructions: [
        ...fill.instructions,
        transfer(A.tradeStable, A.stableMint, A.makerStable, A.trade, PAY_MAX + extra),
      ],
    }),
);

/** The delivery replaced by one of fewer units, or of another mint. */
const spoilDelivery = fc
  .record({ short: fc.bigInt({ min: 1n, max: DELIVER_MIN }), otherMint: fc.boolean() })
  .map(
    ({ short, otherMint }): Mutation =>
      (fill) => ({
        ...fill,
        instructions: fill.instructions.map((ix) =>
          ix.accounts?.[2]?.address === A.tradeStock && ix.accounts?.[3]?.address === A.maker
            ? transfer(
                A.makerStock,
                otherMint ? A.otherMint : A.stockMint,
                A.tradeStock,
                A.maker,
                otherMint ? DELIVER_MIN : DELIVER_MIN - short,
              )
            : ix,
        ),
      }),
  );

const productFeePayer = fc.constantFrom(...PRODUCT_VICTIMS).map(
  (key): Mutation =>
    (fill) => ({ ...fill, feePayer: key }),
);

const redirectPayment = fc.constantFrom(A.stranger, A.makerStock, A.keeperStable).map(
  (to): Mutation =>
    (fill) => ({
      ...fill,
      instructions: fill.instructions.map((ix) =>
        ix.accounts?.[3]?.address === A.trade
          ? transfer(A.tradeStable, A.stableMint, to, A.trade, 1n)
          : ix,
      ),
    }),
);

const mutation = fc.oneof(
  insertAttack,
  nameProductKey,
  overpay,
  spoilDelivery,
  productFeePayer,
  redirectPayment,
);

function verdict(fill: Fill, withTable: boolean): 'signed' | 'refused' {
  const bytes = compileFill(fill.instructions, fill.feePayer, withTable ? TABLE : undefined);
  try {
    checkRfqFill(
      'rfq-rebalance',
      decodeMessage('rfq-rebalance', bytes, withTable ? { [A.table]: TABLE } : {}),
      POLICY,
    );
    return 'signed';
  } catch (error) {
    if (error instanceof FirewallRefusal) return 'refused';
    throw error;
  }
}

describe('firewall property', () => {
  it('refuses every fill with one to three harmful mutations', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.boolean(), (ms, table) => {
        const fill = ms.reduce<Fill>((f, m) => m(f), {
          instructions: honestFill(),
          feePayer: A.maker,
        });
        expect(verdict(fill, table)).toBe('refused');
      }),
      { seed: 29, numRuns: 300 },
    );
  });

  it('signs the honest fill for any payment up to the amount and any delivery from the floor', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: PAY_MAX }),
        fc.bigInt({ min: DELIVER_MIN, max: 2n ** 63n }),
        fc.boolean(),
        (pay, deliver, table) => {
          expect(
            verdict({ instructions: honestFill(pay, deliver), feePayer: A.maker }, table),
          ).toBe('signed');
        },
      ),
      { seed: 29, numRuns: 200 },
    );
  });
});
