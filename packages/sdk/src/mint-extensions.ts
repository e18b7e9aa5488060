/**
 * Token-2022 mint extensions, found by type in the TLV area that follows the 165-byte base
 * and the account-type byte (the layout every extension reader here shares).
 */

/**
 * A Token-2022 extension's data on a mint (after the 165-byte base and the type byte), or null.
 *
 * @example
 * const pausable = mintExtension(mintData, 26);
 */
export function mintExtension(data: Uint8Array, type: number): Uint8Array | null {
  if (data.length <= 166) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = 166; at + 4 <= data.length; ) {
    const t = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    if (t === 0 && len === 0) return null;
    if (t === type) return data.subarray(at + 4, at + 4 + len);
    at += 4 + len;
  }
  return null;
}
