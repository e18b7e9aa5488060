import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Address, lamports } from '@solana/kit';
import { Clock, LiteSVM } from 'litesvm';

/** Repository root, from this file's location. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Path of a program's built `.so` (`npm run build:programs` writes it). */
export function programPath(name: string): string {
  return join(REPO_ROOT, 'target', 'deploy', `${name}.so`);
}

/**
 * A fresh LiteSVM (mainnet feature set, real SPL Token, Token-2022 and Ed25519 programs)
 * with the named programs loaded from `target/deploy`.
 *
 * @example
 * const svm = createSvm({ oracle: ORACLE_PROGRAM_ADDRESS });
 */
export function createSvm(programs: Record<string, Address>): LiteSVM {
  const svm = new LiteSVM();
  for (const [name, id] of Object.entries(programs)) {
    const path = programPath(name);
    if (!existsSync(path)) {
      throw new Error(
        `program ${name} is not built: ${path} is missing (run \`npm run build:programs\`)`,
      );
    }
    svm.addProgramFromFile(id, path);
  }
  return svm;
}

/**
 * Sets the Clock sysvar's unix timestamp (warping slots alone does not move it).
 *
 * @example
 * setUnixTime(svm, 1_795_392_000n);
 */
export function setUnixTime(svm: LiteSVM, unixTimestamp: bigint): void {
  const c = svm.getClock();
  svm.setClock(
    new Clock(c.slot, c.epochStartTimestamp, c.epoch, c.leaderScheduleEpoch, unixTimestamp),
  );
}

/**
 * Funds an address with SOL for fees and rent.
 *
 * @example
 * fund(svm, payer.address);
 */
export function fund(svm: LiteSVM, address: Address, sol = 100n): void {
  svm.airdrop(address, lamports(sol * 1_000_000_000n));
}
