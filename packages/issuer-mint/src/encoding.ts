// Little-endian field encoders shared by the instruction builders (the token programs' wire
// layouts: u64/i64 amounts and timestamps, f64 multipliers, 32-byte keys, borsh strings).
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  getUtf8Encoder,
  type TransactionSigner,
} from '@solana/kit';

export function signerMeta(signer: TransactionSigner, writable = false) {
  return {
    address: signer.address,
    role: writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER,
    signer,
  };
}

export function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}

export function i64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, value, true);
  return out;
}

/** The ScaledUiAmount extension stores its multiplier as an f64 (a ratio, never an amount). */
export function f64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value, true);
  return out;
}

export function bytes(...parts: (Uint8Array | number[])[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => Array.from(p)));
}

const addressEncoder = getAddressEncoder();

export function addressBytes(address: Address): Uint8Array {
  return Uint8Array.from(addressEncoder.encode(address));
}

/** A borsh string: u32 length, then UTF-8 bytes. */
export function borshString(text: string): Uint8Array {
  const utf8 = getUtf8Encoder().encode(text);
  const len = new Uint8Array(4);
  new DataView(len.buffer).setUint32(0, utf8.length, true);
  return bytes(len, Uint8Array.from(utf8));
}
