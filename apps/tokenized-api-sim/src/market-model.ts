import { isOpen, nextOpen } from '@basket/market-calendar';
import { formatFixed, parseFixed } from './fixed-point.ts';
import type { MultiplierReason, SeedAsset } from './seed-data.ts';

const DAY = 86_400_000;
/** FeeAccrual history starts this long before the anchor. */
const ACCRUAL_LOOKBACK_MS = 60 * DAY;
const BPS_YEAR_DENOMINATOR = 10_000n * 365n;

/** One multiplier change on an asset's timeline. */
export type MultiplierChange = Readonly<{
  at: number;
  previous: bigint;
  next: bigint;
  reason: MultiplierReason;
  description: string;
}>;

/** Multiplier state at an instant: the current value and the next scheduled change. */
export type MultiplierState = Readonly<{ current: bigint; upcoming: MultiplierChange | null }>;

/**
 * The deterministic market of the simulator: prices, multipliers and halts as pure functions
 * of time, relative to an anchor instant. Multipliers are integers scaled by 1e8; prices too.
 */
export type MarketModel = Readonly<{
  anchorMs: number;
  /** Multiplier timeline up to the first change after `t` (inclusive), oldest first. */
  timeline(asset: SeedAsset, t: number): MultiplierChange[];
  multiplierAt(asset: SeedAsset, t: number): MultiplierState;
  /** Underlying share price (USD, scale 1e8); frozen while the asset's window is closed. */
  sharePriceAt(asset: SeedAsset, t: number): bigint;
  isTradingOpen(asset: SeedAsset, t: number): boolean;
}>;

/**
 * Creates the market model for an anchor (the simulator's start, unless configured).
 *
 * @example
 * ```ts
 * const market = createMarketModel(Date.now());
 * formatFixed(market.multiplierAt(SEED_ASSETS[0], Date.now()).current, 8); // '1.00000000'-like
 * ```
 */
