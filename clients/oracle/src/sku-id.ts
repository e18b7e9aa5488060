import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type ProgramDerivedAddress,
} from '@solana/kit';
import { ORACLE_PROGRAM_ADDRESS } from './generated/index.ts';

/** Length of a SKU id on chain: printable ASCII, zero-padded on the right. */
export const SKU_ID_LENGTH = 16;

/**
 * Encodes a SKU id (1-16 printable ASCII characters) into its 16-byte on-chain form.
 *
 * @example
 * encodeSkuId('MAG7'); // Uint8Array [77, 65, 71, 55, 0, ...]
 */
export function encodeSkuId(sku: string): Uint8Array {
  if (!/^[\x21-\x7e]{1,16}$/.test(sku)) {
    throw new RangeError(
      `SKU id must be 1-16 printable ASCII characters without spaces: ${JSON.stringify(sku)}`,
    );
  }
  const out = new Uint8Array(SKU_ID_LENGTH);
  out.set(getUtf8Encoder().encode(sku));
  return out;
}

/**
 * The snapshot account of a SKU: PDA `["nav_snapshot", sku_id]` of the oracle program.
 *
 * @example
 * const [snapshot, bump] = await findNavSnapshotPda(encodeSkuId('MAG7'));
 */
export async function findNavSnapshotPda(
  skuId: Uint8Array,
  programAddress: Address = ORACLE_PROGRAM_ADDRESS,
): Promise<ProgramDerivedAddress> {
  if (skuId.length !== SKU_ID_LENGTH) throw new RangeError('SKU id must be 16 bytes');
  return getProgramDerivedAddress({
    programAddress,
    seeds: [getUtf8Encoder().encode('nav_snapshot'), skuId],
  });
}

/**
 * The deviation reference of a SKU (what its snapshot's deviation cap is held against, and
 * the push the admins approved past it): PDA `["nav_reference", sku_id]` of the oracle program.
 *
 * @example
 * const [reference] = await findNavReferencePda(encodeSkuId('MAG7'));
 */
export async function findNavReferencePda(
  skuId: Uint8Array,
  programAddress: Address = ORACLE_PROGRAM_ADDRESS,
): Promise<ProgramDerivedAddress> {
  if (skuId.length !== SKU_ID_LENGTH) throw new RangeError('SKU id must be 16 bytes');
  return getProgramDerivedAddress({
    programAddress,
    seeds: [getUtf8Encoder().encode('nav_reference'), skuId],
  });
}

/** The 32 bytes of an address, for byte-level payloads. */
export function addressBytes(address: Address): Uint8Array {
  return Uint8Array.from(getAddressEncoder().encode(address));
}
