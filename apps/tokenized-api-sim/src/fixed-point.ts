import { createHash } from 'node:crypto';

/** Multipliers and oracle prices carry 8 fractional digits. */
export const SCALE_8 = 100_000_000n;

/**
 * Parses a trusted or pre-validated plain decimal string into an integer at `scale` digits,
 * truncating extra digits. Returns null for anything that is not a plain decimal.
 *
 * @example
 * ```ts
 * parseFixed('229.5', 8); // 22950000000n
 * ```
 */
export function parseFixed(text: string, scale: number): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{1,30}))?$/.exec(text);
  if (match === null) return null;
  const fraction = (match[2] ?? '').padEnd(scale, '0').slice(0, scale);
  return (
    BigInt(match[1] as string) * 10n ** BigInt(scale) + BigInt(fraction === '' ? '0' : fraction)
  );
}

/**
 * Number of fractional digits of a plain decimal string.
 *
 * @example
 * ```ts
 * fractionDigits('1.250'); // 3
 * ```
 */
export function fractionDigits(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * Formats a non-negative integer at `scale` digits as a decimal string with `scale` decimals.
 *
 * @example
 * ```ts
 * formatFixed(100000000n, 8); // '1.00000000'
 * ```
 */
export function formatFixed(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  if (scale === 0) return digits;
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/**
 * Rescales an integer from `from` to `to` fractional digits, rounding down.
 *
 * @example
 * ```ts
 * rescaleFloor(22950000000n, 8, 2); // 22950n
 * ```
 */
export function rescaleFloor(value: bigint, from: number, to: number): bigint {
  return to >= from ? value * 10n ** BigInt(to - from) : value / 10n ** BigInt(from - to);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A deterministic, valid-looking base58 account address derived from a label (the
 * simulator's mints and wallets; nothing on any chain owns them).
 *
 * @example
 * ```ts
 * simAddress('mint:AAPLx'); // 43-44 base58 characters
 * ```
 */
export function simAddress(label: string): string {
  const bytes = createHash('sha256').update(`tokenized-api-sim:${label}`).digest();
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}
