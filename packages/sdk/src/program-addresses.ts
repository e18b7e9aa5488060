/**
 * The deployed ids of the three programs. Defaults are the generated clients' addresses; a
 * cluster where the programs live elsewhere passes its own once and every helper uses them.
 */

import { ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import { REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import type { BasketProgram } from './program-error-catalogue.ts';

/**
 * Program ids by program.
 *
 * @example
 * const programs: ProgramAddresses = { ...DEFAULT_PROGRAM_ADDRESSES, vault: myVaultId };
 */
export type ProgramAddresses = Readonly<Record<BasketProgram, Address>>;

/**
 * The generated clients' program ids.
 *
 * @example
 * DEFAULT_PROGRAM_ADDRESSES.oracle; // ORACLE_PROGRAM_ADDRESS
 */
export const DEFAULT_PROGRAM_ADDRESSES: ProgramAddresses = Object.freeze({
  oracle: ORACLE_PROGRAM_ADDRESS,
  vault: VAULT_PROGRAM_ADDRESS,
  rewards: REWARDS_PROGRAM_ADDRESS,
});

/**
 * Fills the ids a caller did not override with the defaults.
 *
 * @example
 * resolveProgramAddresses({ vault: myVaultId }).oracle; // ORACLE_PROGRAM_ADDRESS
 */
export function resolveProgramAddresses(
  overrides: Partial<ProgramAddresses> = {},
): ProgramAddresses {
  return Object.freeze({ ...DEFAULT_PROGRAM_ADDRESSES, ...overrides });
}
