/**
 * The vault's oracle front-running defence (`programs/vault/src/price_memo`), ported: deposits
 * price every held asset at the higher, stablecoin withdrawals at the lower, of its values in
 * the last two snapshots the vault priced with. The quote applies the same roll (to a copy of
 * the vault's memory) and the same envelope, so it equals what the program computes.
 *
 * The memory per asset: the value of one whole raw token, `price_usd_1e8 x multiplier_num /
 * 1e12` (floor, plus an inexact bit), at the last snapshot the vault priced with (`seen`) and
 * at the one before (`prev`); a snapshot with a higher sequence than the vault's
 * `memo_sequence` rolls `seen` into `prev`.
 */

import type { NavSnapshot } from '@basket/oracle-client';
import type { AssetEntry } from '@basket/vault-client';
import { MULTIPLIER_SCALE } from './fixed-multiplier.ts';
import { MAX_ASSET_DECIMALS, mulDiv } from './share-math.ts';

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
 * The assets' memory after the program's roll to `snapshot` (unchanged when the snapshot is
 * not newer than `memoSequence`). Every configured asset rolls, held or not.
 *
 * @example
 * const rolled = rollPriceMemo(vault.assets.slice(0, vault.assetCount), vault.memoSequence, snapshot);
 */
export function rollPriceMemo(
  assets: readonly AssetEntry[],
  memoSequence: bigint,
  snapshot: NavSnapshot,
): AssetPriceMemo[] {
  if (snapshot.sequence <= memoSequence) {
    return assets.map(({ prevUnit1E8, seenUnit1E8, unitInexact }) => ({
      prevUnit1E8,
      seenUnit1E8,
      unitInexact,
    }));
  }
  const entries = snapshot.entries.slice(0, Math.min(snapshot.entryCount, 20));
  return assets.map((asset) => {
    let flags = (asset.unitInexact & SEEN_INEXACT) !== 0 ? PREV_INEXACT : 0;
    const entry = entries.find((e) => e.mint === asset.mint);
    const [unit, inexact] = entry ? unitValue(entry.priceUsd1E8, entry.multiplierNum) : [0n, false];
    if (inexact) flags |= SEEN_INEXACT;
    return { prevUnit1E8: asset.seenUnit1E8, seenUnit1E8: unit, unitInexact: flags };
  });
}

/**
 * `value` (an asset's value at the current snapshot, rounded `rounding`) widened to the
 * previous snapshot's when that is less favourable to the caller: the higher for `up`
 * (deposits), the lower for `down` (payouts). Call with the memory after the roll.
 *
 * @example
 * priceEnvelope(memo, 8, 350_000_000n, 'up', value);
 */
export function priceEnvelope(
  memo: AssetPriceMemo,
  decimals: number,
  raw: bigint,
  rounding: 'down' | 'up',
  value: bigint,
): bigint {
  const prev = memo.prevUnit1E8;
  const seen = memo.seenUnit1E8;
  if (prev === 0n || seen === 0n || prev === seen || decimals > MAX_ASSET_DECIMALS) return value;
  const denominator = 10n ** BigInt(decimals + 2);
  if (rounding === 'up' && prev > seen) {
    const unit = prev + BigInt(memo.unitInexact & PREV_INEXACT);
    const widened = mulDiv(raw, unit, denominator, 'up');
    return widened > value ? widened : value;
  }
  if (rounding === 'down' && prev < seen) {
    const narrowed = mulDiv(raw, prev, denominator, 'down');
    return narrowed < value ? narrowed : value;
  }
  return value;
}
