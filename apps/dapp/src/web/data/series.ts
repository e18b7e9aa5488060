// The charts' series, from the indexer's answers and the asset API's multiplier history: pure
// integer work (bigint in, bigint out), so each is tested without a browser.
import type { Decimal } from '@basket/tokenized-api';
import type { TimePoint } from '../ui/time-chart.tsx';
import type { NavPoint } from './indexer.ts';

/** Multipliers are charted as integers x 1e12 (the vault's fixed form of a multiplier). */
export const MULTIPLIER_SCALE = 12;

/**
 * A decimal as an integer x 1e12, rounded down past 12 places.
 *
 * @example
 * fixed12({ value: 10002n, scale: 4 }); // 1_000_200_000_000n
 */
export function fixed12(d: Decimal): bigint {
  return d.scale <= MULTIPLIER_SCALE
    ? d.value * 10n ** BigInt(MULTIPLIER_SCALE - d.scale)
    : d.value / 10n ** BigInt(d.scale - MULTIPLIER_SCALE);
}

/**
 * A multiplier x 1e12 as text with its significant decimals: 1_000_200_000_000n -> "1.0002".
 *
 * @example
 * formatMultiplier12(1_500_000_000_000n); // '1.5'
 */
export function formatMultiplier12(v: bigint): string {
  const unit = 10n ** BigInt(MULTIPLIER_SCALE);
  const frac = (v % unit).toString().padStart(MULTIPLIER_SCALE, '0').replace(/0+$/, '');
  return frac ? `${v / unit}.${frac}` : `${v / unit}`;
}

/** NAV per share over time (USD x 1e12). */
export const navPerShareSeries = (points: readonly NavPoint[]): TimePoint[] =>
  points.map((p) => ({ time: p.unixTime, value: p.pricePerShare }));

/** TVL over time (USD x 1e6: the vault's NAV at each refresh). */
export const tvlSeries = (points: readonly NavPoint[]): TimePoint[] =>
  points.map((p) => ({ time: p.unixTime, value: p.navUsd }));

export type MultiplierChange = Readonly<{
  activationDateTime: Date;
  previousMultiplier: Decimal;
  newMultiplier: Decimal;
}>;

/**
 * A stock's multiplier as a step series: the value before the first change, each change at its
 * activation, and the last value held up to `nowUnix` (changes not yet active are left out).
 *
 * @example
 * multiplierSeries(changes, 1_767_000_000n);
 */
export function multiplierSeries(
  changes: readonly MultiplierChange[],
  nowUnix: bigint,
): TimePoint[] {
  const active = changes
    .map((c) => ({ ...c, at: BigInt(Math.floor(c.activationDateTime.getTime() / 1000)) }))
    .filter((c) => c.at <= nowUnix)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const first = active[0];
  const last = active[active.length - 1];
  if (!first || !last) return [];
  const out: TimePoint[] = [{ time: first.at - 1n, value: fixed12(first.previousMultiplier) }];
  for (const c of active) out.push({ time: c.at, value: fixed12(c.newMultiplier) });
  if (nowUnix > last.at) out.push({ time: nowUnix, value: fixed12(last.newMultiplier) });
  return out;
}

/** A row of the indexer's wallet answer (its views' columns). */
export type WalletRow = Readonly<Record<string, unknown>>;

const unixOf = (r: WalletRow): bigint | null => {
  const t = r.block_time ?? r.blockTime;
  if (t === null || t === undefined) return null;
  if (typeof t === 'number' || /^\d+$/.test(String(t))) return BigInt(String(t));
  const ms = Date.parse(String(t));
  return Number.isNaN(ms) ? null : BigInt(Math.floor(ms / 1000));
};
const sharesOf = (r: WalletRow): bigint => {
  const s = r.shares;
  return s === null || s === undefined || !/^\d+$/.test(String(s)) ? 0n : BigInt(String(s));
};

/**
 * A position's value over time (USD x 1e6, rounded down): at each NAV point of the vault, the
 * shares the wallet held then (its deposits less the shares its withdrawals burned, from the
 * indexer's rows up to that time) at that point's price per share.
 *
 * @example
 * positionValueSeries('TECH6', history.deposits, history.withdrawals, navPoints);
 */
export function positionValueSeries(
  skuId: string,
  deposits: readonly WalletRow[],
  withdrawals: readonly WalletRow[],
  nav: readonly NavPoint[],
): TimePoint[] {
  const moves: { at: bigint; delta: bigint }[] = [];
  for (const r of deposits) {
    const at = unixOf(r);
    if (r.sku === skuId && at !== null) moves.push({ at, delta: sharesOf(r) });
  }
  for (const r of withdrawals) {
    const at = unixOf(r);
    // A redemption payment pays a claim whose shares its begin already burned.
    if (r.sku === skuId && at !== null && r.kind !== 'redemption_payment')
      moves.push({ at, delta: -sharesOf(r) });
  }
  moves.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const first = moves[0];
  if (!first) return [];
  const out: TimePoint[] = [];
  let held = 0n;
  let i = 0;
  for (const p of nav) {
    if (p.unixTime < first.at) continue;
    while (i < moves.length && (moves[i] as { at: bigint }).at <= p.unixTime) {
      held += (moves[i] as { delta: bigint }).delta;
      i += 1;
    }
    const shares = held < 0n ? 0n : held;
    out.push({ time: p.unixTime, value: (shares * p.pricePerShare) / 10n ** 12n });
  }
  return out;
}
