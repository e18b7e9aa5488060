// What a reward purchase must receive (issue 29): at least the stock the oracle's price says
// the stablecoin paid is worth, less the configured slippage. Integer math only, every
// rounding against the counterparty: the stablecoin paid is valued rounded up, the floor is
// rounded up, and a raw stock amount counts only at its value rounded down (the vault's own
// valuation, assetValueUsd), so the floor is the least amount whose value reaches it.
import { assetValueUsd } from '@basket/sdk';
import { KeeperError } from '../decisions/errors.ts';

const BPS = 10_000n;
/** The vault's USD unit: 1e-6 USD. */
const USD_DECIMALS = 6;

/** The oracle's price of the stock: its snapshot entry and the mint's decimals. */
export type OraclePrice = Readonly<{
  priceUsd1e8: bigint;
  /** The snapshot's multiplier (1e12 scale), as the vault values holdings. */
  multiplierNum: bigint;
  decimals: number;
}>;

/** A stablecoin raw amount in 1e-6 USD, rounded up (the stablecoin counted at $1). */
export function stableValueUsd(stableRaw: bigint, stableDecimals: number): bigint {
  if (stableDecimals <= USD_DECIMALS)
    return stableRaw * 10n ** BigInt(USD_DECIMALS - stableDecimals);
  const unit = 10n ** BigInt(stableDecimals - USD_DECIMALS);
  return (stableRaw + unit - 1n) / unit;
}

/**
 * The least raw stock amount a purchase paying `stableRaw` accepts: its value at the oracle's
 * price, rounded down, reaches `ceil(value paid x (10,000 - slipBps) / 10,000)`.
 *
 * @throws {KeeperError} `STALE_INPUT` when the oracle has no positive price.
 * @example
 * minRewardStockRaw(100_000_000n, 6, { priceUsd1e8: 200n * 10n ** 8n, multiplierNum: 10n ** 12n, decimals: 8 }, 100);
 * // 49_500_000n: $100 at $200 a token, less 1 %
 */
export function minRewardStockRaw(
  stableRaw: bigint,
  stableDecimals: number,
  price: OraclePrice,
  slipBps: number,
): bigint {
  if (price.priceUsd1e8 <= 0n || price.multiplierNum <= 0n) {
    throw new KeeperError('STALE_INPUT', 'the oracle has no positive price for the reward stock');
  }
  if (!Number.isInteger(slipBps) || slipBps < 0 || slipBps >= 10_000) {
    throw new RangeError(`slippage ${slipBps} bps is not an integer in 0..9999`);
  }
  const paid = stableValueUsd(stableRaw, stableDecimals);
  const keep = paid * (BPS - BigInt(slipBps));
  const floor = (keep + BPS - 1n) / BPS;
  if (floor === 0n) return 0n;
  const value = (raw: bigint) =>
    assetValueUsd(raw, price.multiplierNum, price.priceUsd1e8, price.decimals, 'down');
  let hi = 1n;
  while (value(hi) < floor) hi *= 2n;
  let lo = 0n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (value(mid) >= floor) hi = mid;
    else lo = mid + 1n;
  }
  return lo;
}
