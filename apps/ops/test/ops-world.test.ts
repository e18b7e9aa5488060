// The operator cycle against the local world's validator: deploy (hash verified), init from
// the world's own environment file (nothing to do, then a change applied, then nothing
// again), an admin action proposed, signed key by key and submitted (refused at 2 signatures
// and with a non-admin signer), and a program upgrade through a proposal, its hash verified.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProgramAddresses } from '@basket/sdk';
import type { TestWorld } from '@basket/world';
import { generateKeyPairSigner, type KeyPairSigner, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVault } from '../src/chain-state.ts';
import { deployOrStage, soPaths, verifyDeployed } from '../src/deploy.ts';
import { type EnvConfig, loadEnvConfig } from '../src/env-config.ts';
import { localBinary, readOnChainProgram } from '../src/program-binary.ts';
import { signProposal } from '../src/proposal-signatures.ts';
import { submitProposal } from '../src/submit.ts';
import { environmentFromWorld } from '../src/world-config.ts';
import {
  applySteps,
  OPS_WORLD_TIMEOUT_MS,
  type OpsWorld,
  opsCli,
  PAST_TIMELOCK_MS,
  planAgainstChain,
  proposeAction,
  refusal,
  startOpsWorld,
} from './support/ops-world.ts';

let ops: OpsWorld;
let world: TestWorld;
let programs: ProgramAddresses;
let envPath: string;
let config: EnvConfig;
let admins: KeyPairSigner[];
let feePayer: KeyPairSigner;
let sku: string;
/** A program deployed by the test (the world's three stay as they are until the last test). */
let scratch: KeyPairSigner;

beforeAll(async () => {
  ops = await startOpsWorld();
  ({ world, programs, envPath, admins, authority: feePayer, sku } = ops);
  config = loadEnvConfig(envPath);
}, OPS_WORLD_TIMEOUT_MS);

afterAll(() => world?.stop());

const paused = async () =>
  ((await readVault(world.chain.rpc, programs, sku))?.data.paused ?? 0) !== 0;