export function createMarketModel(
  anchorMs: number,
  options: Readonly<{ builtInEvents?: boolean }> = {},
): MarketModel {
  // Without built-in events (world mode, when they are not carried to the chain) the model
  // lists and prices none of them, so the API never announces a change the chain will not see.
  const eventsOf = (asset: SeedAsset) => (options.builtInEvents === false ? [] : asset.events);
  const accrualStart = Math.floor((anchorMs - ACCRUAL_LOOKBACK_MS) / DAY) * DAY;

  /**
   * The multiplier at the anchor is the asset's (the world catalog's, as minted), so the
   * timeline is computed outward from it: changes after the anchor forward (rounded down, as
   * the issuer does), changes up to the anchor backward (rounded up: a fee step or a dividend
   * rounded down forward maps back onto it exactly; a past split of n-for-1 is as close as
   * integers allow), so the history reads as if walked forward.
   */
  function timeline(asset: SeedAsset, t: number): MultiplierChange[] {
    const discrete = eventsOf(asset)
      .map((e) => ({ ...e, at: anchorMs + e.offsetMs }))
      .sort((a, b) => a.at - b.at);
    const feePerDay = BigInt(asset.feeAccrualBpsPerYear);
    type Step = Readonly<{ at: number; event: (typeof discrete)[number] | null }>;
    const steps: Step[] = [];
    let day = accrualStart + DAY;
    let i = 0;
    // Both sources in time order, up to the anchor and the first step past t.
    for (;;) {
      const nextEvent = discrete[i];
      const feeDue = feePerDay > 0n ? day : Number.POSITIVE_INFINITY;
      const eventDue = nextEvent?.at ?? Number.POSITIVE_INFINITY;
      const at = Math.min(feeDue, eventDue);
      if (!Number.isFinite(at)) break;
      if (feeDue <= eventDue) {
        steps.push({ at, event: null });
        day += DAY;
      } else {
        steps.push({ at, event: nextEvent as NonNullable<typeof nextEvent> });
        i += 1;
      }
      if (at > t && at > anchorMs) break;
    }
    const fee = (previous: bigint, next: bigint): MultiplierChange => ({
      at: 0,
      previous,
      next,
      reason: 'FeeAccrual',
      description: `Daily management-fee accrual (${asset.feeAccrualBpsPerYear} bps a year)`,
    });
    const kept = BPS_YEAR_DENOMINATOR - feePerDay;
    const changes: MultiplierChange[] = new Array(steps.length);
    let multiplier = asset.multiplier;
    for (let k = steps.length - 1; k >= 0; k -= 1) {
      const step = steps[k] as Step;
      if (step.at > anchorMs) continue;
      const e = step.event;
      const previous =
        e === null
          ? (multiplier * BPS_YEAR_DENOMINATOR + kept - 1n) / kept
          : (multiplier * e.denominator + e.numerator - 1n) / e.numerator;
      changes[k] = {
        ...(e === null ? fee(previous, multiplier) : { ...e, previous, next: multiplier }),
        at: step.at,
      };
      multiplier = previous;
    }
    multiplier = asset.multiplier;
    steps.forEach((step, k) => {
      if (step.at <= anchorMs) return;
      const e = step.event;
      const next =
        e === null
          ? (multiplier * kept) / BPS_YEAR_DENOMINATOR
          : (multiplier * e.numerator) / e.denominator;
      changes[k] = {
        ...(e === null ? fee(multiplier, next) : { ...e, previous: multiplier, next }),
        at: step.at,
      };
      multiplier = next;
    });
    // Only up to the first change past t, as callers expect.
    const past = changes.findIndex((c) => c.at > t);
    return past === -1 ? changes : changes.slice(0, past + 1);
  }

  function multiplierAt(asset: SeedAsset, t: number): MultiplierState {
    const changes = timeline(asset, t);
    const last = changes.at(-1);
    if (last !== undefined && last.at > t) return { current: last.previous, upcoming: last };
    return { current: last?.next ?? asset.multiplier, upcoming: null };
  }

  /** Product of the price-adjusting factors (splits, reverse splits, dividends) active at t. */
  function adjustment(asset: SeedAsset, t: number): { num: bigint; den: bigint } {
    let num = 1n;
    let den = 1n;
    for (const e of eventsOf(asset)) {
      if (anchorMs + e.offsetMs <= t && e.reason !== 'Administrative') {
        num *= e.numerator;
        den *= e.denominator;
      }
    }
    return { num, den };
  }

  function isTradingOpen(asset: SeedAsset, t: number): boolean {
    return isOpen(asset.tradingHoursMode, t);
  }

  function sharePriceAt(asset: SeedAsset, t: number): bigint {
    const effective = isTradingOpen(asset, t)
      ? t
      : (nextOpen(asset.tradingHoursMode, t)?.getTime() ?? t);
    const phase = symbolPhase(asset.symbol);
    const hours = effective / 3_600_000;
    const wave =
      0.6 * Math.sin((2 * Math.PI * hours) / 6.5 + phase) +
      0.3 * Math.sin((2 * Math.PI * hours) / 0.78 + 2 * phase) +
      0.1 * Math.sin((2 * Math.PI * hours) / 0.061 + 3 * phase);
    const micros = BigInt(Math.round((1 + (asset.swingBps / 10_000) * wave) * 1_000_000));
    const base = parseFixed(asset.basePrice, 8) ?? 0n;
    // Corporate actions move the share price so that raw × multiplier × price stays continuous.
    const atAnchor = adjustment(asset, anchorMs);
    const now = adjustment(asset, t);
    return (base * micros * atAnchor.num * now.den) / (1_000_000n * atAnchor.den * now.num);
  }

  return { anchorMs, timeline, multiplierAt, sharePriceAt, isTradingOpen };
}

/**
 * Formats a 1e8-scaled multiplier the way the API does (`"1.00000000"`).
 *
 * @example
 * ```ts
 * formatMultiplier(100000000n); // '1.00000000'
 * ```
 */
export function formatMultiplier(value: bigint): string {
  return formatFixed(value, 8);
}

function symbolPhase(symbol: string): number {
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 10_007;
  return (h / 10_007) * 2 * Math.PI;
}
