// Drift of a vault from its target weights and the trades that bring it back, as a pure
// function of what the chain says (raw holdings, the snapshot's prices and multipliers) and
// the vault's configuration. The drift-scan job only reads and enqueues; this decides.
import { KeeperError } from './errors.ts';
import { valueUsd1e8 } from './valuation.ts';

const BPS = 10_000n;

/** One asset of a vault as the scan reads it. */
export type DriftAsset = Readonly<{
  symbol: string;
  mint: string;
  rawAmount: bigint;
  decimals: number;
  multiplierNum: bigint;
  priceUsd1e8: bigint;
  targetWeightBps: number;
}>;

/** A vault as the scan reads it: its assets, its stablecoin cash and its buffer target. */
export type DriftVault = Readonly<{
  skuId: string;
  assets: readonly DriftAsset[];
  /** Cash buffer, in USD x 1e8 (the stablecoin at $1). */
  cashUsd1e8: bigint;
  cashBufferBps: number;
}>;

/** Where one asset stands against its target. */
export type AssetDrift = Readonly<{
  symbol: string;
  mint: string;
  valueUsd1e8: bigint;
  targetWeightBps: number;
  targetUsd1e8: bigint;
  /** Current weight minus target weight, in bps of the invested value (signed). */
  driftBps: number;
  /** Value to buy (positive) or sell (negative) to reach the target, USD x 1e8. */
  deltaUsd1e8: bigint;
}>;

/** A vault's drift report. */
export type VaultDrift = Readonly<{
  skuId: string;
  navUsd1e8: bigint;
  /** What the target weights apply to: NAV less the cash buffer's target. */
  investableUsd1e8: bigint;
  assets: readonly AssetDrift[];
  /** Largest |driftBps| over the assets. */
  maxAbsDriftBps: number;
}>;

/**
 * Values every asset and compares it with its target share of the investable value (NAV less
 * the cash buffer's target, which stays in stablecoin for withdrawals).
 *
 * @throws {KeeperError} `INVALID_DECISION_INPUT` when the weights do not sum to 10,000 bps.
 * @example
 * const report = computeVaultDrift(vault);
 * report.maxAbsDriftBps; // 37
 */
export function computeVaultDrift(vault: DriftVault): VaultDrift {
  const weightSum = vault.assets.reduce((s, a) => s + a.targetWeightBps, 0);
  if (weightSum !== 10_000) {
    throw new KeeperError(
      'INVALID_DECISION_INPUT',
      `${vault.skuId}: target weights sum to ${weightSum} bps, not 10000`,
    );
  }
  if (vault.cashBufferBps < 0 || vault.cashBufferBps > 10_000)
    throw new KeeperError('INVALID_DECISION_INPUT', `${vault.skuId}: cash buffer bps out of range`);
  const values = vault.assets.map((a) => valueUsd1e8(a));
  const assetsTotal = values.reduce((s, v) => s + v, 0n);
  const nav = assetsTotal + vault.cashUsd1e8;
  const investable = (nav * (BPS - BigInt(vault.cashBufferBps))) / BPS;
  let maxAbs = 0;
  const assets = vault.assets.map((a, i) => {
    const value = values[i] as bigint;
    const target = (investable * BigInt(a.targetWeightBps)) / BPS;
    // Weight in bps of the investable value; 0 when nothing is invested yet.
    const weightBps = investable === 0n ? 0n : (value * BPS) / investable;
    const driftBps = Number(weightBps) - a.targetWeightBps;
    maxAbs = Math.max(maxAbs, Math.abs(driftBps));
    return {
      symbol: a.symbol,
      mint: a.mint,
      valueUsd1e8: value,
      targetWeightBps: a.targetWeightBps,
      targetUsd1e8: target,
      driftBps,
      deltaUsd1e8: target - value,
    };
  });
  return {
    skuId: vault.skuId,
    navUsd1e8: nav,
    investableUsd1e8: investable,
    assets,
    maxAbsDriftBps: maxAbs,
  };
}
