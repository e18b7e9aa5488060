// Program upgrades under the on-chain 3-of-5 gate, on the local world's validator: the gate is
// deployed and initialized by a proposal (3 admins and its deployer; it then holds itself),
// a new program is deployed straight into the gate's hands, a world program is adopted by a
// proposal, and a changed binary is upgraded through a gate proposal: refused by `submit` and
// by the chain itself with 2 admins, upgraded with 3, its hash verified.
import type { ProgramAddresses } from '@basket/sdk';
import type { TestWorld } from '@basket/world';
import { type Address, generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionInput, AdminAction } from '../src/admin-actions.ts';
import { deployOrStage, soPaths, verifyDeployed } from '../src/deploy.ts';
import { loadEnvConfig } from '../src/env-config.ts';
import { signerFromFile } from '../src/key-reference.ts';
import { localBinary, readOnChainProgram } from '../src/program-binary.ts';
import type { Proposal } from '../src/proposal-file.ts';
import { signProposal } from '../src/proposal-signatures.ts';
import { submitProposal } from '../src/submit.ts';
import {
  gateAuthorityOf,
  gateUpgradeInstruction,
  readBuffer,
  readGateConfig,
} from '../src/upgrade-gate.ts';
import {
  OPS_WORLD_TIMEOUT_MS,
  type OpsWorld,
  opsCli,
  proposeAction,
  refusal,
  signAndSubmit,
  startOpsWorld,
} from './support/ops-world.ts';

let ops: OpsWorld;
let world: TestWorld;
let programs: ProgramAddresses;
let envPath: string;
let admins: KeyPairSigner[];
let authority: KeyPairSigner;
let gate: Address;
let gatePda: Address;
/** The program the third case deploys into the gate's hands (handed on in the last case). */
let scratchProgram: Address;

beforeAll(async () => {
  ops = await startOpsWorld();
  ({ world, programs, envPath, admins, authority } = ops);
  gate = loadEnvConfig(envPath).programs.upgradeGate as Address;
  gatePda = await gateAuthorityOf(gate);
}, OPS_WORLD_TIMEOUT_MS);

afterAll(() => world?.stop());

/** A proposal as `basket-ops propose` builds it against this environment's gate. */
const propose = (action: AdminAction, input: ActionInput): Promise<Proposal> =>
  proposeAction(ops, action, {
    gateProgram: gate,
    upgradeAuthority: authority.address,
    payer: authority.address,
    spill: authority.address,
    ...input,
  });

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
    await signAndSubmit(ops, p, admins.slice(0, 3));
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
    await signAndSubmit(ops, p, admins.slice(2, 5));
    expect((await readOnChainProgram(world.chain, programs.rewards))?.upgradeAuthority).toBe(
      gatePda,
    );
    const status = await opsCli('status', '--env', envPath);
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
    // A buffer that is not the local build is refused before anything is proposed.
    const wrongBuild = propose('program.upgrade', {
      program: scratch.address,
      buffer,
      signers: signers.map((a) => a.address),
      localBinary: paths.oracle as string,
    });
    expect(await refusal(wrongBuild)).toBe('HASH_MISMATCH');
    let p = await propose('program.upgrade', {
      program: scratch.address,
      buffer,
      signers: signers.map((a) => a.address),
      localBinary: paths.rewards as string,
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
    scratchProgram = scratch.address;
    await expect(
      verifyDeployed(
        world.chain,
        'scratch',
        scratch.address,
        localBinary(paths.rewards as string).bytes,
      ),
    ).resolves.toBeTruthy();
  }, 240_000);

  it('gate.set-admins needs the new set to sign; a handover proposed before it is then void', async () => {
    // Given a handover of the scratch program proposed (and fully signed) at the present nonce
    const successor = await generateKeyPairSigner();
    let handover = await propose('gate.set-authority', {
      program: scratchProgram,
      newKey: successor.address,
      signers: admins.slice(0, 3).map((a) => a.address),
    });
    expect(handover.governance).toEqual({ kind: 'gate', program: gate });
    for (const k of admins.slice(0, 3)) handover = await signProposal(handover, k);
    // When the gate's admins are replaced (keeping admins 3 and 4), signed by 3 of the old
    // set and 3 of the new
    const fresh = await Promise.all(Array.from({ length: 3 }, () => generateKeyPairSigner()));
    const next = [admins[3], admins[4], ...fresh] as KeyPairSigner[];
    const p = await propose('gate.set-admins', {
      newAdmins: next.map((a) => a.address),
      newThreshold: 3,
      newSigners: [admins[3], admins[4], fresh[0]].map((a) => (a as KeyPairSigner).address),
      signers: [admins[0], admins[3], admins[4]].map((a) => (a as KeyPairSigner).address),
    });
    // The proposal's fee payer signs first (every proposal's), then the new key no admin holds.
    expect(p.operatorSigners.slice(1)).toEqual([fresh[0]?.address]);
    // Without the new key's signature `submit` refuses; with it the set is installed
    let partial = p;
    for (const k of [admins[0], admins[3], admins[4]]) {
      partial = await signProposal(partial, k as KeyPairSigner);
    }
    expect(await refusal(submitProposal(world.chain, programs, partial))).toBe('MISSING_SIGNATURE');
    await submitProposal(
      world.chain,
      programs,
      await signProposal(partial, fresh[0] as KeyPairSigner),
    );
    const config = await readGateConfig(world.chain.rpc, gate);
    expect(config?.admins.keys).toEqual(next.map((a) => a.address));
    // Then the handover signed before the change is refused (its signers are no longer
    // the gate's admins, and its nonce is spent: the chain refuses it as StaleProposal too)
    expect(await refusal(submitProposal(world.chain, programs, handover))).toBe('NON_ADMIN_SIGNER');
    expect((await readOnChainProgram(world.chain, scratchProgram))?.upgradeAuthority).toBe(gatePda);
  }, 120_000);
});
