/**
 * The keeper's `refresh_nav`: after each push, the vault prices every held asset once and
 * caches the value, so users' deposits and stablecoin withdrawals at that snapshot re-verify
 * only the mints' multipliers (docs/vault.md, "Cached NAV per snapshot sequence").
 */

import { getRefreshNavInstruction } from '@basket/vault-client';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import type { CostedInstruction } from './transaction-message.ts';
import type { VaultStateAccount } from './vault-instructions.ts';

/**
 * A permissionless `refresh_nav` for the vault's current snapshot. Anyone may send it; the
 * keeper sends it right after each `push_snapshot`. Its `NavRefreshed` event carries the NAV
 * rounded both ways. Fails with the guards' errors (`StaleNav`, `MultiplierMismatch`...) when
 * a deposit would.
 *
 * @example
 * const ix = getRefreshNavInstructionFor({ vault });
 * const message = buildTransactionMessage({ feePayer: keeper, lifetime, instructions: [push, ix] });
 */
export function getRefreshNavInstructionFor(
  input: { vault: VaultStateAccount },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const state = input.vault.data;
  const assets = state.assets.slice(0, state.assetCount);
  const instruction = getRefreshNavInstruction(
    {
      vault: input.vault.address,
      navSnapshot: state.navSnapshot,
      assetAccounts: assets.flatMap((a) => [a.mint, a.holding]),
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return {
    instruction,
    costs: [
      { key: 'vault.refreshNav' },
      // Every configured asset: a book may fill between building and landing.
      { key: 'vault.perPricedAsset', count: assets.length },
    ],
  };
}
