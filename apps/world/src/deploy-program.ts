import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  type KeyPairSigner,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import type { Chain } from './chain.ts';
import {
  deployWithMaxDataLenInstruction,
  initializeBufferInstruction,
  LOADER_V3,
  upgradeInstruction,
  writeInstruction,
} from './loader-instructions.ts';

/** Buffer header: enum tag u32, Option<authority> (1 + 32). */
const BUFFER_HEADER = 37;
/** ProgramData header: enum tag u32, slot u64, Option<authority> (1 + 32). */
const PROGRAM_DATA_HEADER = 45;
/** Bytes per Write: keeps a two-signature transaction under the 1,232-byte packet. */
const CHUNK = 900;
/** Writes in flight at once. */
const PARALLEL = 16;

export type DeployOutcome = Readonly<{
  program: Address;
  programData: Address;
  action: 'deployed' | 'upgraded' | 'unchanged';
  sha256: string;
  bytes: number;
}>;

/** The ProgramData address of an upgradeable program: PDA `[program]` of the loader. */
export async function findProgramDataAddress(program: Address): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({
    programAddress: LOADER_V3,
    seeds: [getAddressEncoder().encode(program)],
  });
  return pda;
}

/**
 * Deploys `soPath` as an upgradeable program at `programKeypair`'s address through the
 * ordinary loader instructions (create a buffer, write it in chunks, deploy with a max data
 * length twice the binary's, for upgrades), or upgrades it through a buffer when the on-chain
 * binary differs, or does nothing when it is byte-identical. The same code serves any cluster.
 *
 * @example
 * const r = await deployProgram(chain, { programKeypair, soPath: 'target/deploy/localnet/vault.so', authority, payer: authority });
 * r.action; // 'deployed' the first time, 'unchanged' after
 */
export async function deployProgram(
  chain: Chain,
  input: {
    programKeypair: KeyPairSigner;
    soPath: string;
    /** Upgrade authority (also the buffer's authority). */
    authority: KeyPairSigner;
    payer: KeyPairSigner;
    onProgress?: (written: number, total: number) => void;
  },
): Promise<DeployOutcome> {
  const binary = readFileSync(input.soPath);
  const sha256 = createHash('sha256').update(binary).digest('hex');
  const program = input.programKeypair.address;
  const programData = await findProgramDataAddress(program);
  const base = { program, programData, sha256, bytes: binary.length };

  const existing = await onChainBinary(chain, programData, binary.length);
  if (existing && Buffer.compare(existing, binary) === 0) return { ...base, action: 'unchanged' };

  const buffer = await writeBuffer(chain, binary, input);
  if (existing) {
    await chain.landRaw(`upgrade ${program}`, input.payer, [
      upgradeInstruction({
        programData,
        program,
        buffer,
        spill: input.payer.address,
        authority: input.authority,
      }),
    ]);
    return { ...base, action: 'upgraded' };
  }
  const rent = await chain.rpc.getMinimumBalanceForRentExemption(36n).send();
  await chain.landRaw(`deploy ${program}`, input.payer, [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: input.programKeypair,
      lamports: rent,
      space: 36,
      programAddress: LOADER_V3,
    }),
    deployWithMaxDataLenInstruction({
      payer: input.payer,
      programData,
      program,
      buffer,
      authority: input.authority,
      maxDataLen: BigInt(binary.length * 2),
    }),
  ]);
  return { ...base, action: 'deployed' };
}

/** The program's current binary (its ProgramData bytes, trimmed to `length`), or null. */
async function onChainBinary(
  chain: Chain,
  programData: Address,
  length: number,
): Promise<Buffer | null> {
  const { value } = await chain.rpc
    .getAccountInfo(programData, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (!value) return null;
  const data = Buffer.from(value.data[0], 'base64');
  const body = data.subarray(PROGRAM_DATA_HEADER);
  // ProgramData is sized for upgrades: the binary is followed by zeros, so a binary of
  // another length differs in its first `length` bytes or in a non-zero tail.
  const head = body.subarray(0, length);
  const tailIsZero = body.subarray(length).every((b) => b === 0);
  return tailIsZero ? head : body;
}

export async function writeBuffer(
  chain: Chain,
  binary: Buffer,
  input: {
    authority: KeyPairSigner;
    payer: KeyPairSigner;
    onProgress?: (w: number, t: number) => void;
  },
): Promise<Address> {
  const buffer = await generateKeyPairSigner();
  const space = BUFFER_HEADER + binary.length;
  const rent = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send();
  await chain.landRaw('create program buffer', input.payer, [
    getCreateAccountInstruction({
      payer: input.payer,
      newAccount: buffer,
      lamports: rent,
      space,
      programAddress: LOADER_V3,
    }),
    initializeBufferInstruction(buffer.address, input.authority.address),
  ]);
  const offsets: number[] = [];
  for (let offset = 0; offset < binary.length; offset += CHUNK) offsets.push(offset);
  let written = 0;
  for (let i = 0; i < offsets.length; i += PARALLEL) {
    await Promise.all(
      offsets.slice(i, i + PARALLEL).map(async (offset) => {
        await chain.landRaw(`write buffer at ${offset}`, input.payer, [
          writeInstruction(
            buffer.address,
            input.authority,
            offset,
            binary.subarray(offset, offset + CHUNK),
          ),
        ]);
        written += Math.min(CHUNK, binary.length - offset);
        input.onProgress?.(written, binary.length);
      }),
    );
  }
  return buffer.address;
}
