/**
 * Program binaries on both sides: the local build (sha256 of the `.so`) and what the
 * upgradeable loader holds (ProgramData: 45 header bytes, then the ELF padded with zeros to
 * the max data length), so `deploy` and `verify` compare the same thing.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Chain, findProgramDataAddress } from '@basket/world';
import { type Address, getAddressDecoder } from '@solana/kit';

/** ProgramData header: enum tag u32, slot u64, Option<authority> (1 + 32). */
const PROGRAM_DATA_HEADER = 45;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function localBinary(path: string): { bytes: Buffer; sha256: string } {
  const bytes = readFileSync(path);
  return { bytes, sha256: sha256Hex(bytes) };
}

export type OnChainProgram = Readonly<{
  programData: Address;
  /** `null` when the program is immutable. */
  upgradeAuthority: Address | null;
  /** The ELF: the ProgramData body without its zero padding. */
  binary: Buffer;
  sha256: string;
}>;

/**
 * The deployed binary of `program`, or null when it has no ProgramData yet. With the local
 * build's length, the binary is that prefix when everything after it is zero padding (so the
 * hash is the one `build-programs.sh` prints); without it, trailing zeros are trimmed (as
 * `solana-verify` does).
 *
 * @example
 * const onChain = await readOnChainProgram(chain, programs.vault);
 * onChain?.sha256 === localBinary('target/deploy/vault.so').sha256;
 */
export async function readOnChainProgram(
  chain: Chain,
  program: Address,
  /** The local build's length: the binary is then exactly that many bytes when the rest is padding. */
  localLength?: number,
): Promise<OnChainProgram | null> {
  const programData = await findProgramDataAddress(program);
  const { value } = await chain.rpc
    .getAccountInfo(programData, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (!value) return null;
  const data = Buffer.from(value.data[0], 'base64');
  const upgradeAuthority =
    data[12] === 1 ? getAddressDecoder().decode(data.subarray(13, PROGRAM_DATA_HEADER)) : null;
  const body = data.subarray(PROGRAM_DATA_HEADER);
  let end = body.length;
  if (
    localLength !== undefined &&
    localLength <= body.length &&
    body.subarray(localLength).every((b) => b === 0)
  ) {
    // Same length as the build and only padding after it: hash exactly what `sha256sum` hashes.
    end = localLength;
  } else {
    while (end > 0 && body[end - 1] === 0) end -= 1;
  }
  const binary = body.subarray(0, end);
  return { programData, upgradeAuthority, binary, sha256: sha256Hex(binary) };
}
