import {
  type Address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type ProgramDerivedAddress,
} from '@solana/kit';
import { TEST_SWAP_PROGRAM_ADDRESS } from './program.ts';

/** Size of a pool account (`programs/test-swap/src/state.rs`). */
export const POOL_SIZE = 165;
const POOL_DISCRIMINATOR = 1;
const POOL_VERSION = 1;

/** A decoded pool account. Reserves are not stored: read the two vaults' balances. */
export interface Pool {
  bump: number;
  feeBps: number;
  owner: Address;
  stockMint: Address;
  usdMint: Address;
  stockVault: Address;
  usdVault: Address;
}

/**
 * The pool PDA of a stock against the stablecoin: `["pool", stockMint, usdMint]`.
 *
 * @example
 * const [pool] = await findPoolPda({ stockMint, usdMint });
 */
export async function findPoolPda(input: {
  stockMint: Address;
  usdMint: Address;
  programAddress?: Address;
}): Promise<ProgramDerivedAddress> {
  const enc = getAddressEncoder();
  return getProgramDerivedAddress({
    programAddress: input.programAddress ?? TEST_SWAP_PROGRAM_ADDRESS,
    seeds: [
      new TextEncoder().encode('pool'),
      enc.encode(input.stockMint),
      enc.encode(input.usdMint),
    ],
  });
}

/**
 * Decodes a pool account's data; throws with the reason when it is not a pool.
 *
 * @example
 * const pool = decodePool(svm.getAccount(poolAddress)!.data);
 */
export function decodePool(data: Uint8Array): Pool {
  if (data.length !== POOL_SIZE) {
    throw new Error(`not a test-swap pool: ${data.length} bytes, expected ${POOL_SIZE}`);
  }
  if (data[0] !== POOL_DISCRIMINATOR || data[1] !== POOL_VERSION) {
    throw new Error(`not a test-swap pool: type ${data[0]} version ${data[1]}`);
  }
  const dec = getAddressDecoder();
  const key = (at: number) => dec.decode(data.subarray(at, at + 32));
  return {
    bump: data[2] as number,
    feeBps: new DataView(data.buffer, data.byteOffset).getUint16(3, true),
    owner: key(5),
    stockMint: key(37),
    usdMint: key(69),
    stockVault: key(101),
    usdVault: key(133),
  };
}

/**
 * The raw amount of a token account (either token program), from its data: a pool's
 * reserves are its two vaults' amounts.
 *
 * @example
 * const stockReserve = tokenAccountAmount(vaultData);
 */
export function tokenAccountAmount(data: Uint8Array): bigint {
  if (data.length < 165) throw new Error(`not a token account: ${data.length} bytes`);
  return new DataView(data.buffer, data.byteOffset).getBigUint64(64, true);
}
