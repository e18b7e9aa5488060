/**
 * Reads of token accounts and mints in LiteSVM: raw balances and ScaledUiAmount fields.
 */

import { SCALED_UI_AMOUNT_EXTENSION, TOKEN_ACCOUNT_SIZE } from '@basket/issuer-mint';
import type { Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

/**
 * Raw (unscaled) amount held by a token account of either token program.
 *
 * @example
 * expect(tokenAmount(svm, holding)).toBe(1_000_000n);
 */
export function tokenAmount(svm: LiteSVM, account: Address): bigint {
  const info = svm.getAccount(account);
  if (!info.exists) throw new Error(`token account ${account} does not exist`);
  return new DataView(Uint8Array.from(info.data).buffer).getBigUint64(64, true);
}

/**
 * The ScaledUiAmount fields of a Token-2022 mint, or `null` when it has none.
 *
 * @example
 * expect(scaledUiAmountOf(svm, xStock.address)?.multiplier).toBe(1.0571);
 */
export function scaledUiAmountOf(
  svm: LiteSVM,
  mint: Address,
): { multiplier: number; newMultiplierEffectiveTimestamp: bigint; newMultiplier: number } | null {
  const info = svm.getAccount(mint);
  if (!info.exists) throw new Error(`mint ${mint} does not exist`);
  const data = Uint8Array.from(info.data);
  const view = new DataView(data.buffer);
  let at = TOKEN_ACCOUNT_SIZE + 1;
  while (at + 4 <= data.length) {
    const type = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    if (type === SCALED_UI_AMOUNT_EXTENSION) {
      const v = at + 4;
      return {
        multiplier: view.getFloat64(v + 32, true),
        newMultiplierEffectiveTimestamp: view.getBigInt64(v + 40, true),
        newMultiplier: view.getFloat64(v + 48, true),
      };
    }
    if (type === 0 && len === 0) break;
    at += 4 + len;
  }
  return null;
}
