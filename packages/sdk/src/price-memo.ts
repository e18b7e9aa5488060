/**
 * The vault's oracle front-running defence (`programs/vault/src/price_memo`), ported: deposits
 * price every held asset at the higher, stablecoin withdrawals at the lower, of its values in
 * the last two snapshots the vault priced with. The quote applies the same roll (to a copy of
 * the vault's memory) and the same envelope, so it equals what the program computes.
 *
 * The memory per asset: the value of one whole raw token, `price_usd_1e8 x multiplier_num /
 * 1e12` (floor, plus an inexact bit), at the last snapshot the vault priced with (`seen`) and
 * at the one before (`prev`); a snapshot with a higher sequence than the vault's
 * `memo_sequence` rolls `seen` into `prev` when the two were published at most
 * {@link MEMO_WINDOW_SECS} apart (else `prev` is cleared).
 */

import type { NavSnapshot } from '@basket/oracle-client';
import type { AssetEntry, VaultState } from '@basket/vault-client';
import { MULTIPLIER_SCALE } from './fixed-multiplier.ts';
import { MAX_ASSET_DECIMALS } from './share-math.ts';

const PREV_INEXACT = 1;
const SEEN_INEXACT = 2;
const U64_MAX = (1n << 64n) - 1n;

/**
 * The price-memory fields of one asset.
 *
 * @example
 * const memo: AssetPriceMemo = { prevUnit1E8: 0n, seenUnit1E8: 0n, unitInexact: 0 };
 */
export type AssetPriceMemo = Pick<AssetEntry, 'prevUnit1E8' | 'seenUnit1E8' | 'unitInexact'>;

/**
 * `price x multiplier / 1e12` as `[floor, inexact]`, or `[0, false]` when it exceeds `u64`.
 *
 * @example
 * unitValue(23_456_000_000n, 1_057_100_000_000n); // [24_795_337_600n, false]
 */
export function unitValue(priceUsd1e8: bigint, multiplierNum: bigint): [bigint, boolean] {
  const product = priceUsd1e8 * multiplierNum;
  const floor = product / MULTIPLIER_SCALE;
  if (floor > U64_MAX) return [0n, false];
  return [floor, floor * MULTIPLIER_SCALE !== product];
}

/**
 * How long a priced snapshot stays the previous one (`price_memo::MEMO_WINDOW_SECS`, the
 * off-hours MAX_STALE_SECS): a roll to a snapshot published later than this after the last one
 * the vault priced with clears the previous units.
 *
 * @example
 * MEMO_WINDOW_SECS; // 300n
 */
export const MEMO_WINDOW_SECS = 300n;

/**
 * The assets' memory after the program's roll to `snapshot` (unchanged when the snapshot is
 * not newer than `memo.memoSequence`). Every configured asset rolls, held or not; the previous
 * units are kept only when the two snapshots were published at most {@link MEMO_WINDOW_SECS}
 * apart.
 *
 * @example
 * const rolled = rollPriceMemo(vault.assets.slice(0, vault.assetCount), vault, snapshot);
 */
export function rollPriceMemo(
  assets: readonly AssetEntry[],
  memo: Pick<VaultState, 'memoSequence' | 'memoPublishTime'>,
  snapshot: NavSnapshot,
): AssetPriceMemo[] {
  if (snapshot.sequence <= memo.memoSequence) {
    return assets.map(({ prevUnit1E8, seenUnit1E8, unitInexact }) => ({
      prevUnit1E8,
      seenUnit1E8,
      unitInexact,
    }));
  }
  const recent = snapshot.publishUnixTime - memo.memoPublishTime <= MEMO_WINDOW_SECS;
  const entries = snapshot.entries.slice(0, Math.min(snapshot.entryCount, 20));
  return assets.map((asset) => {
    let flags = recent && (asset.unitInexact & SEEN_INEXACT) !== 0 ? PREV_INEXACT : 0;
    const entry = entries.find((e) => e.mint === asset.mint);
    const [unit, inexact] = entry ? unitValue(entry.priceUsd1E8, entry.multiplierNum) : [0n, false];
    if (inexact) flags |= SEEN_INEXACT;
    return {
      prevUnit1E8: recent ? asset.seenUnit1E8 : 0n,
      seenUnit1E8: unit,
      unitInexact: flags,
    };
  });
}

/**
 * The value of one whole raw token (1e-8 USD per 10^decimals raw units) the program prices an
 * asset with (`price_memo::pricing_unit`): the current snapshot's unit widened to the previous
 * snapshot's when that is less favourable to the caller, the higher of the two rounded up for
 * `up` (deposits), the lower of the two rounded down for `down` (payouts). Call with the
 * memory after the roll. `null` when the current unit did not fit a `u64` (the program then
 * prices the asset with the two-step formula).
 *
 * @example
 * pricingUnit({ prevUnit1E8: 200n, seenUnit1E8: 100n, unitInexact: 0 }, 'up'); // 200n
 */
export function pricingUnit(memo: AssetPriceMemo, rounding: 'down' | 'up'): bigint | null {
  const seen = memo.seenUnit1E8;
  if (seen === 0n) return null;
  const prev = memo.prevUnit1E8;
  if (rounding === 'up') {
    const seenUp = seen + ((memo.unitInexact & SEEN_INEXACT) !== 0 ? 1n : 0n);
    const prevUp = prev + BigInt(memo.unitInexact & PREV_INEXACT);
    if (seenUp > U64_MAX || prevUp > U64_MAX) return null;
    return seenUp > prevUp ? seenUp : prevUp;
  }
  return prev !== 0n && prev < seen ? prev : seen;
}

/**
 * One held asset's part of a NAV sum: `raw x unit` in its decimals group, or a value already
 * in 1e-6 USD (the two-step fallback).
 *
 * @example
 * const part: NavPart = { raw: 100_000_000n, unit: 24_795_337_600n, decimals: 8 };
 */
export type NavPart =
  | { readonly raw: bigint; readonly unit: bigint; readonly decimals: number }
  | { readonly usd: bigint };

/**
 * The program's NAV total (`nav::NavSum`): `cash` plus, per asset decimals, the exact sum of
 * `raw x unit` divided once by `10^(decimals + 2)` and rounded `rounding`, plus the fallback
 * values.
 *
 * @example
 * sumNav(5_000_000n, [{ raw: 100_000_000n, unit: 200n, decimals: 8 }], 'up'); // 5_000_002n
 */
export function sumNav(cash: bigint, parts: readonly NavPart[], rounding: 'down' | 'up'): bigint {
  const groups = new Map<number, bigint>();
  let total = cash;
  for (const part of parts) {
    if ('usd' in part) total += part.usd;
    else groups.set(part.decimals, (groups.get(part.decimals) ?? 0n) + part.raw * part.unit);
  }
  for (const [decimals, sum] of groups) {
    if (decimals > MAX_ASSET_DECIMALS) throw new RangeError('asset decimals above 12');
    const divisor = 10n ** BigInt(decimals + 2);
    const q = sum / divisor;
    total += rounding === 'up' && q * divisor !== sum ? q + 1n : q;
  }
  return total;
}
