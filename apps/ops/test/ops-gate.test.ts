// Program upgrades under the on-chain 3-of-5 gate, on the local world's validator: the gate is
// deployed and initialized by a proposal (3 admins and its deployer; it then holds itself),
// a new program is deployed straight into the gate's hands, a world program is adopted by a
// proposal, and a changed binary is upgraded through a gate proposal: refused by `submit` and
// by the chain itself with 2 admins, upgraded with 3, its hash verified.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ProgramAddresses } from '@basket/sdk';
import { programAddressesOf, startWorld, type TestWorld } from '@basket/world';
import { type Address, generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionInput, type AdminAction, buildAdminAction } from '../src/admin-actions.ts';
import { deployOrStage, soPaths, verifyDeployed } from '../src/deploy.ts';
import { loadEnvConfig } from '../src/env-config.ts';
import { isOpsError, type OpsErrorCode } from '../src/errors.ts';
import { signerFromFile } from '../src/key-reference.ts';
import { localBinary, readOnChainProgram } from '../src/program-binary.ts';
import type { Proposal } from '../src/proposal-file.ts';
import { signProposal } from '../src/proposal-signatures.ts';
import { buildProposal } from '../src/propose.ts';
import { submitProposal } from '../src/submit.ts';
import {
  gateAuthorityOf,
  gateUpgradeInstruction,
  readBuffer,
  readGateConfig,
} from '../src/upgrade-gate.ts';
import { environmentFromWorld } from '../src/world-config.ts';

const run = promisify(execFile);
const CLI = new URL('../src/main.ts', import.meta.url).pathname;

let world: TestWorld;
let programs: ProgramAddresses;
let envPath: string;
let admins: KeyPairSigner[];
let authority: KeyPairSigner;
let gate: Address;
let gatePda: Address;

beforeAll(async () => {
  world = await startWorld();
  programs = programAddressesOf(world.manifest);
  envPath = join(world.dir, 'ops-local.yaml');
  writeFileSync(envPath, await environmentFromWorld(world.chain, world.manifest));
  gate = loadEnvConfig(envPath).programs.upgradeGate as Address;
  gatePda = await gateAuthorityOf(gate);
  admins = await Promise.all(world.manifest.keys.admins.map((p) => signerFromFile(p)));
  authority = await signerFromFile(world.manifest.keys.upgradeAuthority);
}, 240_000);

afterAll(() => world?.stop());

async function refusal(promise: Promise<unknown>): Promise<OpsErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (isOpsError(error)) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

/** A proposal as `basket-ops propose` builds it (fee payer: the world's upgrade authority). */
async function propose(action: AdminAction, input: ActionInput): Promise<Proposal> {
  const built = await buildAdminAction(world.chain, programs, action, {
    gateProgram: gate,
    upgradeAuthority: authority.address,
    payer: authority.address,
    spill: authority.address,
    ...input,
  });
  return buildProposal(world.chain, {
    environment: 'local',
    action,
    summary: built.summary,
    governance: built.governance,
    feePayer: authority,
    instructions: built.instructions,
    operatorSigners: built.operatorSigners,
  });
}

async function signAndSubmit(p: Proposal, keys: KeyPairSigner[]) {
  let signed = p;
  for (const k of keys) signed = await signProposal(signed, k);
  return submitProposal(world.chain, programs, signed);
}

describe('the upgrade gate on the local world', () => {
  it('is deployed, then initialized by 3 admins and its deployer, after which it holds itself', async () => {
    const paths = soPaths(true, ['upgradeGate']);
    const deployed = await deployOrStage(world.chain, {
      name: 'upgradeGate',
      soPath: paths.upgradeGate as string,
      program: gate,
      programKeypair: await signerFromFile(
        new URL('../../../programs/upgrade-gate/program-id.local.json', import.meta.url).pathname,
      ),
      deployer: authority,
      feePayer: authority,
      upgradeAuthority: authority.address,
    });
    expect(deployed.action).toBe('deployed');
    expect(deployed.upgradeAuthority).toBe(authority.address);

    const p = await propose('gate.initialize', {
      signers: admins.slice(0, 3).map((a) => a.address),
    });
    expect(p.governance).toEqual({ kind: 'oracle' });
    await signAndSubmit(p, admins.slice(0, 3));
    const config = await readGateConfig(world.chain.rpc, gate);
    expect(config?.admins.keys).toEqual(admins.map((a) => a.address));
    expect(config?.admins.threshold).toBe(3);
    expect((await readOnChainProgram(world.chain, gate))?.upgradeAuthority).toBe(gatePda);
  }, 180_000);

  it('a world program is adopted by the gate through a 3-admin proposal', async () => {
    const p = await propose('gate.adopt', {
      program: 'rewards',
      signers: admins.slice(2, 5).map((a) => a.address),
    });
    await signAndSubmit(p, admins.slice(2, 5));
    expect((await readOnChainProgram(world.chain, programs.rewards))?.upgradeAuthority).toBe(
      gatePda,
    );
    const status = await run('npx', ['tsx', CLI, 'status', '--env', envPath]);
    expect(status.stdout).toContain(
      `upgrade authority ${gatePda} (the upgrade gate: 3 of 5 on chain)`,
    );
  }, 120_000);

  it('deploy hands a new program to the gate; its upgrade needs 3 admins on chain and lands with the hash verified', async () => {
    const paths = soPaths(true);
    const scratch = await generateKeyPairSigner();
    const deployer = await generateKeyPairSigner();
    await world.chain.fund(deployer.address, lamports(20_000_000_000n));
    const first = await deployOrStage(world.chain, {
      name: 'scratch',
      soPath: paths.oracle as string,
      program: scratch.address,
      programKeypair: scratch,
      deployer,
      feePayer: authority,
      upgradeAuthority: gatePda,
    });
    expect(first.upgradeAuthority).toBe(gatePda);

    const staged = await deployOrStage(world.chain, {
      name: 'scratch',
      soPath: paths.rewards as string,
      program: scratch.address,
      deployer,
      feePayer: authority,
      upgradeAuthority: gatePda,
    });
    expect(staged.action).toBe('buffer-staged');
    const buffer = staged.buffer as Address;
    expect((await readBuffer(world.chain.rpc, buffer)).authority).toBe(gatePda);

    const signers = admins.slice(1, 4);
    let p = await propose('program.upgrade', {
      program: scratch.address,
      buffer,
      signers: signers.map((a) => a.address),
    });
    expect(p.governance).toEqual({ kind: 'gate', program: gate });
    expect(p.summary).toContain(`sha256 ${localBinary(paths.rewards as string).sha256}`);
    for (const k of signers.slice(0, 2)) p = await signProposal(p, k);
    expect(await refusal(submitProposal(world.chain, programs, p))).toBe('ADMIN_THRESHOLD_NOT_MET');

    // The chain refuses the same upgrade with two admins even when sent around the tooling.
    const { instruction } = await gateUpgradeInstruction(world.chain.rpc, {
      gateProgram: gate,
      program: scratch.address,
      buffer,
      spill: authority.address,
      adminSigners: signers.slice(0, 2),
    });
    await expect(
      world.chain.landRaw('upgrade with 2 admins', authority, [instruction]),
    ).rejects.toThrow(/0x1b59|7001|Fewer distinct configured admins/);

    p = await signProposal(p, signers[2] as KeyPairSigner);
    await submitProposal(world.chain, programs, p);
    await expect(
      verifyDeployed(
        world.chain,
        'scratch',
        scratch.address,
        localBinary(paths.rewards as string).bytes,
      ),
    ).resolves.toBeTruthy();
  }, 240_000);
});
