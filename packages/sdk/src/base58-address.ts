/**
 * Base58 of a 32-byte address read in place, for the event decoder's hot path. Kit's address
 * decoder goes through a BigInt per address (about half of all event decoding time in the
 * indexer); this converts with small integers only: the 256-bit value is built in limbs of
 * base 58^4 (each below 2^24, so `limb * 2^24 + 24 input bits` stays below 2^48 and every
 * step is exact in a double), three input bytes at a time, and each limb then gives four
 * digits from a table of two-digit strings. Same output as Kit's decoder (tested byte for
 * byte on random and edge addresses).
 */

import type { Address } from '@solana/kit';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** 58^4: one limb holds four base58 digits. */
const LIMB = 11_316_496;
/** 58^2 and the two-digit strings of 0..58^2-1 (half a limb each). */
const HALF = 3_364;
const PAIRS = Array.from(
  { length: HALF },
  (_, n) => (ALPHABET[Math.floor(n / 58)] as string) + (ALPHABET[n % 58] as string),
);
/** 2^256 < 58^44: eleven limbs always suffice. */
const LIMBS = 11;
const limbs = new Float64Array(LIMBS);

/** Multiplies the number in `limbs[0..used)` (least significant first) by `base`, adds `add`. */
function mulAdd(used: number, base: number, add: number): number {
  let carry = add;
  for (let j = 0; j < used; j += 1) {
    const x = (limbs[j] as number) * base + carry;
    // x < 58^4 * 2^24 + 2^24 < 2^48: the quotient is exact (its error is far below 1 / LIMB).
    carry = Math.floor(x / LIMB);
    limbs[j] = x - carry * LIMB;
  }
  while (carry > 0) {
    limbs[used] = carry % LIMB;
    carry = Math.floor(carry / LIMB);
    used += 1;
  }
  return used;
}

/**
 * The base58 address of `bytes[offset .. offset + 32)`.
 *
 * @example
 * addressAt(new Uint8Array(32), 0); // '11111111111111111111111111111111'
 */
export function addressAt(bytes: Uint8Array, offset: number): Address {
  let zeros = 0;
  while (zeros < 32 && bytes[offset + zeros] === 0) zeros += 1;
  // 32 = 2 + 10 * 3: the first two bytes, then ten groups of three.
  let used = mulAdd(0, LIMB, ((bytes[offset] as number) << 8) | (bytes[offset + 1] as number));
  for (let i = offset + 2; i < offset + 32; i += 3) {
    const group =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    used = mulAdd(used, 16_777_216, group);
  }
  let digits = '';
  for (let j = 0; j < used; j += 1) {
    const limb = limbs[j] as number;
    const high = Math.floor(limb / HALF);
    digits = (PAIRS[high] as string) + (PAIRS[limb - high * HALF] as string) + digits;
  }
  // Drop the leading zero digits of the top limb, then one '1' per leading zero byte.
  let start = 0;
  while (start < digits.length && digits.charCodeAt(start) === 49) start += 1; // '1'
  return ('1'.repeat(zeros) + digits.slice(start)) as Address;
}
