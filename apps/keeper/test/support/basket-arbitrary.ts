// Random vaults for the routers' property tests, valued as the chain values them: raw amounts
// with real decimals, non-unit multipliers (x 1e12) and oracle prices (USD x 1e8), weights
// summing to 10,000 bps. Trades are applied in raw units at the snapshot's price, so the
// drift after a trade is measured by the keeper's own `computeVaultDrift`.
import fc from 'fast-check';
import { minOf } from '../../src/decisions/allocation.ts';
import { computeVaultDrift, type DriftAsset, type VaultDrift } from '../../src/decisions/drift.ts';
import { rawForUsd1e8, USD_ONE } from '../../src/decisions/valuation.ts';

export type TestVault = Readonly<{
  assets: readonly DriftAsset[];
  cashUsd1e8: bigint;
  cashBufferBps: number;
}>;

/** Weights of `n` assets summing to 10,000 bps, each at least 1. */
const weightsArb = (n: number) =>
  fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: n, maxLength: n }).map((raw) => {
    const sum = raw.reduce((s, x) => s + x, 0);
    const w = raw.map((x) => Math.max(1, Math.floor((x * 10_000) / sum)));
    const rest = 10_000 - w.reduce((s, x) => s + x, 0);
    const top = w.indexOf(Math.max(...w));
    w[top] = (w[top] as number) + rest;
    return w;
  });

const assetArb = fc.record({
  decimals: fc.constantFrom(6, 8, 9),
  // 0.5 .. 2.5, never exactly 1 (a stock split or dividend multiplier).
  multiplierNum: fc
    .bigInt({ min: 500_000_000_000n, max: 2_500_000_000_000n })
    .filter((m) => m !== 1_000_000_000_000n),
  priceUsd1e8: fc.bigInt({ min: 5n * USD_ONE, max: 2_000n * USD_ONE }),
  // Holding worth roughly $0 .. $200k at the price.
  usd: fc.bigInt({ min: 0n, max: 200_000n * USD_ONE }),
});

/**
 * A vault of 2-8 assets and some cash, each holding a random value (so some are over and some
 * under their target).
 *
 * @example
 * fc.assert(fc.property(vaultArb, (v) => computeVaultDrift(driftInput(v)).maxAbsDriftBps >= 0));
 */
export const vaultArb = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc.record({
      weights: weightsArb(n),
      assets: fc.array(assetArb, { minLength: n, maxLength: n }),
      cashUsd1e8: fc.bigInt({ min: 0n, max: 100_000n * USD_ONE }),
      cashBufferBps: fc.integer({ min: 0, max: 1_500 }),
    }),
  )
  .map(
    (v): TestVault => ({
      cashUsd1e8: v.cashUsd1e8,
      cashBufferBps: v.cashBufferBps,
      assets: v.assets.map((a, i) => ({
        symbol: `S${i}`,
        mint: `M${i}`,
        decimals: a.decimals,
        multiplierNum: a.multiplierNum,
        priceUsd1e8: a.priceUsd1e8,
        rawAmount: rawForUsd1e8(a.usd, a, 'floor'),
        targetWeightBps: v.weights[i] as number,
      })),
    }),
  );

/** The vault's drift report, as the drift-scan computes it. */
export const driftOf = (v: TestVault): VaultDrift =>
  computeVaultDrift({ skuId: 'T', ...v, cashBufferBps: v.cashBufferBps });

/**
 * The vault after trades at the snapshot's price: a buy (positive USD) adds the raw it pays
 * for (floor), a sale (negative) removes the raw it takes (ceil); cash moves by the notional
 * and by `cashOutUsd1e8` (payouts).
 */
export function applyTrades(
  v: TestVault,
  trades: ReadonlyMap<string, bigint>,
  cashOutUsd1e8 = 0n,
): TestVault {
  let cash = v.cashUsd1e8 - cashOutUsd1e8;
  const assets = v.assets.map((a) => {
    const usd = trades.get(a.mint) ?? 0n;
    cash -= usd;
    if (usd >= 0n) return { ...a, rawAmount: a.rawAmount + rawForUsd1e8(usd, a, 'floor') };
    const out = rawForUsd1e8(-usd, a, 'ceil');
    return { ...a, rawAmount: a.rawAmount - minOf(out, a.rawAmount) };
  });
  return { ...v, assets, cashUsd1e8: cash };
}
