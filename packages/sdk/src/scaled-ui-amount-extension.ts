/**
 * Reads the ScaledUiAmount extension out of a Token-2022 mint account's bytes.
 *
 * Mint layout: `[0..82]` base mint (`[44]` decimals); with extensions the account is padded to
 * 165 bytes, `[165]` is the account type (1 = mint), then TLV entries from `[166]`: `u16` type,
 * `u16` length, value. ScaledUiAmount (type 25) value, 56 bytes:
 * - `[0..32]` authority
 * - `[32..40]` multiplier (`f64`)
 * - `[40..48]` new multiplier effective timestamp (`i64`)
 * - `[48..56]` new multiplier (`f64`)
 */

import type { ScaledUiAmountConfig } from './scaled-ui-amount.ts';

/**
 * Token-2022 extension type number of ScaledUiAmount.
 *
 * @example
 * SCALED_UI_AMOUNT_EXTENSION_TYPE; // 25
 */
export const SCALED_UI_AMOUNT_EXTENSION_TYPE = 25;

const BASE_ACCOUNT_LENGTH = 165;
const MINT_LENGTH = 82;
const DECIMALS_OFFSET = 44;

/**
 * The `decimals` of a mint of either token program.
 *
 * @example
 * mintDecimals(account.data); // 6
 */
export function mintDecimals(data: Uint8Array): number {
  if (data.length < MINT_LENGTH) throw new RangeError('mint data is shorter than 82 bytes');
  return data[DECIMALS_OFFSET] as number;
}

/**
 * The ScaledUiAmount configuration of a Token-2022 mint, or `null` when the mint has no such
 * extension (a legacy SPL Token mint, or a Token-2022 mint without it: multiplier 1).
 *
 * @example
 * const config = decodeScaledUiAmountConfig(mintAccount.data);
 * const shown = config ? amountToUiAmount(raw, decimals, config, now) : formatDecimalAmount(raw, decimals);
 */
export function decodeScaledUiAmountConfig(data: Uint8Array): ScaledUiAmountConfig | null {
  if (data.length <= BASE_ACCOUNT_LENGTH) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = BASE_ACCOUNT_LENGTH + 1;
  while (at + 4 <= data.length) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    const value = at + 4;
    if (type === SCALED_UI_AMOUNT_EXTENSION_TYPE && value + 56 <= data.length) {
      return {
        multiplier: view.getFloat64(value + 32, true),
        newMultiplierEffectiveTimestamp: view.getBigInt64(value + 40, true),
        newMultiplier: view.getFloat64(value + 48, true),
      };
    }
    if (type === 0) return null;
    at = value + length;
  }
  return null;
}
