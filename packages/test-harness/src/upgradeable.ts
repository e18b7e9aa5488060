// Programs deployed as upgradeable programs with a chosen upgrade authority, in LiteSVM.
//
// One-shot set-up instructions (the oracle's `initialize_config`, the rewards program's
// `initialize`) must be signed by the program's upgrade authority, read from its
// ProgramData account (`basket_common::upgrade_authority`). LiteSVM's `addProgramFromFile`
// deploys under the upgradeable loader but with no authority (an immutable program, which
// those instructions refuse), so the tests write both loader accounts themselves with
// `setAccount`: the program account (executable, u32 LE 2 + the ProgramData address) and
// the ProgramData account (u32 LE 3, slot, Some(authority), then the ELF). LiteSVM executes
// a program written this way.

import { existsSync, readFileSync } from 'node:fs';
import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports,
  type ProgramDerivedAddress,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { programPath } from './svm.ts';

/**
 * The upgradeable BPF loader, owner of every program account and ProgramData account.
 *
 * @example
 * svm.setAccount({ address, data, executable: false, lamports: lamports(1n),
 *   programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS, space: BigInt(data.length) });
 */
export const BPF_LOADER_UPGRADEABLE_ADDRESS =
  'BPFLoaderUpgradeab1e11111111111111111111111' as Address<'BPFLoaderUpgradeab1e11111111111111111111111'>;

/** Bytes before the ELF in a ProgramData account: tag u32, slot u64, option u8, key. */
const PROGRAM_DATA_HEADER_LENGTH = 45;

/** Lamports given to both loader accounts; LiteSVM does not charge them rent. */
const RENT_FREE = 10_000_000_000n;

/**
 * The ProgramData account of `programAddress`: PDA `[program id]` under the upgradeable
 * loader.
 *
 * @example
 * const [programData] = await findProgramDataAddress(REWARDS_PROGRAM_ADDRESS);
 */
export function findProgramDataAddress(programAddress: Address): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS,
    seeds: [getAddressEncoder().encode(programAddress)],
  });
}

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
  const out = new Uint8Array(PROGRAM_DATA_HEADER_LENGTH + input.elf.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 3, true);
  view.setBigUint64(4, input.slot, true);
  if (input.authority) {
    out[12] = 1;
    out.set(getAddressEncoder().encode(input.authority), 13);
  }
  out.set(input.elf, PROGRAM_DATA_HEADER_LENGTH);
  return out;
}

function readBuiltProgram(name: string): Uint8Array {
  const path = programPath(name);
  if (!existsSync(path)) {
    throw new Error(
      `program ${name} is not built: ${path} is missing (run \`npm run build:programs\`)`,
    );
  }
  return readFileSync(path);
}

/**
 * What `addUpgradeableProgram` deploys: the ELF given directly or a built program's name.
 *
 * @example
 * const immutable: UpgradeableProgram = { programAddress, program: 'oracle', authority: null };
 */
export type UpgradeableProgram = {
  /** The program id to deploy at. */
  programAddress: Address;
  /** The upgrade authority stored in ProgramData; `null` deploys an immutable program. */
  authority: Address | null;
  /** Slot of the last deployment stored in ProgramData (default 0). */
  slot?: bigint;
} & ({ elf: Uint8Array; program?: never } | { program: string; elf?: never });

/**
 * Deploys a program at `programAddress` as an upgradeable program whose upgrade authority
 * is `authority` (`null`: immutable), from `elf` or from `target/deploy/<program>.so`, by
 * writing its program and ProgramData accounts. Returns the ProgramData address.
 *
 * @example
 * const svm = new LiteSVM();
 * const programData = await addUpgradeableProgram(svm, {
 *   programAddress: REWARDS_PROGRAM_ADDRESS,
 *   program: 'rewards',
 *   authority: deployer.address,
 * });
 */
export async function addUpgradeableProgram(
  svm: LiteSVM,
  input: UpgradeableProgram,
): Promise<Address> {
  const elf = input.elf ?? readBuiltProgram(input.program as string);
  const [programData] = await findProgramDataAddress(input.programAddress);
  const data = programDataBytes({ slot: input.slot ?? 0n, authority: input.authority, elf });
  svm.setAccount({
    address: programData,
    data,
    executable: false,
    lamports: lamports(RENT_FREE),
    programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS,
    space: BigInt(data.length),
  });
  const program = new Uint8Array(36);
  new DataView(program.buffer).setUint32(0, 2, true);
  program.set(getAddressEncoder().encode(programData), 4);
  svm.setAccount({
    address: input.programAddress,
    data: program,
    executable: true,
    lamports: lamports(RENT_FREE),
    programAddress: BPF_LOADER_UPGRADEABLE_ADDRESS,
    space: BigInt(program.length),
  });
  return programData;
}
