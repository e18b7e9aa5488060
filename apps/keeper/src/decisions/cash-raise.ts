// The withdrawal-router's sale decision: which assets to sell, and how much of each, when the
// cash buffer cannot pay the open requests. The NAV after the payouts is known before any
// sale (a sale swaps assets for cash at the snapshot's prices), so each asset's target after
// the withdrawal is known too: its weight of that NAV less the buffer's target. The sale aims
// at the amount that pays the requests AND leaves the buffer at its target (the spec's
// "refills the cash buffer"): sold from the overweight assets down to their targets, the most
// overweight first (`waterFill`); with every asset tradable that is exactly enough, and
// leaves the basket on target. Only what must be raised to pay (the shortfall plus a margin
// for the price moving before the payout) is sold beyond that, from the tradable assets
// nearest their target first, down to a common drift (pro rata of target weights could end a
// basis point further off than the old one-asset sale: docs/decisions/0556-the-withdrawal-router-s-sale-also-refills-the-buffer.md). Every sale is at
// least the minimum trade and at most the holding; when folding the small sales leaves paying
// short, the short comes from one more asset, or else the whole raise from one asset
// (`withMinimum`): whenever one tradable holding could pay, the run pays. A halted, frozen or
// closed-market asset is never sold; when nothing can trade, nothing is sold and the request
// waits (the next run tries again).
import { byAmountDesc, maxOf, minOf, toCents, waterFill } from './allocation.ts';
import { KeeperError } from './errors.ts';

const BPS = 10_000n;

/** An asset as the sale sees it, valued at the snapshot (raw x multiplier x price). */
export type RaiseAsset = Readonly<{
  mint: string;
  valueUsd1e8: bigint;
  targetWeightBps: number;
  /** False when its routes are closed now (halt, freeze, closed market): never sold. */
  tradable: boolean;
}>;

export type RaiseInput = Readonly<{
  assets: readonly RaiseAsset[];
  /** Stablecoin the vault holds, USD x 1e8. */
  cashUsd1e8: bigint;
  /** What the requests being paid take from the buffer (payouts plus fees), USD x 1e8. */
  payoutsUsd1e8: bigint;
  cashBufferBps: number;
  /** Sold over the shortfall at least, in bps of it: the price moves before the payout. */
  marginBps: number;
  minTradeUsd1e8: bigint;
  /**
   * The drift threshold, bps of the investable value: the refill (what is sold beyond
   * `mustUsd1e8`) never takes a tradable asset further below its target than this; it waits
   * for the hours when the other assets trade.
   */
  thresholdBps: number;
}>;

export type RaiseLeg = Readonly<{ mint: string; notionalUsd1e8: bigint }>;

export type RaisePlan = Readonly<{
  /** What must be raised to pay: the shortfall plus the margin (0 when the cash pays). */
  mustUsd1e8: bigint;
  /** What would also refill the buffer to its target after the payouts. */
  wantUsd1e8: bigint;
  /** Sales, largest first, each whole cents and at least the minimum trade. */
  legs: readonly RaiseLeg[];
  /** Part of `mustUsd1e8` no tradable holding can cover now (0 when the legs pay). */
  unraisedUsd1e8: bigint;
}>;

/** Sums a list of bigints. */
const total = (xs: readonly bigint[]): bigint => xs.reduce((s, x) => s + x, 0n);

/**
 * Plans the sales that let the vault pay `payoutsUsd1e8` and keep its basket on target.
 *
 * @throws {KeeperError} `INVALID_DECISION_INPUT` on weights not summing to 10000 or negatives.
 * @example
 * // A $1,030 vault (A $600, B $400 at 50/50, $30 cash, 5% buffer) paying $80:
 * planCashRaise({ assets: [
 *   { mint: 'A', valueUsd1e8: 600n * USD_ONE, targetWeightBps: 5_000, tradable: true },
 *   { mint: 'B', valueUsd1e8: 400n * USD_ONE, targetWeightBps: 5_000, tradable: true },
 * ], cashUsd1e8: 30n * USD_ONE, payoutsUsd1e8: 80n * USD_ONE, cashBufferBps: 500,
 *   marginBps: 100, minTradeUsd1e8: 10n * USD_ONE, thresholdBps: 100 });
 * // must $50.50, want $97.50 ($50 + the buffer's $47.50): legs [A $97.50], A then at its
 * // target of $451.25 after the payout
 */
