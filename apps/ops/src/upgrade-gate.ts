/**
 * The upgrade gate from the operator's side (programs/upgrade-gate, docs/operations.md
 * "Upgrades under the admin multisig"): its PDA is the upgrade authority of the product's
 * programs, and the chain itself refuses an upgrade without 3 distinct admins. These build the
 * instructions of the gate's proposals: initialize (with the gate's own authority handed to its
 * PDA in the same transaction), adopt a program, and upgrade from a buffer the gate holds,
 * bound to the sha256 of the buffer's bytes read when proposing.
 */
import { createHash } from 'node:crypto';
import {
  findGateAuthorityPda,
  findGateConfigPda,
  type GateConfig,
  getGateConfigDecoder,
  getInitializeInstruction,
  getSetAdminsInstruction,
  getSetAuthorityInstruction,
  getUpgradeInstruction,
} from '@basket/upgrade-gate-client';
import { type Chain, findProgramDataAddress, setAuthorityInstruction } from '@basket/world';
import {
  AccountRole,
  type Address,
  createNoopSigner,
  getAddressDecoder,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { OpsError } from './errors.ts';
import type { AdminSet } from './proposal-signatures.ts';

/** Buffer header: enum tag u32 (1), Option<authority> (1 + 32). */
const BUFFER_HEADER = 37;

type Rpc = Chain['rpc'];

/** The gate's PDA: upgrade authority (and buffer authority) of every gated program. */
export async function gateAuthorityOf(gateProgram: Address): Promise<Address> {
  return (await findGateAuthorityPda(gateProgram))[0];
}

/** The gate's configuration, or null before `gate.initialize`. */
export async function readGateConfig(
  rpc: Rpc,
  gateProgram: Address,
): Promise<(GateConfig & { address: Address }) | null> {
  const [address] = await findGateConfigPda({ programAddress: gateProgram });
  const { value } = await rpc
    .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (!value || value.owner !== gateProgram) return null;
  return {
    ...getGateConfigDecoder().decode(Buffer.from(value.data[0], 'base64')),
    address,
  };
}

/** The gate's admin set as `submit` checks it. */
export async function readGateAdminSet(rpc: Rpc, gateProgram: Address): Promise<AdminSet> {
  const config = await readGateConfig(rpc, gateProgram);
  if (!config) {
    throw new OpsError(
      'ACCOUNT_NOT_FOUND',
      `the upgrade gate ${gateProgram} is not initialized (propose gate.initialize)`,
    );
  }
  return { keys: [...config.admins.keys], threshold: config.admins.threshold };
}

/**
 * `initialize` (the named admins approve their own installation; the gate's present upgrade
 * authority signs) followed by the loader handing the gate's own program to its PDA, in one
 * transaction: the gate is never left initialized but upgradable by one key.
 */
export async function gateInitializeInstructions(input: {
  gateProgram: Address;
  payer: Address;
  upgradeAuthority: Address;
  admins: AdminSet;
  adminSigners: readonly TransactionSigner[];
}): Promise<Instruction[]> {
  const [config] = await findGateConfigPda({ programAddress: input.gateProgram });
  const programData = await findProgramDataAddress(input.gateProgram);
  const authority = createNoopSigner(input.upgradeAuthority);
  const initialize = getInitializeInstruction(
    {
      payer: createNoopSigner(input.payer),
      config,
      programData,
      upgradeAuthority: authority,
      admins: [...input.admins.keys],
      threshold: input.admins.threshold,
      adminSigners: [...input.adminSigners],
    },
    { programAddress: input.gateProgram },
  );
  const selfHandover = setAuthorityInstruction(
    programData,
    authority,
    await gateAuthorityOf(input.gateProgram),
  );
  return [initialize, selfHandover];
}

/**
 * The loader's `SetAuthority` of `program` from its present key to the gate's PDA, with the
 * admins appended as read-only signers (the loader reads its first three accounts only), so
 * the handover itself is a reviewed 3-admin proposal.
 */
export async function gateAdoptInstruction(input: {
  gateProgram: Address;
  program: Address;
  currentAuthority: Address;
  adminSigners: readonly TransactionSigner[];
}): Promise<Instruction> {
  const base = setAuthorityInstruction(
    await findProgramDataAddress(input.program),
    createNoopSigner(input.currentAuthority),
    await gateAuthorityOf(input.gateProgram),
  );
  return {
    ...base,
    accounts: [
      ...(base.accounts ?? []),
      ...input.adminSigners.map((a) => ({
        address: a.address,
        role: AccountRole.READONLY_SIGNER,
        signer: a,
      })),
    ],
  };
}

/** A loader buffer's authority and the sha256 (hex) of the program bytes it holds. */
export async function readBuffer(
  rpc: Rpc,
  buffer: Address,
): Promise<{ authority: Address | null; sha256: string; length: number }> {
  const { value } = await rpc
    .getAccountInfo(buffer, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  if (!value) throw new OpsError('ACCOUNT_NOT_FOUND', `buffer ${buffer} does not exist`);
  const data = Buffer.from(value.data[0], 'base64');
  if (data.length < BUFFER_HEADER || data.readUInt32LE(0) !== 1) {
    throw new OpsError('INVALID_INPUT', `${buffer} is not a loader buffer`);
  }
  const body = data.subarray(BUFFER_HEADER);
  return {
    authority: data[4] === 1 ? getAddressDecoder().decode(data.subarray(5, BUFFER_HEADER)) : null,
    sha256: createHash('sha256').update(body).digest('hex'),
    length: body.length,
  };
}

/** The gate's present proposal nonce: every gate proposal is bound to it (a later gate action voids it). */
export async function readGateNonce(rpc: Rpc, gateProgram: Address): Promise<bigint> {
  const config = await readGateConfig(rpc, gateProgram);
  if (!config) {
    throw new OpsError(
      'ACCOUNT_NOT_FOUND',
      `the upgrade gate ${gateProgram} is not initialized (propose gate.initialize)`,
    );
  }
  return config.proposalNonce;
}

/**
 * Refuses (`HASH_MISMATCH`) a buffer whose bytes are not the local reproducible build's, so
 * the admins are never asked to approve bytes nobody rebuilt.
 *
 * @example
 * assertBufferIsLocalBuild(await readBuffer(rpc, buffer), buffer, localBinary('target/deploy/vault.so'), 'target/deploy/vault.so');
 */
export function assertBufferIsLocalBuild(
  buffer: { sha256: string },
  bufferAddress: Address,
  local: { sha256: string },
  localPath: string,
): void {
  if (buffer.sha256 !== local.sha256) {
    throw new OpsError(
      'HASH_MISMATCH',
      `buffer ${bufferAddress} holds sha256 ${buffer.sha256}, the local build ${localPath} is ${local.sha256}: rebuild, or stage the build with deploy`,
    );
  }
}

/**
 * The gate's `upgrade` of `program` from `buffer`, bound to the buffer's bytes as they are
 * now (the admins sign this hash, and the gate refuses any other bytes) and to the gate's
 * present nonce (a later gate action voids it).
 */
export async function gateUpgradeInstruction(
  rpc: Rpc,
  input: {
    gateProgram: Address;
    program: Address;
    buffer: Address;
    spill: Address;
    adminSigners: readonly TransactionSigner[];
  },
): Promise<{ instruction: Instruction; sha256: string }> {
  const authority = await gateAuthorityOf(input.gateProgram);
  const buffer = await readBuffer(rpc, input.buffer);
  const nonce = await readGateNonce(rpc, input.gateProgram);
  if (buffer.authority !== authority) {
    throw new OpsError(
      'INVALID_INPUT',
      `buffer ${input.buffer} is held by ${buffer.authority ?? 'nobody'}, not the gate's ${authority} (stage it with deploy)`,
    );
  }
  const [config] = await findGateConfigPda({ programAddress: input.gateProgram });
  const instruction = getUpgradeInstruction(
    {
      config,
      programData: await findProgramDataAddress(input.program),
      program: input.program,
      buffer: input.buffer,
      spill: input.spill,
      authority,
      expectedSha256: Buffer.from(buffer.sha256, 'hex'),
      nonce,
      adminSigners: [...input.adminSigners],
    },
    { programAddress: input.gateProgram },
  );
  return { instruction, sha256: buffer.sha256 };
}

/**
 * The gate's `set_admins`: `adminSigners` must hold the present set's threshold of its admins
 * and the new set's threshold of the new admins (the chain refuses otherwise).
 *
 * @example
 * const ix = await gateSetAdminsInstruction(rpc, { gateProgram, admins: { keys, threshold: 3 }, adminSigners });
 */
export async function gateSetAdminsInstruction(
  rpc: Rpc,
  input: { gateProgram: Address; admins: AdminSet; adminSigners: readonly TransactionSigner[] },
): Promise<Instruction> {
  const [config] = await findGateConfigPda({ programAddress: input.gateProgram });
  return getSetAdminsInstruction(
    {
      config,
      admins: [...input.admins.keys],
      threshold: input.admins.threshold,
      nonce: await readGateNonce(rpc, input.gateProgram),
      adminSigners: [...input.adminSigners],
    },
    { programAddress: input.gateProgram },
  );
}

/**
 * The gate's `set_authority`: hands `target` (a program's ProgramData, or a buffer the gate
 * holds) to `newAuthority`.
 *
 * @example
 * const ix = await gateSetAuthorityInstruction(rpc, { gateProgram, target: programData, newAuthority, adminSigners });
 */
export async function gateSetAuthorityInstruction(
  rpc: Rpc,
  input: {
    gateProgram: Address;
    target: Address;
    newAuthority: Address;
    adminSigners: readonly TransactionSigner[];
  },
): Promise<Instruction> {
  const [config] = await findGateConfigPda({ programAddress: input.gateProgram });
  return getSetAuthorityInstruction(
    {
      config,
      target: input.target,
      authority: await gateAuthorityOf(input.gateProgram),
      newAuthority: input.newAuthority,
      nonce: await readGateNonce(rpc, input.gateProgram),
      adminSigners: [...input.adminSigners],
    },
    { programAddress: input.gateProgram },
  );
}
