// The RFQ fill's rule (both RFQ routes: a rebalance leg, where the trade authority pays, and a
// reward purchase, where the keeper does): the message may contain only what a delivery
// needs. The product's taker pays at most the pay amount of the pay mint from its pay account
// into the maker's account; the maker delivers at least the expected amount of the expected
// mint into the expected account; associated accounts may be created when the maker pays the
// rent; the stock's transfer-hook program may run; the compute budget the keeper asked for
// with the quote (its priority-fee policy's limit and price, decision 0930) must be there,
// exactly once each, and no other compute-budget instruction. Anything else is refused, naming
// the instruction and why.
import type { Address } from '@solana/kit';
import { classify, type InstructionKind, outsideRefusal } from './instruction-kinds.ts';
import type { DecodedMessage } from './message.ts';
import {
  assertFeePayerOutside,
  assertNoProductKeyNamed,
  type ProductKeys,
} from './product-keys.ts';
import { FirewallRefusal } from './refusal.ts';

/** What the route expects of a fill. */
export type RfqFillPolicy = Readonly<{
  product: ProductKeys;
  /** The product key that pays (the trade authority, or the keeper for a reward purchase). */
  taker: Address;
  payment: Readonly<{
    mint: Address;
    /** The taker's account of the pay mint. */
    source: Address;
    /** The maker's account of the pay mint (the associated account of the fee payer). */
    destination: Address;
    maxRaw: bigint;
  }>;
  delivery: Readonly<{ mint: Address; destination: Address; minRaw: bigint }>;
  /** Transfer-hook programs of the fill's mints (they may be invoked, naming no product key). */
  hookPrograms: readonly Address[];
  /**
   * The compute budget asked for with the quote: the fill carries exactly this
   * SetComputeUnitLimit and SetComputeUnitPrice. Absent: no compute-budget instruction passes.
   */
  computeBudget?: Readonly<{ unitLimit: number; microLamportsPerCu: bigint }>;
}>;

/**
 * Whether a compute-budget instruction is one the route asked for and not yet seen; refuses
 * anything else (another value, a repeat, another kind, or any when none was asked for).
 */
function budgetAccepted(
  route: string,
  index: number,
  kind: Extract<InstructionKind, { kind: 'compute-budget' }>,
  asked: RfqFillPolicy['computeBudget'],
  seen: Set<string>,
): void {
  if (!asked) {
    const [reason, why] = outsideRefusal(kind) ?? ['COMPUTE_BUDGET_FROM_OUTSIDE', ''];
    throw new FirewallRefusal(route, index, reason, why);
  }
  const expected =
    kind.set === 'unit-limit'
      ? BigInt(asked.unitLimit)
      : kind.set === 'unit-price'
        ? asked.microLamportsPerCu
        : null;
  if (expected === null || kind.value !== expected || seen.has(kind.set)) {
    throw new FirewallRefusal(
      route,
      index,
      'COMPUTE_BUDGET_FROM_OUTSIDE',
      `${kind.set} ${kind.value ?? ''}${seen.has(kind.set) ? ' again' : ''}: only the asked limit ${asked.unitLimit} and price ${asked.microLamportsPerCu}, once each`,
    );
  }
  seen.add(kind.set);
}

/** What a fill that passed moves. */
export type CheckedFill = Readonly<{ paidRaw: bigint; deliveredRaw: bigint }>;

/** Refusals by program, before any account is looked at. */
function programRefusal(route: string, index: number, kind: InstructionKind, hooks: Set<Address>) {
  const refuse = (reason: ConstructorParameters<typeof FirewallRefusal>[2], why: string) => {
    throw new FirewallRefusal(route, index, reason, why);
  };
  const outside = outsideRefusal(kind);
  if (outside) refuse(...outside);
  switch (kind.kind) {
    case 'token-other':
      return refuse('TOKEN_INSTRUCTION_NOT_ALLOWED', `${kind.name} is not a transfer`);
    case 'ata-other':
      return refuse('ACCOUNT_CREATION_NOT_ALLOWED', 'only Create / CreateIdempotent');
    case 'other':
      if (!hooks.has(kind.program)) {
        refuse('UNKNOWN_PROGRAM', `program ${kind.program} is not one a delivery needs`);
      }
  }
}