export function planCashRaise(input: RaiseInput): RaisePlan {
  const { assets, cashUsd1e8, payoutsUsd1e8 } = input;
  const sum = assets.reduce((s, a) => s + a.targetWeightBps, 0);
  if (sum !== 10_000)
    throw new KeeperError('INVALID_DECISION_INPUT', `target weights sum to ${sum} bps, not 10000`);
  if (cashUsd1e8 < 0n || payoutsUsd1e8 < 0n || assets.some((a) => a.valueUsd1e8 < 0n))
    throw new KeeperError('INVALID_DECISION_INPUT', 'negative cash, payout or value');
  const need = payoutsUsd1e8 - cashUsd1e8;
  if (need <= 0n) return { mustUsd1e8: 0n, wantUsd1e8: 0n, legs: [], unraisedUsd1e8: 0n };
  const navAfter = total(assets.map((a) => a.valueUsd1e8)) + cashUsd1e8 - payoutsUsd1e8;
  // As computeVaultDrift: the investable value floored, so the buffer's target rounds up.
  const investableAfter =
    navAfter > 0n ? (navAfter * (BPS - BigInt(input.cashBufferBps))) / BPS : 0n;
  const must = (need * (BPS + BigInt(input.marginBps)) + BPS - 1n) / BPS;
  const want = need + maxOf(navAfter, 0n) - investableAfter;
  const goal = maxOf(must, want);
  const open = assets.map((a) => (a.tradable ? a.valueUsd1e8 : 0n));
  // Each tradable asset's distance above its target after the withdrawal (negative: below).
  const over = assets.map(
    (a) => a.valueUsd1e8 - (investableAfter * BigInt(a.targetWeightBps)) / BPS,
  );
  const excess = over.map((d, i) =>
    (open[i] as bigint) > 0n ? minOf(maxOf(d, 0n), open[i] as bigint) : 0n,
  );
  const excessSum = total(excess);
  // Down to the targets while that pays: the refill only from what is above target; what
  // paying needs beyond it from the assets nearest their target, down to a common drift.
  const amount = excessSum >= goal ? goal : maxOf(excessSum, must);
  // An asset that cannot trade has no room (cap 0): it is never sold.
  const amounts = waterFill(amount, over, open, 'ceil');
  // How far the refill may take each asset: inside the threshold below its target (a basis
  // point short of it: the scan floors weights, and an asset at the threshold is rebalanced).
  const threshold = (investableAfter * BigInt(Math.max(input.thresholdBps - 1, 0))) / BPS;
  const room = over.map((d, i) => minOf(open[i] as bigint, maxOf(d + threshold, 0n)));
  const legs = withMinimum(assets, { open, over, room }, amounts, input.minTradeUsd1e8, must);
  const raised = total(legs.map((l) => l.notionalUsd1e8));
  return { mustUsd1e8: must, wantUsd1e8: want, legs, unraisedUsd1e8: maxOf(must - raised, 0n) };
}

/**
 * Rounds each sale up to whole cents (capped at the holding) and makes every sale at least the
 * minimum trade: the smallest sale under it is folded into the largest ones, each only as far
 * as its `room` (down to the threshold below its target) or its own share of what must be
 * raised; when all of it is under the minimum, one sale of the minimum from the most
 * overweight tradable asset that holds it. What a fold cannot place is not sold, unless paying
 * needs it: then it comes from the remaining sales' holdings (largest first), the only sales
 * that may go past the threshold. When those holdings are sold out and paying is still short
 * (a fold dropped a small sale whose carry nothing could take), the rule is, in order:
 * 1. the short from one more asset: a sale of max(short, minimum) from the most overweight
 *    tradable asset not yet sold that holds it; what it raises beyond the short (when the
 *    short is under the minimum) is taken back from the other sales, largest first, each kept
 *    at the minimum;
 * 2. else the whole plan becomes one sale of max(must, minimum) from the most overweight
 *    tradable asset that holds it (the old one-asset rule);
 * 3. else (no tradable holding can pay) the sales as they are, or one sale of the minimum when
 *    none is left: the request waits for the next run, which plans again.
 * Steps 1 and 2 raise less than a cent a sale beyond max(must, minimum): what they take past
 * the threshold below a target is only what paying needs. "Most overweight" is the largest
 * value over the target after the payout: of all single-asset sales of one amount, the one
 * that leaves the basket's largest drift smallest.
 */
