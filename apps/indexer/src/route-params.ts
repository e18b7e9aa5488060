// Validation of the analytics routes' parameters, shared by every route module.

/** A SKU id: 1-16 printable ASCII characters (the on-chain field is 16 zero-padded bytes). */
export const SKU = /^[\x20-\x7e]{1,16}$/;
/** A base58 address. */
export const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * `limit` from a query string: an integer from 1 to `max`, `fallback` when absent, null
 * when it is anything else.
 *
 * @example
 * limitOf('50', 100); // 50
 * limitOf(undefined, 100); // 100
 * limitOf('0', 100); // null
 */
export function limitOf(raw: string | undefined, fallback: number, max = 10_000): number | null {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}
