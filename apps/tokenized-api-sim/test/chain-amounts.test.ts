import { describe, expect, it } from 'vitest';
import { EXTENSION, multiplierAt, parseMint, ratioOfMultiplier } from '../src/chain/mint-state.ts';
import { fillAmounts } from '../src/chain/rfq-amounts.ts';

const m = (value: number) => ratioOfMultiplier(value);

describe('fill amounts (integers, rounding for the market maker)', () => {
  const base = { priceCents: 22_950n, stockDecimals: 8, stableDecimals: 6 } as const;

  it('divides the displayed quantity by the multiplier to get raw units', () => {
    const buy = fillAmounts({ ...base, side: 'Buy', quantity8: 200_000_000n, multiplier: m(2) });
    expect(buy).toEqual({ stockRaw: 100_000_000n, stableRaw: 459_000_000n });
  });

  it('rounds the raw stock down when the taker buys and up when it sells', () => {
    // 1 token at 1.0571 is 94,598,429.666… raw units
    const buy = fillAmounts({
      ...base,
      side: 'Buy',
      quantity8: 100_000_000n,
      multiplier: m(1.0571),
    });
    const sell = fillAmounts({
      ...base,
      side: 'Sell',
      quantity8: 100_000_000n,
      multiplier: m(1.0571),
    });
    expect(buy.stockRaw).toBe(94_598_429n);
    expect(sell.stockRaw).toBe(94_598_430n);
  });

  it('rounds the stablecoin up when the taker pays and down when it is paid', () => {
    // 0.00000001 token at $229.50 is $0.000002295: 2.295 raw units of a 6-decimal coin
    const buy = fillAmounts({ ...base, side: 'Buy', quantity8: 1n, multiplier: m(1) });
    const sell = fillAmounts({ ...base, side: 'Sell', quantity8: 1n, multiplier: m(1) });
    expect(buy.stableRaw).toBe(3n);
    expect(sell.stableRaw).toBe(2n);
  });
});

describe('multipliers read from the mint', () => {
  it('takes the decimal the issuer meant from the stored f64', () => {
    expect(ratioOfMultiplier(1.0571)).toMatchObject({ num: 10_571n, den: 10_000n });
    expect(ratioOfMultiplier(0.1)).toMatchObject({ num: 1n, den: 10n });
    expect(ratioOfMultiplier(1e-7)).toMatchObject({ num: 1n, den: 10_000_000n });
    expect(() => ratioOfMultiplier(0)).toThrow(RangeError);
  });

  it('parses the ScaledUiAmount extension and applies the new multiplier from its timestamp', () => {
    // Given a Token-2022 mint: base (82) + padding to 165, account type, one TLV entry
    const data = new Uint8Array(166 + 4 + 56);
    const view = new DataView(data.buffer);
    view.setBigUint64(36, 5_000n, true);
    data[44] = 8;
    data[165] = 1;
    view.setUint16(166, EXTENSION.scaledUiAmount, true);
    view.setUint16(168, 56, true);
    view.setFloat64(170 + 32, 1.5, true);
    view.setBigInt64(170 + 40, 1_000n, true);
    view.setFloat64(170 + 48, 3, true);
    const mint = parseMint(data);
    expect(mint).toMatchObject({
      supply: 5_000n,
      decimals: 8,
      extensions: [EXTENSION.scaledUiAmount],
    });
    expect(multiplierAt(mint, 999n).text).toBe('1.5');
    expect(multiplierAt(mint, 1_000n).text).toBe('3');
  });
});
