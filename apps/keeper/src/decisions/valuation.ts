// Integer valuation of raw token amounts: raw x multiplier x price, in USD x 1e8. No floating
// point: the multiplier is the floor of the mint's f64 x 1e12 (as the vault decodes it) and
// the price is the oracle's USD x 1e8 per whole UI token.
import { KeeperError } from './errors.ts';

/** Fixed-point scale of a multiplier numerator (1.0 = 1e12). */
export const MULTIPLIER_ONE = 1_000_000_000_000n;
/** Fixed-point scale of a USD price or value (1 USD = 1e8). */
export const USD_ONE = 100_000_000n;

/** Which way a division rounds: the caller says which way favours the vault. */
export type Rounding = 'floor' | 'ceil';

/** `num / den` for non-negative `num` and positive `den`, rounded as asked. */
function divide(num: bigint, den: bigint, rounding: Rounding): bigint {
  const q = num / den;
  return rounding === 'ceil' && q * den !== num ? q + 1n : q;
}

/** One asset's valuation inputs. */
export type AssetValuationInput = Readonly<{
  rawAmount: bigint;
  decimals: number;
  /** Multiplier x 1e12 (floor of the on-chain f64). */
  multiplierNum: bigint;
  /** USD per whole UI token x 1e8. */
  priceUsd1e8: bigint;
}>;

function check(input: AssetValuationInput): void {
  if (input.rawAmount < 0n) throw new KeeperError('INVALID_DECISION_INPUT', 'negative raw amount');
  if (input.multiplierNum <= 0n)
    throw new KeeperError('INVALID_DECISION_INPUT', 'multiplier must be positive');
  if (input.priceUsd1e8 <= 0n)
    throw new KeeperError('INVALID_DECISION_INPUT', 'price must be positive');
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 18)
    throw new KeeperError('INVALID_DECISION_INPUT', 'decimals must be 0-18');
}

/**
 * Value of a raw holding in USD x 1e8, rounded down (the vault is never valued above what it
 * holds, so a drift scan never sells what is not there).
 *
 * @example
 * valueUsd1e8({ rawAmount: 2_000_000n, decimals: 6, multiplierNum: 1_500_000_000_000n, priceUsd1e8: 100_00000000n });
 * // 300_00000000n: 2 tokens x 1.5 x $100
 */
export function valueUsd1e8(input: AssetValuationInput): bigint {
  check(input);
  const den = MULTIPLIER_ONE * 10n ** BigInt(input.decimals);
  return (input.rawAmount * input.multiplierNum * input.priceUsd1e8) / den;
}

/**
 * Raw amount worth `usd1e8`, rounded as asked: `floor` when the vault pays the asset out (it
 * never gives more than the notional), `ceil` when it must receive at least the notional.
 *
 * @example
 * rawForUsd1e8(300_00000000n, { decimals: 6, multiplierNum: 1_500_000_000_000n, priceUsd1e8: 100_00000000n }, 'floor');
 * // 2_000_000n
 */
export function rawForUsd1e8(
  usd1e8: bigint,
  asset: Omit<AssetValuationInput, 'rawAmount'>,
  rounding: Rounding,
): bigint {
  check({ ...asset, rawAmount: 0n });
  if (usd1e8 < 0n) throw new KeeperError('INVALID_DECISION_INPUT', 'negative notional');
  const num = usd1e8 * MULTIPLIER_ONE * 10n ** BigInt(asset.decimals);
  return divide(num, asset.multiplierNum * asset.priceUsd1e8, rounding);
}

/**
 * USD x 1e8 of a raw stablecoin amount (one whole token is one dollar), rounded as asked:
 * `floor` for cash the vault holds (never counted above it), `ceil` for what it must pay
 * (never counted below it), so a cash raise never falls short.
 *
 * @example
 * stableUsd1e8(1_234_567n, 6, 'floor'); // 123_456_700n ($1.234567)
 * stableUsd1e8(1n, 9, 'ceil'); // 1n (a billionth of a dollar is at least one 1e-8)
 */
export function stableUsd1e8(raw: bigint, decimals: number, rounding: Rounding): bigint {
  if (raw < 0n) throw new KeeperError('INVALID_DECISION_INPUT', 'negative raw amount');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18)
    throw new KeeperError('INVALID_DECISION_INPUT', 'decimals must be 0-18');
  return divide(raw * USD_ONE, 10n ** BigInt(decimals), rounding);
}

/**
 * A USD amount written as a decimal string (configuration) in USD x 1e8, exactly: no float
 * ever sees it. More than 8 decimal places cannot be represented and is refused.
 *
 * @example
 * usdDecimalToFixed('50.25'); // 5_025_000_000n
 */
export function usdDecimalToFixed(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text);
  if (!match)
    throw new KeeperError(
      'INVALID_DECISION_INPUT',
      `"${text}" is not a USD amount (digits, at most 8 decimal places)`,
    );
  const fraction = (match[2] ?? '').padEnd(8, '0');
  return BigInt(match[1] as string) * USD_ONE + BigInt(fraction);
}
