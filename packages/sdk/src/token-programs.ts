/**
 * The two token programs a basket asset may live under.
 */

import type { Address } from '@solana/kit';

/**
 * The SPL Token program.
 *
 * @example
 * mint.programAddress === TOKEN_PROGRAM_ADDRESS;
 */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;

/**
 * The Token-2022 program (ScaledUiAmount mints, the vault's share mint).
 *
 * @example
 * mint.programAddress === TOKEN_2022_PROGRAM_ADDRESS;
 */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;

/**
 * The program of a token-program tag as the vault stores it (0 = SPL Token, 1 = Token-2022).
 *
 * @example
 * tokenProgramAddress(vault.data.assets[0].tokenProgram);
 */
export function tokenProgramAddress(tag: number): Address {
  return tag === 1 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS;
}
