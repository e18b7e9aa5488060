import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type ProgramDerivedAddress,
} from '@solana/kit';
import { REWARDS_PROGRAM_ADDRESS } from './generated/index.ts';

/** The upgradeable BPF loader, owner of every ProgramData account. */
const BPF_LOADER_UPGRADEABLE = 'BPFLoaderUpgradeab1e11111111111111111111111' as Address;

/**
 * The rewards program's ProgramData account (which names its upgrade authority): PDA
 * `[program id]` under the upgradeable loader. `initialize` takes it and must be signed by
 * that authority; the generated builder defaults `programData` to this address for the
 * program id of the IDL. Read the authority with the oracle client's
 * `decodeProgramDataUpgradeAuthority` (same loader layout).
 *
 * @example
 * const [programData] = await findRewardsProgramDataPda();
 */
export async function findRewardsProgramDataPda(
  programAddress: Address = REWARDS_PROGRAM_ADDRESS,
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: BPF_LOADER_UPGRADEABLE,
    seeds: [getAddressEncoder().encode(programAddress)],
  });
}
