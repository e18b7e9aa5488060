import { type Address, getAddressDecoder } from '@solana/kit';
import { addressBytes, SKU_ID_LENGTH } from './sku-id.ts';

/** Domain separation tag that starts every payload (versioned with the layout). */
export const NAV_PAYLOAD_DOMAIN_TAG = 'BASKET_NAV_V1';
/** Bytes before the first entry. */
export const NAV_PAYLOAD_HEADER_LENGTH = 102;
/** Bytes per entry. */
export const NAV_PAYLOAD_ENTRY_LENGTH = 28;
/** Most entries a snapshot holds. */
export const NAV_PAYLOAD_MAX_ENTRIES = 20;

const U64_MAX = (1n << 64n) - 1n;

/** One asset's values, in the order of the snapshot's mint list. */
export interface NavPayloadEntry {
  /** USD price of one whole UI token (multiplier applied) x 1e8. */
  priceUsd1E8: bigint;
  /** ScaledUiAmount multiplier x 1e12. */
  multiplierNum: bigint;
  /** Slot at which the keeper read this entry's inputs. */
  updatedSlot: bigint;
  /** Bits of `entry_flags` (docs/layouts/oracle.md). */
  flags: number;
}

/** Everything a keeper signs for one push. */
export interface NavPayload {
  programAddress: Address;
  snapshot: Address;
  /** 16 bytes (see `encodeSkuId`). */
  skuId: Uint8Array;
  sequence: bigint;
  entries: readonly NavPayloadEntry[];
}

function checkU64(value: bigint, name: string): void {
  if (value < 0n || value > U64_MAX) throw new RangeError(`${name} is not a u64: ${value}`);
}

/**
 * Serializes the canonical NAV payload (the exact bytes the keeper signs and the oracle
 * program parses): tag, program id, snapshot address, SKU id, sequence, entry count and
 * 28-byte entries, integers little-endian.
 *
 * @example
 * const bytes = encodeNavPayload({ programAddress, snapshot, skuId, sequence: 1n, entries });
 */
export function encodeNavPayload(payload: NavPayload): Uint8Array {
  const { entries } = payload;
  if (entries.length > NAV_PAYLOAD_MAX_ENTRIES) {
    throw new RangeError(`a payload holds at most ${NAV_PAYLOAD_MAX_ENTRIES} entries`);
  }
  if (payload.skuId.length !== SKU_ID_LENGTH) throw new RangeError('SKU id must be 16 bytes');
  checkU64(payload.sequence, 'sequence');
  const out = new Uint8Array(NAV_PAYLOAD_HEADER_LENGTH + NAV_PAYLOAD_ENTRY_LENGTH * entries.length);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(NAV_PAYLOAD_DOMAIN_TAG), 0);
  out.set(addressBytes(payload.programAddress), 13);
  out.set(addressBytes(payload.snapshot), 45);
  out.set(payload.skuId, 77);
  view.setBigUint64(93, payload.sequence, true);
  out[101] = entries.length;
  entries.forEach((e, i) => {
    const at = NAV_PAYLOAD_HEADER_LENGTH + NAV_PAYLOAD_ENTRY_LENGTH * i;
    checkU64(e.priceUsd1E8, 'priceUsd1E8');
    checkU64(e.multiplierNum, 'multiplierNum');
    checkU64(e.updatedSlot, 'updatedSlot');
    if (!Number.isInteger(e.flags) || e.flags < 0 || e.flags > 0xffff_ffff) {
      throw new RangeError(`flags is not a u32: ${e.flags}`);
    }
    view.setBigUint64(at, e.priceUsd1E8, true);
    view.setBigUint64(at + 8, e.multiplierNum, true);
    view.setBigUint64(at + 16, e.updatedSlot, true);
    view.setUint32(at + 24, e.flags, true);
  });
  return out;
}

/**
 * Parses a canonical NAV payload (the inverse of `encodeNavPayload`); throws on a wrong
 * tag or length.
 *
 * @example
 * const payload = decodeNavPayload(bytes);
 */
export function decodeNavPayload(bytes: Uint8Array): NavPayload {
  const tag = new TextDecoder().decode(bytes.subarray(0, 13));
  if (bytes.length < NAV_PAYLOAD_HEADER_LENGTH || tag !== NAV_PAYLOAD_DOMAIN_TAG) {
    throw new RangeError('not a BASKET_NAV_V1 payload');
  }
  const count = bytes[101]!;
  if (bytes.length !== NAV_PAYLOAD_HEADER_LENGTH + NAV_PAYLOAD_ENTRY_LENGTH * count) {
    throw new RangeError('payload length does not match its entry count');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const addresses = getAddressDecoder();
  return {
    programAddress: addresses.decode(bytes.subarray(13, 45)),
    snapshot: addresses.decode(bytes.subarray(45, 77)),
    skuId: bytes.slice(77, 93),
    sequence: view.getBigUint64(93, true),
    entries: Array.from({ length: count }, (_, i) => {
      const at = NAV_PAYLOAD_HEADER_LENGTH + NAV_PAYLOAD_ENTRY_LENGTH * i;
      return {
        priceUsd1E8: view.getBigUint64(at, true),
        multiplierNum: view.getBigUint64(at + 8, true),
        updatedSlot: view.getBigUint64(at + 16, true),
        flags: view.getUint32(at + 24, true),
      };
    }),
  };
}
