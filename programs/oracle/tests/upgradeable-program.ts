// The oracle deployed as an upgradeable program with a chosen upgrade authority, in LiteSVM.
//
// `initialize_config` must be signed by the program's upgrade authority, read from its
// ProgramData account. LiteSVM's `addProgramFromFile` deploys under the upgradeable loader
// but with no authority (an immutable program, which `initialize_config` refuses), so the
// tests write both loader accounts themselves with `setAccount`: the program account
// (executable, u32 LE 2 + the ProgramData address) and the ProgramData account (u32 LE 3,
// slot, Some(authority), then the ELF). LiteSVM executes a program written this way.

import { readFileSync } from 'node:fs';
import {
  BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
  findOracleProgramDataPda,
  ORACLE_PROGRAM_ADDRESS,
  PROGRAM_DATA_METADATA_LENGTH,
} from '@basket/oracle-client';
import { programPath } from '@basket/test-harness';
import { type Address, getAddressEncoder, lamports } from '@solana/kit';
import { LiteSVM } from 'litesvm';

/**
 * Bytes of a ProgramData account: u32 LE 3, u64 LE slot, the authority as an option
 * (`0`, or `1` and the key), then the ELF.
 *
 * @example
 * const data = programDataBytes({ slot: 0n, authority: admin.address, elf });
 */
export function programDataBytes(input: {
  slot: bigint;
  authority: Address | null;
  elf: Uint8Array;
}): Uint8Array {
  const out = new Uint8Array(PROGRAM_DATA_METADATA_LENGTH + input.elf.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 3, true);
  view.setBigUint64(4, input.slot, true);
  if (input.authority) {
    out[12] = 1;
    out.set(getAddressEncoder().encode(input.authority), 13);
  }
  out.set(input.elf, PROGRAM_DATA_METADATA_LENGTH);
  return out;
}

const RENT_FREE = 10_000_000_000n; // lamports; LiteSVM does not charge the loader accounts

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
  elf: Uint8Array = readFileSync(programPath('oracle')),
  programAddress: Address = ORACLE_PROGRAM_ADDRESS,
): Promise<Address> {
  const [programData] = await findOracleProgramDataPda(programAddress);
  const data = programDataBytes({ slot: 0n, authority, elf });
  svm.setAccount({
    address: programData,
    data,
    executable: false,
    lamports: lamports(RENT_FREE),
    programAddress: BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
    space: BigInt(data.length),
  });
  const program = new Uint8Array(36);
  new DataView(program.buffer).setUint32(0, 2, true);
  program.set(getAddressEncoder().encode(programData), 4);
  svm.setAccount({
    address: programAddress,
    data: program,
    executable: true,
    lamports: lamports(RENT_FREE),
    programAddress: BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
    space: 36n,
  });
  return programData;
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
