/**
 * The priority-fee policy: what compute-unit price a transaction offers, decided from recent
 * prioritization fees paid by transactions that wrote the same accounts (a percentile over the
 * recent slots, or a provider's estimate when one is configured), bounded by a per-use cap in
 * lamports, and raised step by step on each retry up to that cap. The compute-unit limit is the
 * measured one plus margin, so the fee is known, in lamports, before anything is signed.
 *
 * Every decision here is a pure function on integers; the only I/O is
 * {@link createPriorityFeeEstimator}, which reads the samples.
 */

import {
  type Address,
  type Instruction,
  isWritableRole,
  type MicroLamports,
  type TransactionMessage,
} from '@solana/kit';
import {
  updateOrAppendSetComputeUnitLimitInstruction,
  updateOrAppendSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { type ComputeCost, computeUnitLimit } from './compute-unit-costs.ts';

/**
 * One entry of `getRecentPrioritizationFees`: the lowest fee (micro-lamports per compute unit)
 * a transaction writing the given accounts paid to land in `slot`.
 *
 * @example
 * const sample: PriorityFeeSample = { slot: 348_000_000n, prioritizationFee: 12_000n };
 */
export interface PriorityFeeSample {
  readonly slot: bigint;
  readonly prioritizationFee: bigint;
}

/**
 * How fees are chosen. Amounts are integers: micro-lamports per compute unit, basis points.
 *
 * @example
 * const policy: PriorityFeePolicy = { percentile: 75, lookbackSlots: 150, floorMicroLamports: 1_000n, escalationBps: 5_000, escalationStepMicroLamports: 1_000n };
 */
export interface PriorityFeePolicy {
  /** Percentile (1..100, nearest rank) of the recent samples to offer. */
  readonly percentile: number;
  /** Only samples of the last this many slots count (the RPC answers up to 150). */
  readonly lookbackSlots: number;
  /** Never offer less than this (an idle network still gets a small price). */
  readonly floorMicroLamports: bigint;
  /** Each retry offers the previous price times (10,000 + this) / 10,000 ... */
  readonly escalationBps: number;
  /** ... plus at least this much, so a price of zero rises too. */
  readonly escalationStepMicroLamports: bigint;
}

/**
 * A policy fit for most uses: the 75th percentile of the last 150 slots, at least 1,000
 * micro-lamports, +50% (and at least +1,000) per retry.
 *
 * @example
 * const policy = { ...DEFAULT_PRIORITY_FEE_POLICY, percentile: 90 };
 */
export const DEFAULT_PRIORITY_FEE_POLICY: PriorityFeePolicy = Object.freeze({
  percentile: 75,
  lookbackSlots: 150,
  floorMicroLamports: 1_000n,
  escalationBps: 5_000,
  escalationStepMicroLamports: 1_000n,
});

/**
 * The base fee of one signature, in lamports.
 *
 * @example
 * LAMPORTS_PER_SIGNATURE * 2n; // two signers
 */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;

/**
 * A policy field out of range: names the field and the value.
 *
 * @example
 * if (error instanceof PriorityFeePolicyError) console.error(error.message);
 */
export class PriorityFeePolicyError extends RangeError {
  constructor(field: string, value: unknown, expected: string) {
    super(`priority-fee policy: ${field} is ${String(value)}, expected ${expected}`);
    this.name = 'PriorityFeePolicyError';
  }
}

/**
 * Checks a policy's ranges; throws {@link PriorityFeePolicyError} naming the bad field.
 *
 * @example
 * assertIsPriorityFeePolicy({ ...DEFAULT_PRIORITY_FEE_POLICY, percentile: 101 }); // throws
 */
export function assertIsPriorityFeePolicy(policy: PriorityFeePolicy): void {
  if (!Number.isInteger(policy.percentile) || policy.percentile < 1 || policy.percentile > 100)
    throw new PriorityFeePolicyError('percentile', policy.percentile, 'an integer 1..100');
  if (!Number.isInteger(policy.lookbackSlots) || policy.lookbackSlots < 1)
    throw new PriorityFeePolicyError('lookbackSlots', policy.lookbackSlots, 'a positive integer');
  if (!Number.isInteger(policy.escalationBps) || policy.escalationBps < 0)
    throw new PriorityFeePolicyError('escalationBps', policy.escalationBps, 'an integer >= 0');
  if (policy.floorMicroLamports < 0n)
    throw new PriorityFeePolicyError('floorMicroLamports', policy.floorMicroLamports, '>= 0');
  if (policy.escalationStepMicroLamports < 0n)
    throw new PriorityFeePolicyError(
      'escalationStepMicroLamports',
      policy.escalationStepMicroLamports,
      '>= 0',
    );
}

/**
 * The nearest-rank percentile of `values` (0 for none): the smallest value at or above which
 * `percentile`% of the values lie.
 *
 * @example
 * feePercentile([1n, 2n, 3n, 4n], 50); // 2n
 */
export function feePercentile(values: readonly bigint[], percentile: number): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rank = Math.max(1, Math.ceil((percentile * sorted.length) / 100));
  return sorted[Math.min(rank, sorted.length) - 1] as bigint;
}

