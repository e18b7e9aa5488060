/**
 * `program.upgrade` as a proposal: the buffer must hold the local reproducible build's bytes
 * (`HASH_MISMATCH` otherwise, before anything is proposed), then either the gate's `upgrade`
 * (the chain checks the admins, the hash and the gate's nonce) or, for a program the gate does
 * not hold, the loader's `Upgrade` with the admins as extra signers.
 */
import type { ProgramAddresses } from '@basket/sdk';
import { type Chain, findProgramDataAddress, upgradeInstruction } from '@basket/world';
import {
  AccountRole,
  type Address,
  createNoopSigner,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { type ActionInput, required } from './action-input.ts';
import { localBinary } from './program-binary.ts';
import type { Governance } from './proposal-file.ts';
import { assertBufferIsLocalBuild, gateUpgradeInstruction, readBuffer } from './upgrade-gate.ts';

/**
 * The upgrade's instruction, summary and the operator signers it needs.
 *
 * @example
 * const built = await programUpgradeAction(chain, programs, governance, { program: 'vault', buffer, localBinary: 'target/deploy/vault.so', spill }, adminSigners);
 */
export async function programUpgradeAction(
  chain: Chain,
  programs: ProgramAddresses,
  governance: Governance,
  input: ActionInput,
  adminSigners: readonly TransactionSigner[],
): Promise<{ instruction: Instruction; summary: string; operatorSigners: Address[] }> {
  const name = required(input.program, '--program');
  const address = name in programs ? programs[name as keyof ProgramAddresses] : (name as Address);
  const buffer = required(input.buffer, '--buffer');
  const binaryPath = required(input.localBinary, '--binary (the local build)');
  assertBufferIsLocalBuild(
    await readBuffer(chain.rpc, buffer),
    buffer,
    localBinary(binaryPath),
    binaryPath,
  );
  if (governance.kind === 'gate') {
    // Held by the gate: the chain checks the 3 admins, the buffer's hash and the nonce itself.
    const { instruction, sha256 } = await gateUpgradeInstruction(chain.rpc, {
      gateProgram: governance.program,
      program: address,
      buffer,
      spill: required(input.spill, 'spill'),
      adminSigners,
    });
    return {
      instruction,
      summary: `upgrade ${name} (${address}) through the gate from buffer ${buffer} (sha256 ${sha256}, the local build ${binaryPath})`,
      operatorSigners: [],
    };
  }
  const authority = required(input.upgradeAuthority, 'upgradeAuthority');
  const instruction = await upgradeWithAdmins(
    address,
    buffer,
    authority,
    input.spill ?? authority,
    adminSigners,
  );
  return {
    instruction,
    summary: `upgrade ${name} (${address}) from buffer ${buffer} (the local build ${binaryPath})`,
    operatorSigners: [authority],
  };
}

/**
 * The loader's `Upgrade` with the admins appended as read-only signers: the loader reads its
 * first seven accounts and ignores the rest, while the runtime refuses the transaction unless
 * every listed signer signed, so the upgrade cannot land without the admins' signatures in the
 * same transaction as the upgrade authority's.
 */
async function upgradeWithAdmins(
  program: Address,
  buffer: Address,
  authority: Address,
  spill: Address,
  admins: readonly TransactionSigner[],
): Promise<Instruction> {
  const base = upgradeInstruction({
    programData: await findProgramDataAddress(program),
    program,
    buffer,
    spill,
    authority: createNoopSigner(authority),
  });
  return {
    ...base,
    accounts: [
      ...(base.accounts ?? []),
      ...admins.map((a) => ({ address: a.address, role: AccountRole.READONLY_SIGNER, signer: a })),
    ],
  };
}