function withMinimum(
  assets: readonly RaiseAsset[],
  by: Readonly<{ open: readonly bigint[]; over: readonly bigint[]; room: readonly bigint[] }>,
  amounts: readonly bigint[],
  minimum: bigint,
  must: bigint,
): RaiseLeg[] {
  const { open, over, room } = by;
  let legs = amounts
    .map((x, i) => ({ i, x: minOf(toCents(x, 'ceil'), open[i] as bigint) }))
    .filter((l) => l.x > 0n);
  // A leg keeps what the water-fill gave it (the part of `must` below the targets).
  const cap = new Map(legs.map((l) => [l.i, maxOf(room[l.i] as bigint, l.x)]));
  const oneSale = (size: bigint, skip: ReadonlySet<number> = new Set()): Leg[] => {
    const first = assets
      .map((_, i) => i)
      .filter((i) => !skip.has(i) && (open[i] as bigint) > 0n && (open[i] as bigint) >= size)
      .sort((a, b) => byAmountDesc(over[a] as bigint, over[b] as bigint) || a - b)[0];
    return first === undefined
      ? []
      : [{ i: first, x: minOf(toCents(size, 'ceil'), open[first] as bigint) }];
  };
  if (legs.length > 0 && total(legs.map((l) => l.x)) < minimum) legs = oneSale(minimum);
  for (;;) {
    legs.sort(byLegDesc);
    const small = legs.at(-1);
    if (!small || small.x >= minimum || legs.length === 1) break;
    legs.pop();
    let carry = small.x;
    for (const l of legs) {
      const add = minOf(carry, maxOf((cap.get(l.i) ?? l.x) - l.x, 0n));
      l.x += add;
      carry -= add;
    }
  }
  // Paying comes first: what the folds left unplaced, from the holdings that can trade.
  let short = must - total(legs.map((l) => l.x));
  for (const l of legs) {
    if (short <= 0n) break;
    const add = minOf(toCents(short, 'ceil'), (open[l.i] as bigint) - l.x);
    l.x += add;
    short -= add;
  }
  legs = legs.filter((l) => l.x >= minimum);
  short = must - total(legs.map((l) => l.x));
  if (short > 0n) {
    const extra = oneSale(maxOf(short, minimum), new Set(legs.map((l) => l.i)))[0];
    const one = oneSale(maxOf(must, minimum));
    legs =
      (extra && withOneMore(legs, extra, short, minimum)) ??
      (one.length > 0 ? one : legs.length > 0 ? legs : oneSale(minimum));
  }
  return legs
    .sort(byLegDesc)
    .map((l) => ({ mint: (assets[l.i] as RaiseAsset).mint, notionalUsd1e8: l.x }));
}

type Leg = { i: number; x: bigint };
const byLegDesc = (a: Leg, b: Leg): number => byAmountDesc(a.x, b.x) || a.i - b.i;

/**
 * The sales plus `extra`, a sale for the part `short` of what must be raised that they leave:
 * what `extra` raises beyond the short (a short under the minimum) is taken back from the
 * others, largest first, each kept at the minimum, to under a cent; null when they cannot give
 * it back (then the caller's one-asset sale pays without raising more than it must).
 */
function withOneMore(legs: readonly Leg[], extra: Leg, short: bigint, minimum: bigint) {
  let back = toCents(extra.x - short, 'floor');
  const kept = legs.map((l) => ({ ...l })).sort(byLegDesc);
  for (const l of kept) {
    const cut = minOf(back, maxOf(l.x - minimum, 0n));
    l.x -= cut;
    back -= cut;
  }
  return back > 0n ? null : [...kept, extra];
}