/**
 * The price the samples call for: the policy's percentile over the samples of the last
 * `lookbackSlots` slots (counted back from the newest sample), never below the floor.
 *
 * @example
 * estimateFromSamples(samples, DEFAULT_PRIORITY_FEE_POLICY); // e.g. 25_000n
 */
export function estimateFromSamples(
  samples: readonly PriorityFeeSample[],
  policy: PriorityFeePolicy,
): bigint {
  if (samples.length === 0) return policy.floorMicroLamports;
  let newest = 0n;
  for (const s of samples) if (s.slot > newest) newest = s.slot;
  const from = newest - BigInt(policy.lookbackSlots) + 1n;
  const recent = samples.filter((s) => s.slot >= from).map((s) => s.prioritizationFee);
  const p = feePercentile(recent, policy.percentile);
  if (p < policy.floorMicroLamports) return policy.floorMicroLamports;
  return p;
}

/**
 * The highest price (micro-lamports per CU) whose priority fee stays within `capLamports` for
 * a transaction limited to `computeUnits`.
 *
 * @example
 * priceCapFor(100_000n, 200_000); // 500_000n micro-lamports per CU
 */
export function priceCapFor(capLamports: bigint, computeUnits: number): bigint {
  if (computeUnits <= 0) return 0n;
  return (capLamports * MICRO_LAMPORTS_PER_LAMPORT) / BigInt(computeUnits);
}

/**
 * The priority fee in lamports of `computeUnits` at `microLamportsPerCu`, rounded up as the
 * runtime charges it.
 *
 * @example
 * priorityFeeLamports(1_500n, 200_000); // 300n
 */
