import type { WorldManifest } from '@basket/localnet';
import type { ProgramAddresses } from '@basket/sdk';
import type { Address } from '@solana/kit';

/** The world's program ids as the SDK takes them (every builder's `programs` option). */
export function programAddressesOf(manifest: Pick<WorldManifest, 'programs'>): ProgramAddresses {
  return {
    oracle: manifest.programs.oracle as Address,
    vault: manifest.programs.vault as Address,
    rewards: manifest.programs.rewards as Address,
  };
}
