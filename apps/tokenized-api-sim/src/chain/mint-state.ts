// A Token-2022 mint as read from the chain: supply, decimals, the ScaledUiAmount multipliers
// and which extensions it carries (the issuer's powers depend on them).

/** Token-2022 extension type numbers the simulator looks for. */
export const EXTENSION = {
  permanentDelegate: 12,
  transferHook: 14,
  scaledUiAmount: 25,
  pausable: 26,
} as const;

/** A multiplier as an exact decimal fraction `num / den` (den a power of ten). */
export type DecimalRatio = Readonly<{ num: bigint; den: bigint; text: string }>;

export type MintState = Readonly<{
  supply: bigint;
  decimals: number;
  freezeAuthority: Uint8Array | null;
  extensions: readonly number[];
  scaled: Readonly<{
    multiplier: DecimalRatio;
    newMultiplier: DecimalRatio;
    /** Unix seconds from which `newMultiplier` applies. */
    effectiveTimestamp: bigint;
  }> | null;
}>;

const BASE_MINT_LEN = 82;
const ACCOUNT_TYPE_OFFSET = 165;

/**
 * The exact decimal a multiplier stands for. Token-2022 stores it as an f64; the issuer sets
 * decimal values, so the shortest decimal that reads back as the same f64 is the value meant
 * (`1.0571`, not the binary expansion). Amount math then stays in integers.
 *
 * @example
 * ratioOfMultiplier(1.0571); // { num: 10571n, den: 10000n, text: '1.0571' }
 */
export function ratioOfMultiplier(value: number): DecimalRatio {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError('not a positive multiplier');
  // String() is the shortest round-trip form; only tiny or huge values need the long form.
  const shortest = String(value);
  const text = /e/i.test(shortest)
    ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : shortest;
  const [whole = '0', fraction = ''] = text.split('.');
  return {
    num: BigInt(`${whole}${fraction}`),
    den: 10n ** BigInt(fraction.length),
    text: String(value),
  };
}

/**
 * Parses a mint account (either token program).
 *
 * @example
 * const mint = parseMint(await world.accountData(stock.mint));
 */
export function parseMint(data: Uint8Array): MintState {
  if (data.length < BASE_MINT_LEN) throw new Error('not a mint account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const hasFreeze = view.getUint32(46, true) === 1;
  const extensions: number[] = [];
  let scaled: MintState['scaled'] = null;
  if (data.length > ACCOUNT_TYPE_OFFSET + 1) {
    for (let at = ACCOUNT_TYPE_OFFSET + 1; at + 4 <= data.length; ) {
      const type = view.getUint16(at, true);
      const length = view.getUint16(at + 2, true);
      if (type === 0) break;
      extensions.push(type);
      if (type === EXTENSION.scaledUiAmount) {
        const body = at + 4 + 32;
        scaled = {
          multiplier: ratioOfMultiplier(view.getFloat64(body, true)),
          effectiveTimestamp: view.getBigInt64(body + 8, true),
          newMultiplier: ratioOfMultiplier(view.getFloat64(body + 16, true)),
        };
      }
      at += 4 + length;
    }
  }
  return {
    supply: view.getBigUint64(36, true),
    decimals: data[44] as number,
    freezeAuthority: hasFreeze ? data.slice(50, 82) : null,
    extensions,
    scaled,
  };
}

/**
 * The multiplier in force at `unixSeconds` (the new one once its timestamp has come).
 *
 * @example
 * multiplierAt(mint, await world.chainUnixSeconds()).text; // '1.0571'
 */
export function multiplierAt(mint: MintState, unixSeconds: bigint): DecimalRatio {
  if (mint.scaled === null) return { num: 1n, den: 1n, text: '1' };
  return unixSeconds >= mint.scaled.effectiveTimestamp
    ? mint.scaled.newMultiplier
    : mint.scaled.multiplier;
}