export function priorityFeeLamports(microLamportsPerCu: bigint, computeUnits: number): bigint {
  const total = microLamportsPerCu * BigInt(computeUnits);
  return (total + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}

/**
 * The price offered at retry `attempt` (0: the first send): the base raised by the policy's
 * step once per retry, never above `cap`.
 *
 * @example
 * escalatedPrice(10_000n, 2, DEFAULT_PRIORITY_FEE_POLICY, 1_000_000n); // 22_500n
 */
export function escalatedPrice(
  base: bigint,
  attempt: number,
  policy: PriorityFeePolicy,
  cap: bigint,
): bigint {
  let price = base;
  for (let i = 0; i < attempt && price < cap; i += 1) {
    const raised = (price * BigInt(10_000 + policy.escalationBps)) / 10_000n;
    const stepped = price + policy.escalationStepMicroLamports;
    price = raised > stepped ? raised : stepped;
  }
  return price < cap ? price : cap;
}

/**
 * What one send will pay, decided before it is signed.
 *
 * @example
 * const fee: PriorityFeeDecision = decidePriorityFee({ samples, policy, computeUnits: 200_000, capLamports: 50_000n, attempt: 0 });
 */
export interface PriorityFeeDecision {
  readonly microLamportsPerCu: bigint;
  readonly computeUnits: number;
  /** Priority fee in lamports (compute-unit price times limit, rounded up). */
  readonly priorityLamports: bigint;
  /** Base signature fees plus the priority fee, in lamports. */
  readonly totalLamports: bigint;
  /** True when the cap, not the market, set the price. */
  readonly capped: boolean;
  /** Where the base price came from. */
  readonly source: 'samples' | 'provider' | 'floor';
}

/**
 * Decides a send's price: the provider's estimate when one is given, the samples' percentile
 * otherwise (at least the floor), escalated for `attempt`, capped so the priority fee stays
 * within `capLamports`.
 *
 * @example
 * const fee = decidePriorityFee({ samples, policy: DEFAULT_PRIORITY_FEE_POLICY, computeUnits: 120_000, capLamports: 100_000n, attempt: 1 });
 * buildTransactionMessage({ feePayer, lifetime, instructions, priorityFeeMicroLamports: fee.microLamportsPerCu });
 */
export function decidePriorityFee(input: {
  samples: readonly PriorityFeeSample[];
  providerEstimate?: bigint | null;
  policy: PriorityFeePolicy;
  computeUnits: number;
  capLamports: bigint;
  attempt: number;
  signatures?: number;
}): PriorityFeeDecision {
  const { policy } = input;
  const provider = input.providerEstimate ?? null;
  const fromSamples = estimateFromSamples(input.samples, policy);
  const base =
    provider !== null && provider > policy.floorMicroLamports
      ? provider
      : provider !== null
        ? policy.floorMicroLamports
        : fromSamples;
  const source: PriorityFeeDecision['source'] =
    provider !== null
      ? 'provider'
      : input.samples.length > 0 && fromSamples > policy.floorMicroLamports
        ? 'samples'
        : 'floor';
  const cap = priceCapFor(input.capLamports, input.computeUnits);
  const wanted = escalatedPrice(base, input.attempt, policy, cap + 1n);
  const capped = wanted > cap;
  const price = capped ? cap : wanted;
  const priority = priorityFeeLamports(price, input.computeUnits);
  return {
    microLamportsPerCu: price,
    computeUnits: input.computeUnits,
    priorityLamports: priority,
    totalLamports: priority + LAMPORTS_PER_SIGNATURE * BigInt(input.signatures ?? 1),
    capped,
    source,
  };
}

/**
 * The compute-unit limit `buildTransactionMessage` sets for these instructions with a price
 * instruction (measured costs plus margin), so a decision can be made before building.
 *
 * @example
 * const units = pricedComputeUnitLimit(instructions);
 */
export function pricedComputeUnitLimit(
  instructions: readonly { readonly costs: readonly ComputeCost[] }[],
  marginBps?: number,
): number {
  return computeUnitLimit(
    instructions.flatMap((i) => i.costs),
    { ...(marginBps === undefined ? {} : { marginBps }), budgetInstructions: 2 },
  );
}

/**
 * The accounts the instructions write, without repeats (the RPC takes at most 128): the ones
 * whose recent fees matter, since only writers of an account compete for it.
 *
 * @example
 * const accounts = writableAccountsOf(instructions.map((i) => i.instruction));
 */
export function writableAccountsOf(instructions: readonly Instruction[]): Address[] {
  const out = new Set<Address>();
  for (const ix of instructions) {
    for (const meta of ix.accounts ?? []) {
      if (isWritableRole(meta.role)) out.add(meta.address);
    }
  }
  return [...out].slice(0, 128);
}

/**
 * A lamport amount as SOL text with nine decimals, trailing zeros dropped (integer math).
 *
 * @example
 * formatLamportsAsSol(15_000n); // '0.000015'
 */
export function formatLamportsAsSol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n;
  const frac = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return frac.length > 0 ? `${whole}.${frac}` : whole.toString();
}

/**
 * Sets (or replaces) a message's compute-unit limit and price: for messages not built by
 * `buildTransactionMessage` (a durable-nonce proposal), with a limit measured by simulation.
 *
 * @example
 * const priced = setComputeBudget(message, { computeUnitLimit: 60_000, microLamportsPerCu: fee.microLamportsPerCu });
 */
export function setComputeBudget<M extends TransactionMessage>(
  message: M,
  budget: { computeUnitLimit: number; microLamportsPerCu: bigint },
): M {
  return updateOrAppendSetComputeUnitPriceInstruction(
    budget.microLamportsPerCu as MicroLamports,
    updateOrAppendSetComputeUnitLimitInstruction(budget.computeUnitLimit, message),
  );
}
