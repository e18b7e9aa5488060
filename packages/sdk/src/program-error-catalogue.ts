/**
 * One catalogue of every custom error code of the three programs, built from the generated
 * clients (their `<PROGRAM>_ERROR__*` constants and `get<Program>ErrorMessage`), so a code added
 * to a program's Rust enum reaches the SDK through `npm run codegen` alone.
 *
 * Codes 100-199 are the shared checks of `basket-common`; every program's generated catalogue
 * carries them, with the same names and messages.
 */

import * as oracleClient from '@basket/oracle-client';
import * as rewardsClient from '@basket/rewards-client';
import * as vaultClient from '@basket/vault-client';
import type { Address } from '@solana/kit';

/**
 * The programs of the basket vault.
 *
 * @example
 * const program: BasketProgram = 'vault';
 */
export type BasketProgram = 'oracle' | 'vault' | 'rewards';

/**
 * First and last code of the shared checks (`basket_common::CommonError`).
 *
 * @example
 * SHARED_ERROR_CODES.first; // 100
 */
export const SHARED_ERROR_CODES = Object.freeze({ first: 100, last: 199 });

/**
 * One entry of a program's error catalogue.
 *
 * @example
 * const entry: ProgramErrorEntry = { code: 3002, name: 'STALE_NAV', constant: 'VAULT_ERROR__STALE_NAV', message: 'The NAV snapshot is stale' };
 */
export interface ProgramErrorEntry {
  readonly code: number;
  /** The constant's name without the program prefix, e.g. `STALE_NAV`. */
  readonly name: string;
  /** The generated constant, e.g. `VAULT_ERROR__STALE_NAV`: match on it, never on numbers. */
  readonly constant: string;
  readonly message: string;
}

/**
 * A program's address and its errors by code.
 *
 * @example
 * PROGRAM_ERROR_CATALOGUES.vault.errors.get(3002)?.name; // 'STALE_NAV'
 */
export interface ProgramErrorCatalogue {
  readonly program: BasketProgram;
  readonly address: Address;
  readonly errors: ReadonlyMap<number, ProgramErrorEntry>;
}

/** `STALE_NAV` -> `Stale nav`, for builds whose generated messages are stripped. */
function sentenceFromName(name: string): string {
  const words = name.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The generated `get<Program>ErrorMessage` reads `process.env.NODE_ENV`; in a browser without a
 * bundler `process` does not exist, and production bundles return a placeholder. Either way the
 * catalogue falls back to a sentence made from the constant's name.
 */
function safeMessage(get: (code: never) => string, code: number, name: string): string {
  try {
    const message = get(code as never);
    if (message && !message.startsWith('Error message not available')) return message;
  } catch {
    // `process` is undefined: fall through.
  }
  return sentenceFromName(name);
}

function catalogue(
  program: BasketProgram,
  address: Address,
  prefix: string,
  module: Record<string, unknown>,
  getMessage: (code: never) => string,
): ProgramErrorCatalogue {
  const errors = new Map<number, ProgramErrorEntry>();
  for (const [constant, value] of Object.entries(module)) {
    if (!constant.startsWith(prefix) || typeof value !== 'number') continue;
    const name = constant.slice(prefix.length);
    errors.set(value, {
      code: value,
      name,
      constant,
      message: safeMessage(getMessage, value, name),
    });
  }
  return Object.freeze({ program, address, errors });
}

/**
 * The error catalogues of the three programs, keyed by program.
 *
 * @example
 * PROGRAM_ERROR_CATALOGUES.oracle.errors.get(2001)?.message; // 'The NAV snapshot is stale'
 */
export const PROGRAM_ERROR_CATALOGUES: Readonly<Record<BasketProgram, ProgramErrorCatalogue>> =
  Object.freeze({
    oracle: catalogue(
      'oracle',
      oracleClient.ORACLE_PROGRAM_ADDRESS,
      'ORACLE_ERROR__',
      oracleClient,
      oracleClient.getOracleErrorMessage,
    ),
    vault: catalogue(
      'vault',
      vaultClient.VAULT_PROGRAM_ADDRESS,
      'VAULT_ERROR__',
      vaultClient,
      vaultClient.getVaultErrorMessage,
    ),
    rewards: catalogue(
      'rewards',
      rewardsClient.REWARDS_PROGRAM_ADDRESS,
      'REWARDS_ERROR__',
      rewardsClient,
      rewardsClient.getRewardsErrorMessage,
    ),
  });

/**
 * The catalogue of the program at `address` (deployed ids may differ from the generated
 * defaults: pass `programs` to map them), or `null` for a program that is not ours.
 *
 * @example
 * catalogueForAddress(VAULT_PROGRAM_ADDRESS)?.program; // 'vault'
 */
export function catalogueForAddress(
  address: Address,
  programs: Partial<Record<BasketProgram, Address>> = {},
): ProgramErrorCatalogue | null {
  for (const entry of Object.values(PROGRAM_ERROR_CATALOGUES)) {
    if ((programs[entry.program] ?? entry.address) === address) return entry;
  }
  return null;
}
