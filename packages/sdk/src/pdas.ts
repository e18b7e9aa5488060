/**
 * Program-derived addresses. The seeds live in the generated clients (from the programs'
 * Codama attributes), the oracle client's hand-written `findNavSnapshotPda` and the rewards
 * client's `findClaimStatusAddress` (an address with seed, not a PDA); this module
 * re-exports them and adds SKU-level helpers that take the SKU as a string. Addresses the
 * programs store (the share mint, holdings) are read from `VaultState`, never re-derived here.
 */

import { encodeSkuId, findNavSnapshotPda, findOracleConfigPda } from '@basket/oracle-client';
import { findRewardsConfigPda } from '@basket/rewards-client';
import { findVaultStatePda } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';

export { encodeSkuId, findNavSnapshotPda, findOracleConfigPda } from '@basket/oracle-client';
export {
  claimStatusSeed,
  findClaimStatusAddress,
  findEpochPda,
  findRewardsConfigPda,
  findStakeRecordPda,
} from '@basket/rewards-client';
export { findRedemptionClaimPda, findVaultStatePda } from '@basket/vault-client';

/**
 * The accounts that make up one SKU's vault, derived from the SKU string.
 *
 * @example
 * const { vaultState, navSnapshot } = await findSkuAddresses('MAG7');
 */
export interface SkuAddresses {
  readonly sku: string;
  /** The 16-byte on-chain SKU id. */
  readonly skuId: Uint8Array;
  readonly vaultState: Address;
  readonly navSnapshot: Address;
  readonly oracleConfig: Address;
}

/**
 * Derives the vault state, NAV snapshot and oracle config addresses of a SKU.
 *
 * @throws {RangeError} when the SKU is not 1-16 printable ASCII characters.
 * @example
 * const addresses = await findSkuAddresses('MAG7', { vault: deployedVaultId });
 */
export async function findSkuAddresses(
  sku: string,
  programs: Partial<ProgramAddresses> = {},
): Promise<SkuAddresses> {
  const ids = resolveProgramAddresses(programs);
  const skuId = encodeSkuId(sku);
  const [[vaultState], [navSnapshot], [oracleConfig]] = await Promise.all([
    findVaultStatePda({ skuId }, { programAddress: ids.vault }),
    findNavSnapshotPda(skuId, ids.oracle),
    findOracleConfigPda({ programAddress: ids.oracle }),
  ]);
  return { sku, skuId, vaultState, navSnapshot, oracleConfig };
}

/**
 * The rewards program's singleton config address.
 *
 * @example
 * const config = await findRewardsConfigAddress();
 */
export async function findRewardsConfigAddress(
  programs: Partial<ProgramAddresses> = {},
): Promise<Address> {
  const [config] = await findRewardsConfigPda({
    programAddress: resolveProgramAddresses(programs).rewards,
  });
  return config;
}
