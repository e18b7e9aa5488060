import {
  type Address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type ProgramDerivedAddress,
} from '@solana/kit';
import { ORACLE_PROGRAM_ADDRESS } from './generated/index.ts';

/** The upgradeable BPF loader, owner of every ProgramData account. */
export const BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS =
  'BPFLoaderUpgradeab1e11111111111111111111111' as Address<'BPFLoaderUpgradeab1e11111111111111111111111'>;

/** Bytes before the ELF in a ProgramData account: tag u32, slot u64, option u8, key. */
export const PROGRAM_DATA_METADATA_LENGTH = 45;

/**
 * The oracle's ProgramData account (which names its upgrade authority): PDA `[program id]`
 * under the upgradeable loader. `initialize_config` takes it and must be signed by that
 * authority.
 *
 * @example
 * const [programData] = await findOracleProgramDataPda();
 */
export async function findOracleProgramDataPda(
  programAddress: Address = ORACLE_PROGRAM_ADDRESS,
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: BPF_LOADER_UPGRADEABLE_PROGRAM_ADDRESS,
    seeds: [getAddressEncoder().encode(programAddress)],
  });
}

/**
 * The upgrade authority stored in ProgramData account bytes, `null` for an immutable
 * program (which `initialize_config` refuses). Throws if the bytes are not a ProgramData
 * account (tag 3, option 0 or 1, at least 45 bytes).
 *
 * @example
 * const account = await fetchEncodedAccount(rpc, programData);
 * const authority = account.exists ? decodeProgramDataUpgradeAuthority(account.data) : null;
 */
export function decodeProgramDataUpgradeAuthority(data: Uint8Array): Address | null {
  if (data.length < PROGRAM_DATA_METADATA_LENGTH) {
    throw new RangeError(`ProgramData needs at least 45 bytes, got ${data.length}`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const tag = view.getUint32(0, true);
  if (tag !== 3) throw new RangeError(`not a ProgramData account (loader state tag ${tag})`);
  const option = data[12];
  if (option === 0) return null;
  if (option !== 1) throw new RangeError(`invalid upgrade authority option tag ${option}`);
  return getAddressDecoder().decode(data.subarray(13, PROGRAM_DATA_METADATA_LENGTH));
}