describe('basket-ops on the local world', () => {
  it("deploy: the world's programs are unchanged with verified hashes; a new program is deployed and handed to the upgrade authority", async () => {
    const paths = soPaths(true);
    for (const name of ['oracle', 'vault', 'rewards'] as const) {
      const r = await deployOrStage(world.chain, {
        name,
        soPath: paths[name] as string,
        program: programs[name],
        deployer: feePayer,
        feePayer,
        upgradeAuthority: feePayer.address,
      });
      expect(r.action, name).toBe('unchanged');
      expect(r.sha256).toBe(localBinary(paths[name] as string).sha256);
      expect(r.upgradeAuthority).toBe(feePayer.address);
    }
    scratch = await generateKeyPairSigner();
    const deployer = await generateKeyPairSigner();
    await world.chain.fund(deployer.address, lamports(20_000_000_000n));
    const r = await deployOrStage(world.chain, {
      name: 'scratch',
      soPath: paths.oracle as string,
      program: scratch.address,
      programKeypair: scratch,
      deployer,
      feePayer,
      upgradeAuthority: feePayer.address,
    });
    expect(r.action).toBe('deployed');
    const oracleSo = localBinary(paths.oracle as string);
    const onChain = await readOnChainProgram(world.chain, scratch.address, oracleSo.bytes.length);
    expect(onChain?.sha256).toBe(oracleSo.sha256);
    expect(onChain?.upgradeAuthority).toBe(feePayer.address); // no longer the deployer
  }, 180_000);

  it("init: the world's own file plans nothing; a change is applied through proposals; a re-run changes nothing", async () => {
    const state = config.state;
    if (!state) throw new Error('from-world wrote no state');
    expect(await planAgainstChain(ops, state)).toEqual([]);
    const plan = await opsCli('init', 'plan', '--env', envPath);
    expect(plan.stdout).toContain('no changes');

    const extraKeeper = (await generateKeyPairSigner()).address;
    const wanted = {
      ...state,
      oracle: { ...state.oracle, keepers: [...state.oracle.keepers, extraKeeper] },
      skus: state.skus.map((s, i) => (i === 0 ? { ...s, paused: true } : s)),
    };
    const steps = await planAgainstChain(ops, wanted);
    expect(steps.map((s) => (s.kind === 'admin' ? s.action : s.kind))).toEqual([
      'oracle.rotate-keepers',
      'vault.pause',
    ]);
    const applied = await applySteps(ops, steps, admins.slice(0, 3));
    expect(applied).toHaveLength(2);
    expect(await paused()).toBe(true);

    const again = await planAgainstChain(ops, wanted);
    expect(again).toEqual([]);
    expect(await applySteps(ops, again, admins.slice(0, 3))).toEqual([]);
  }, 180_000);

  it('propose/sign/submit: 2 of 3 signatures are refused before sending, the third lands it, a replay is refused', async () => {
    const signers = admins.slice(0, 3).map((a) => a.address);
    let p = await proposeAction(ops, 'vault.unpause', { sku, signers });
    p = await signProposal(p, admins[0] as KeyPairSigner);
    p = await signProposal(p, admins[1] as KeyPairSigner);
    expect(await refusal(submitProposal(world.chain, programs, p))).toBe('ADMIN_THRESHOLD_NOT_MET');
    const file = join(world.dir, 'unpause.json');
    writeFileSync(file, JSON.stringify(p));
    const cli = await opsCli('submit', file, '--env', envPath).catch(
      (e) => e as { code: number; stderr: string },
    );
    expect((cli as { code: number }).code).toBe(1);
    expect((cli as { stderr: string }).stderr).toContain(
      'ADMIN_THRESHOLD_NOT_MET: 2 of 3 admins signed',
    );
    expect(await paused()).toBe(true);

    p = await signProposal(p, admins[2] as KeyPairSigner);
    const { signature } = await submitProposal(world.chain, programs, p);
    expect(signature).toBeTruthy();
    expect(await paused()).toBe(false);
    expect(await refusal(submitProposal(world.chain, programs, p))).toBe('NONCE_ADVANCED');
  }, 120_000);

  it('submit refuses a proposal with a non-admin signer, even with three admins signed', async () => {
    const stranger = await generateKeyPairSigner();
    let p = await proposeAction(ops, 'vault.pause', {
      sku,
      signers: [...admins.slice(0, 3).map((a) => a.address), stranger.address],
    });
    for (const k of [...admins.slice(0, 3), stranger]) p = await signProposal(p, k);
    expect(await refusal(submitProposal(world.chain, programs, p))).toBe('NON_ADMIN_SIGNER');
    expect(await paused()).toBe(false);
  }, 120_000);

  it("upgrade: a changed binary is staged, upgraded by a 3-admin proposal, and its on-chain hash is the new build's", async () => {
    const paths = soPaths(true);
    const staged = await deployOrStage(world.chain, {
      name: 'scratch',
      soPath: paths.rewards as string,
      program: scratch.address,
      deployer: feePayer,
      feePayer,
      upgradeAuthority: feePayer.address,
    });
    expect(staged.action).toBe('buffer-staged');
    const input = {
      program: scratch.address,
      buffer: staged.buffer,
      upgradeAuthority: feePayer.address,
      signers: admins.slice(2, 5).map((a) => a.address),
      localBinary: paths.rewards as string,
    };
    let p = await proposeAction(ops, 'program.upgrade', input);
    for (const k of admins.slice(2, 4)) p = await signProposal(p, k);
    expect(await refusal(submitProposal(world.chain, programs, p))).toBe('ADMIN_THRESHOLD_NOT_MET');
    p = await signProposal(p, admins[4] as KeyPairSigner);
    await submitProposal(world.chain, programs, p);
    const rewardsSo = localBinary(paths.rewards as string);
    const onChain = await readOnChainProgram(world.chain, scratch.address, rewardsSo.bytes.length);
    expect(onChain?.sha256).toBe(rewardsSo.sha256);
    await expect(
      verifyDeployed(world.chain, 'scratch', scratch.address, rewardsSo.bytes),
    ).resolves.toBeTruthy();
    const stale = verifyDeployed(
      world.chain,
      'scratch',
      scratch.address,
      localBinary(paths.oracle as string).bytes,
    );
    expect(await refusal(stale)).toBe('HASH_MISMATCH');
  }, 180_000);

  it('status lists the programs with their hashes and no pending timelock', async () => {
    const { stdout } = await opsCli('status', '--env', envPath);
    expect(stdout).toContain(
      `vault   ${programs.vault} sha256 ${localBinary(soPaths(true).vault as string).sha256} (= local build)`,
    );
    expect(stdout).toMatch(/pending timelocks:\n {2}none/);
  }, 60_000);
});

describe('the weights timelock through init and status', () => {
  it('queues new weights, shows them pending with their eta, and applies them once the clock passes it', async () => {
    // The chain as the earlier tests left it (a keeper was added): a new file from the world.
    const now = join(world.dir, 'ops-now.yaml');
    writeFileSync(now, await environmentFromWorld(world.chain, world.manifest));
    const state = loadEnvConfig(now).state;
    if (!state) throw new Error('from-world wrote no state');
    const first = state.skus[0];
    if (!first || first.assets.length < 2) throw new Error('the world has no multi-asset SKU');
    const [a, b] = [first.assets[0]?.weightBps ?? 0, first.assets[1]?.weightBps ?? 0];
    const swapped = first.assets.map((x, i) => ({
      ...x,
      weightBps: i === 0 ? b : i === 1 ? a : x.weightBps,
    }));
    if (a === b) throw new Error('the first two weights are equal: swapping changes nothing');
    const wanted = {
      ...state,
      skus: state.skus.map((s, i) => (i === 0 ? { ...s, assets: swapped } : s)),
    };
    const plan = () => planAgainstChain(ops, wanted);
    const kinds = async () => (await plan()).map((s) => (s.kind === 'admin' ? s.action : s.kind));

    expect(await kinds()).toEqual(['vault.weights']);
    await applySteps(ops, await plan(), admins.slice(1, 4));
    expect(await kinds()).toEqual(['wait']);
    const status = await opsCli('status', '--env', envPath);
    expect(status.stdout).toMatch(
      new RegExp(
        `${sku} +weights #\\d+: ${swapped.map((x) => x.weightBps).join(',')} bps: applicable at .+ \\(in 4[78]h\\d\\dm\\)`,
      ),
    );

    await world.clock.advanceBy(PAST_TIMELOCK_MS);
    expect(await kinds()).toEqual(['apply-weights']);
    await applySteps(ops, await plan(), admins.slice(1, 4));
    expect(await plan()).toEqual([]);
  }, 180_000);
});
