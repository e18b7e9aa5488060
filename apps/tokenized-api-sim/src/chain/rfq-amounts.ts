// What an RFQ fill moves, in raw units, from the quote (token quantity at 1e8 and a price in
// cents) and the mint's multiplier in force. Integers only; every rounding favours the market
// maker (the taker never receives more, nor pays less, than the quote's exact value).
import type { DecimalRatio } from './mint-state.ts';

const QUANTITY_SCALE = 100_000_000n;

export type FillAmounts = Readonly<{
  /** Raw units of the stock mint moving (maker → taker on Buy, taker → maker on Sell). */
  stockRaw: bigint;
  /** Raw units of the stablecoin moving the other way. */
  stableRaw: bigint;
}>;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Raw amounts of a fill. The quantity is in displayed tokens (shares), so the raw stock amount
 * divides by the multiplier: `raw = quantity × 10^decimals / multiplier`.
 *
 * @example
 * fillAmounts({ side: 'Buy', quantity8: 100_000_000n, priceCents: 22_950n, multiplier: { num: 2n, den: 1n, text: '2' },
 *   stockDecimals: 8, stableDecimals: 6 }); // { stockRaw: 50_000_000n, stableRaw: 229_500_000n }
 */
export function fillAmounts(input: {
  side: 'Buy' | 'Sell';
  quantity8: bigint;
  priceCents: bigint;
  multiplier: DecimalRatio;
  stockDecimals: number;
  stableDecimals: number;
}): FillAmounts {
  const { quantity8, priceCents, multiplier } = input;
  const stockNum = quantity8 * 10n ** BigInt(input.stockDecimals) * multiplier.den;
  const stockDen = QUANTITY_SCALE * multiplier.num;
  // cents → stablecoin raw: × 10^decimals / 100
  const stableNum = quantity8 * priceCents * 10n ** BigInt(input.stableDecimals);
  const stableDen = QUANTITY_SCALE * 100n;
  return input.side === 'Buy'
    ? { stockRaw: stockNum / stockDen, stableRaw: ceilDiv(stableNum, stableDen) }
    : { stockRaw: ceilDiv(stockNum, stockDen), stableRaw: stableNum / stableDen };
}
