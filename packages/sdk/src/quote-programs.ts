/**
 * Which program ids a quote decodes its refusals against. The generated clients' ids by
 * default; a deployment elsewhere (the local world, a devnet) passes its own, so a refusal
 * reads "VaultPaused", not "Unknown error 3001".
 */

import type { Address } from '@solana/kit';
import type { VaultRefusal } from './nav-quote-types.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { decodeCustomProgramError } from './program-error.ts';

/**
 * The program-id options every quote takes.
 *
 * @example
 * quoteDeposit(nav, rawAmount(1_000_000n), { programs: world.programs });
 */
export interface QuoteProgramOptions {
  /** The deployment's program ids; missing ones are the generated clients'. */
  readonly programs?: Partial<ProgramAddresses>;
  /** The vault program's id alone (from before `programs`; `programs.vault` wins). */
  readonly vaultProgram?: Address;
}

/**
 * The ids a quote decodes against: `programs`, then `vaultProgram`, then `fallback` (the NAV
 * quote's own ids, for quotes built on one), then the generated ids.
 *
 * @example
 * quotePrograms({ vaultProgram: localVault }).vault; // localVault
 */
export function quotePrograms(
  options: QuoteProgramOptions,
  fallback?: ProgramAddresses,
): ProgramAddresses {
  const vault = options.programs?.vault ?? options.vaultProgram;
  return resolveProgramAddresses({
    ...fallback,
    ...options.programs,
    ...(vault ? { vault } : {}),
  });
}

/**
 * The vault's refusal `code`, decoded against `programs` (shared codes 100-199 included).
 *
 * @example
 * vaultRefusal(quotePrograms({}), 3001).name; // 'VaultPaused'
 */
export function vaultRefusal(
  programs: ProgramAddresses,
  code: number,
  mint: Address | null = null,
): VaultRefusal {
  return { ...decodeCustomProgramError(programs.vault, code, null, { programs }), mint };
}
