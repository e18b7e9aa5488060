// The oracle deployed as an upgradeable program with a chosen upgrade authority, in LiteSVM:
// thin wrappers over `addUpgradeableProgram` of `@basket/test-harness` (which explains how
// the loader accounts are written), kept so the oracle tests keep their imports.

import { ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import { addUpgradeableProgram, programDataBytes } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { LiteSVM } from 'litesvm';

export { programDataBytes };

/**
 * Deploys `target/deploy/oracle.so` (or `elf`) at the oracle's id as an upgradeable
 * program whose upgrade authority is `authority` (`null`: immutable). Returns the
 * ProgramData address.
 *
 * @example
 * const svm = new LiteSVM();
 * await addUpgradeableOracle(svm, deployer.address);
 */
export async function addUpgradeableOracle(
  svm: LiteSVM,
  authority: Address | null,
  elf?: Uint8Array,
  programAddress: Address = ORACLE_PROGRAM_ADDRESS,
): Promise<Address> {
  return elf
    ? addUpgradeableProgram(svm, { programAddress, elf, authority })
    : addUpgradeableProgram(svm, { programAddress, program: 'oracle', authority });
}

/**
 * A fresh LiteSVM (mainnet feature set) with the oracle deployed upgradeable under
 * `authority`.
 *
 * @example
 * const svm = await createOracleSvm(deployer.address);
 */
export async function createOracleSvm(authority: Address | null): Promise<LiteSVM> {
  const svm = new LiteSVM();
  await addUpgradeableOracle(svm, authority);
  return svm;
}
