/**
 * Which Token-2022 extensions a mint carries, and the token-account size they require.
 */

import type { Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

/** Token-2022 extension type numbers of a mint. */
export const MINT_EXTENSION = {
  transferFeeConfig: 1,
  confidentialTransferMint: 4,
  defaultAccountState: 6,
  nonTransferable: 9,
  permanentDelegate: 12,
  transferHook: 14,
  metadataPointer: 18,
  tokenMetadata: 19,
  scaledUiAmount: 25,
  pausable: 26,
} as const;

/** The extension types of a Token-2022 mint, in TLV order (empty for a base-size mint). */
export function mintExtensionTypes(svm: LiteSVM, mint: Address): number[] {
  const info = svm.getAccount(mint);
  if (!info.exists) throw new Error(`mint ${mint} does not exist`);
  const data = Uint8Array.from(info.data);
  if (data.length <= 165) return [];
  const view = new DataView(data.buffer);
  const types: number[] = [];
  for (let at = 166; at + 4 <= data.length; ) {
    const type = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    if (type === 0 && len === 0) break;
    types.push(type);
    at += 4 + len;
  }
  return types;
}

/**
 * Size of a new token account of `mint`: what Token-2022's `GetAccountDataSize` answers for
 * the extensions the harness makes (TransferHookAccount 1 byte, PausableAccount and
 * NonTransferableAccount empty, TransferFeeAmount 8), 165 bytes when none is required.
 */
export function tokenAccountSpace(svm: LiteSVM, mint: Address): number {
  const lens: Record<number, number> = {
    [MINT_EXTENSION.transferHook]: 1,
    [MINT_EXTENSION.pausable]: 0,
    [MINT_EXTENSION.nonTransferable]: 0,
    [MINT_EXTENSION.transferFeeConfig]: 8,
  };
  // A mint not created yet (a test preparing accounts first) has no extensions to honour.
  if (!svm.getAccount(mint).exists) return 165;
  const needed = mintExtensionTypes(svm, mint).filter((t) => t in lens);
  if (needed.length === 0) return 165;
  return 166 + needed.reduce((sum, t) => sum + 4 + (lens[t] as number), 0);
}
