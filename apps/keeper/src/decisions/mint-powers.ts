// The issuer's powers as a Token-2022 mint shows them: pausable (and paused), a permanent
// delegate, a transfer-hook program. A change to any of them between scans is an issuer action
// on the vault's assets that the operator must hear about, and NAV must be refreshed.
import { type Address, getAddressDecoder } from '@solana/kit';

/** Token-2022 extension types (spl-token-2022 `ExtensionType`). */
const PERMANENT_DELEGATE = 12;
const TRANSFER_HOOK = 14;
const PAUSABLE = 26;
/** Mint base (82) padded to the account size (165), then the account-type byte. */
const TLV_START = 166;

/** What the issuer controls on one mint. */
export type MintPowers = Readonly<{
  paused: boolean;
  permanentDelegate: Address | null;
  transferHookProgram: Address | null;
}>;

/**
 * Reads the powers from a mint account's data (SPL Token mints have none).
 *
 * @example
 * mintPowers(accountData).paused; // false
 */
export function mintPowers(data: Uint8Array): MintPowers {
  let paused = false;
  let permanentDelegate: Address | null = null;
  let transferHookProgram: Address | null = null;
  if (data.length > TLV_START && data[165] === 1) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const decode = getAddressDecoder();
    const zero = (bytes: Uint8Array) => bytes.every((b) => b === 0);
    for (let at = TLV_START; at + 4 <= data.length; ) {
      const type = view.getUint16(at, true);
      const length = view.getUint16(at + 2, true);
      const body = data.subarray(at + 4, at + 4 + length);
      if (type === 0 && length === 0) break;
      if (type === PERMANENT_DELEGATE && body.length >= 32 && !zero(body.subarray(0, 32))) {
        permanentDelegate = decode.decode(body.subarray(0, 32));
      } else if (type === TRANSFER_HOOK && body.length >= 64 && !zero(body.subarray(32, 64))) {
        transferHookProgram = decode.decode(body.subarray(32, 64));
      } else if (type === PAUSABLE && body.length >= 33) {
        paused = body[32] === 1;
      }
      at += 4 + length;
    }
  }
  return { paused, permanentDelegate, transferHookProgram };
}

/**
 * What changed for the worse between two readings (a first reading has nothing to compare
 * with but a pause).
 *
 * @example
 * powerChanges(before, after); // ['paused', 'permanent-delegate-changed']
 */
export function powerChanges(before: MintPowers | undefined, after: MintPowers): string[] {
  const out: string[] = [];
  if (after.paused && !before?.paused) out.push('paused');
  if (before && before.permanentDelegate !== after.permanentDelegate)
    out.push('permanent-delegate-changed');
  if (before && before.transferHookProgram !== after.transferHookProgram)
    out.push('transfer-hook-changed');
  return out;
}