/**
 * Checks every instruction of a fill (decoded with its lookup tables) against the route's
 * expectations.
 *
 * @throws {FirewallRefusal} naming the first offending instruction.
 * @example
 * const { paidRaw, deliveredRaw } = checkRfqFill('rfq-rebalance', decodeMessage(...), policy);
 */
export function checkRfqFill(
  route: string,
  message: DecodedMessage,
  policy: RfqFillPolicy,
): CheckedFill {
  const { product, taker, payment, delivery } = policy;
  assertFeePayerOutside(route, message.feePayer, product);
  const hooks = new Set(policy.hookPrograms);
  const budgetSeen = new Set<string>();
  let paidRaw = 0n;
  let deliveredRaw = 0n;
  let lastDelivery: number | null = null;
  message.instructions.forEach((ix, i) => {
    const kind = classify(ix);
    if (kind.kind === 'compute-budget') {
      budgetAccepted(route, i, kind, policy.computeBudget, budgetSeen);
      return;
    }
    programRefusal(route, i, kind, hooks);
    const refuse = (reason: ConstructorParameters<typeof FirewallRefusal>[2], why: string) => {
      throw new FirewallRefusal(route, i, reason, why);
    };
    if (kind.kind === 'ata-create') {
      if (kind.payer !== message.feePayer) {
        refuse('ACCOUNT_CREATION_NOT_ALLOWED', `the rent is paid by ${kind.payer}, not the maker`);
      }
      // The taker's delivery account may be created for it (the owner signs nothing there).
      const allowed = new Set<number>();
      if (kind.account === delivery.destination) allowed.add(1);
      if (kind.owner === taker) allowed.add(2);
      assertNoProductKeyNamed(route, i, ix, product, allowed);
      return;
    }
    if (kind.kind !== 'transfer-checked') {
      assertNoProductKeyNamed(route, i, ix, product);
      return;
    }
    if (kind.authority === taker) {
      assertNoProductKeyNamed(route, i, ix, product, new Set([0, 3]));
      if (
        kind.source !== payment.source ||
        kind.mint !== payment.mint ||
        kind.destination !== payment.destination
      ) {
        refuse(
          'PAYMENT_MISMATCH',
          `the taker's transfer of ${kind.mint} from ${kind.source} to ${kind.destination} is not its payment of ${payment.mint} from ${payment.source} to the maker's ${payment.destination}`,
        );
      }
      paidRaw += kind.amount;
      if (paidRaw > payment.maxRaw) {
        refuse('OVERPAYMENT', `the taker pays ${paidRaw} > ${payment.maxRaw}`);
      }
      return;
    }
    if (kind.destination === delivery.destination) {
      assertNoProductKeyNamed(route, i, ix, product, new Set([2]));
      if (kind.mint !== delivery.mint) {
        refuse('WRONG_DELIVERY_MINT', `delivers ${kind.mint}, not ${delivery.mint}`);
      }
      deliveredRaw += kind.amount;
      lastDelivery = i;
      return;
    }
    assertNoProductKeyNamed(route, i, ix, product);
    refuse(
      'UNEXPECTED_TRANSFER',
      `a transfer of ${kind.mint} to ${kind.destination} is neither the payment nor the delivery`,
    );
  });
  if (policy.computeBudget && budgetSeen.size < 2) {
    throw new FirewallRefusal(
      route,
      null,
      'COMPUTE_BUDGET_MISSING',
      `the fill lacks the asked ${['unit-limit', 'unit-price'].filter((k) => !budgetSeen.has(k)).join(' and ')}`,
    );
  }
  if (deliveredRaw < delivery.minRaw) {
    throw new FirewallRefusal(
      route,
      lastDelivery,
      'SHORT_DELIVERY',
      `delivers ${deliveredRaw} < ${delivery.minRaw} of ${delivery.mint} into ${delivery.destination}`,
    );
  }
  return { paidRaw, deliveredRaw };
}
