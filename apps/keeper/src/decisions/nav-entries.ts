// One snapshot entry of a nav-push, decided from what the API says (oracle price, or the
// indicative price as a fallback; multiplier state; halts) and what the mint says on chain
// (its ScaledUiAmount multiplier). The multiplier pushed is always the chain's: the vault
// checks the snapshot against the mint, so the API's figure is only compared, never used.
import { maxStaleSecsAt } from '@basket/market-calendar';
import {
  decideMultiplierFreeze,
  type MultiplierState,
  onChainMultiplierTerms,
} from '@basket/routing';
import { NAV_ENTRY_FLAGS } from '@basket/sdk';
import { KeeperError } from './errors.ts';

/** The inputs of one entry. */
export type NavEntryInput = Readonly<{
  symbol: string;
  /** `/v2/oracles` price (USD per whole UI token), or null when the oracle has none. */
  oraclePrice: string | null;
  /** `/public/assets/{symbol}/price-data`, used only when the oracle has no price. */
  fallbackPrice: string | null;
  /** The API's multiplier state. */
  multiplier: MultiplierState;
  /** The mint's multiplier in force now, x 1e12, floored as the vault decodes the f64. */
  onChainMultiplierNum: bigint;
  /** The same multiplier as the mint stores it (an IEEE-754 double, Token-2022's format). */
  onChainMultiplierF64: number;
  /** The asset's trading window (its tradingHoursMode) is open now. */
  marketOpen: boolean;
  /** isMarketTradingHalted or isAtomicTradingHalted, or the asset is not Active. */
  halted: boolean;
  now: number;
  slot: bigint;
}>;

/** A decided entry, with what the operator should know about it. */
export type NavEntryDecision = Readonly<{
  priceUsd1E8: bigint;
  multiplierNum: bigint;
  updatedSlot: bigint;
  flags: number;
  /** `freeze` when the 1 h multiplier freeze (or a mismatch) is in force. */
  notes: readonly ('fallback-price' | 'freeze' | 'multiplier-mismatch' | 'halted')[];
  freezeMessage: string | null;
}>;

/**
 * A decimal USD price as USD x 1e8, rounded down (at most a hundred-millionth of a dollar;
 * prices come with at most 8 decimals in practice, so exact).
 *
 * @example
 * priceToUsd1e8('189.23'); // 18_923_000_000n
 */
export function priceToUsd1e8(price: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(price);
  if (!match) throw new KeeperError('INVALID_DECISION_INPUT', `not a decimal price: ${price}`);
  const fraction = (match[2] ?? '').padEnd(8, '0').slice(0, 8);
  const value = BigInt(match[1] as string) * 100_000_000n + BigInt(fraction);
  if (value === 0n) throw new KeeperError('INVALID_DECISION_INPUT', 'price is zero');
  return value;
}

/**
 * Decides one entry. Without any price the push must not happen (nothing is sent on bad
 * data): throws `STALE_INPUT`.
 *
 * @example
 * const entry = decideNavEntry(input); // { priceUsd1E8, multiplierNum, flags, ... }
 */
export function decideNavEntry(input: NavEntryInput): NavEntryDecision {
  const notes: NavEntryDecision['notes'][number][] = [];
  let flags = 0;
  let price: string;
  if (input.oraclePrice !== null) price = input.oraclePrice;
  else if (input.fallbackPrice !== null) {
    price = input.fallbackPrice;
    flags |= NAV_ENTRY_FLAGS.fallbackPrice;
    notes.push('fallback-price');
  } else {
    throw new KeeperError('STALE_INPUT', `${input.symbol}: no oracle or indicative price`);
  }
  if (input.marketOpen) flags |= NAV_ENTRY_FLAGS.marketOpen;
  if (input.halted) {
    flags |= NAV_ENTRY_FLAGS.tradingHalted;
    notes.push('halted');
  }
  const freeze = decideMultiplierFreeze({
    state: input.multiplier,
    now: input.now,
    onChainMultiplier: onChainMultiplierTerms(input.multiplier, {
      f64: input.onChainMultiplierF64,
      fixed: { raw: input.onChainMultiplierNum, decimals: 12 },
    }),
  });
  if (freeze.frozen) {
    flags |= NAV_ENTRY_FLAGS.corporateActionFreeze;
    notes.push(freeze.status === 'OnChainMismatch' ? 'multiplier-mismatch' : 'freeze');
  }
  return {
    priceUsd1E8: priceToUsd1e8(price),
    multiplierNum: input.onChainMultiplierNum,
    updatedSlot: input.slot,
    flags,
    notes,
    freezeMessage: freeze.frozen ? freeze.message : null,
  };
}

/**
 * Whether a snapshot published at `publishTime` (unix seconds) would be stale before the next
 * push lands: its age at the next due push exceeds MAX_STALE_SECS at that instant. The keeper
 * alerts then (spec: an alert when a snapshot would go stale).
 *
 * @example
 * wouldGoStale(1_000, 1_050_000, 15_000); // true in market hours: 65 s > 60 s
 */
export function wouldGoStale(publishTime: number, nowMs: number, nextPushInMs: number): boolean {
  const at = nowMs + nextPushInMs;
  return at / 1000 - publishTime > maxStaleSecsAt(at);
}
