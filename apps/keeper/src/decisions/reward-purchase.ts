// What an epoch spends on reward stocks (docs/decisions/0053-rewards-bought-from-the-keeper-s-stablecoin-account.md): a
// configured share (bps) of what the keeper's rewards-funding stablecoin account holds at the
// distribution, split across the rewards config's mints by configured weights (equal when
// none are configured). Every division rounds down: the keeper never spends more than the
// account holds, and the units left over stay in the account for the next epoch.
import type { Address } from '@solana/kit';
import { centsText } from '../routes/rfq-route.ts';

/** Cents as the API's decimal text ("12.34"), through the RFQ route's formatter. */
const centsAsText = (cents: bigint) => centsText(cents * 1_000_000n);

const BPS = 10_000n;

/**
 * The epoch's stablecoin budget: `floor(balance x shareBps / 10,000)`.
 *
 * @example
 * rewardBudget(1_000_001n, 5_000); // 500_000n (the half unit stays)
 */
export function rewardBudget(balance: bigint, shareBps: number): bigint {
  if (balance < 0n) throw new RangeError('negative balance');
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) {
    throw new RangeError(`share ${shareBps} bps is not an integer in 0..10000`);
  }
  return (balance * BigInt(shareBps)) / BPS;
}

/** One reward mint's part of the budget. */
export type MintBudget = Readonly<{ mint: Address; stableRaw: bigint }>;

/**
 * Splits `budget` across `mints` by `weights` (mint -> positive integer; a mint without a
 * weight gets none when weights are given, every mint the same when they are not), each part
 * rounded down; `leftover` is what no mint got.
 *
 * @example
 * splitRewardBudget(10n, [a, b], new Map([[a, 1], [b, 2]])); // a 3, b 6, leftover 1
 */
export function splitRewardBudget(
  budget: bigint,
  mints: readonly Address[],
  weights?: ReadonlyMap<Address, number>,
): { parts: MintBudget[]; leftover: bigint } {
  if (budget < 0n) throw new RangeError('negative budget');
  const weightOf = (m: Address) => BigInt(weights ? (weights.get(m) ?? 0) : 1);
  let total = 0n;
  for (const m of mints) {
    const w = weightOf(m);
    if (w < 0n) throw new RangeError(`negative weight for ${m}`);
    total += w;
  }
  const parts: MintBudget[] = [];
  let spent = 0n;
  for (const mint of mints) {
    const stableRaw = total === 0n ? 0n : (budget * weightOf(mint)) / total;
    parts.push({ mint, stableRaw });
    spent += stableRaw;
  }
  return { parts, leftover: budget - spent };
}

/**
 * A stablecoin raw amount as whole cents (rounded down: the RFQ's `cashAmount` has two
 * decimals, so the sub-cent rest is never offered and stays in the account).
 *
 * @example
 * wholeCents(12_345_678n, 6); // 1_234n ($12.34)
 */
export function wholeCents(stableRaw: bigint, stableDecimals: number): bigint {
  if (stableDecimals < 2) return stableRaw * 10n ** BigInt(2 - stableDecimals);
  return stableRaw / 10n ** BigInt(stableDecimals - 2);
}

/** Whether a mint's part is bought this epoch, or why it is carried to the next. */
export type PurchaseDecision =
  | Readonly<{ action: 'buy'; mint: Address; stableRaw: bigint; cents: bigint }>
  | Readonly<{ action: 'carry'; mint: Address; stableRaw: bigint; reason: string }>;

/**
 * Buys a part when it is worth at least `minTradeCents` and a route is open now; otherwise
 * carries it (it stays in the stablecoin account and joins the next epoch's budget).
 *
 * @example
 * decidePurchase(part, { stableDecimals: 6, minTradeCents: 5_000n, route: 'swap' });
 */
export function decidePurchase(
  part: MintBudget,
  input: { stableDecimals: number; minTradeCents: bigint; route: string; routeReason?: string },
): PurchaseDecision {
  const { mint, stableRaw } = part;
  const cents = wholeCents(stableRaw, input.stableDecimals);
  if (cents === 0n || cents < input.minTradeCents) {
    return {
      action: 'carry',
      mint,
      stableRaw,
      reason: `$${centsAsText(cents)} is below the minimum trade $${centsAsText(input.minTradeCents)}`,
    };
  }
  if (input.route === 'skip') {
    return {
      action: 'carry',
      mint,
      stableRaw,
      reason: `no route open now (${input.routeReason ?? 'routing rules'})`,
    };
  }
  return { action: 'buy', mint, stableRaw, cents };
}

/**
 * The idempotency key of one reward purchase: one per epoch and mint, across routes,
 * re-quotes, restarts and replicas (a purchase is never made twice).
 *
 * @example
 * purchaseKey('epoch:2026-11-29', mint); // 'reward-purchase:epoch:2026-11-29:<mint>'
 */
export function purchaseKey(epoch: string, mint: Address): string {
  return `reward-purchase:${epoch}:${mint}`;
}
