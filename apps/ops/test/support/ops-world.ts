// What every operator suite on the local world starts from: a test world, the environment file
// `config from-world` writes for it, the world's five admin keys and its upgrade authority (the
// fee payer and nonce authority of every proposal the suites build), and the CLI run the way an
// operator runs it. One copy, so the suites differ only in what they prove.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ProgramAddresses } from '@basket/sdk';
import { programAddressesOf, startWorld, type TestWorld } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import { stringify } from 'yaml';
import { type ActionInput, type AdminAction, buildAdminAction } from '../../src/admin-actions.ts';
import type { DesiredState, EnvConfig } from '../../src/env-config.ts';
import { isOpsError, type OpsErrorCode } from '../../src/errors.ts';
import { applyInit } from '../../src/init-apply.ts';
import { type PlanStep, planInit } from '../../src/init-plan.ts';
import { readChainSnapshot } from '../../src/init-read.ts';
import { signerFromFile } from '../../src/key-reference.ts';
import type { Proposal } from '../../src/proposal-file.ts';
import { signProposal } from '../../src/proposal-signatures.ts';
import { buildProposal } from '../../src/propose.ts';
import { submitProposal } from '../../src/submit.ts';
import { environmentFromWorld } from '../../src/world-config.ts';

const CLI = new URL('../../src/main.ts', import.meta.url).pathname;
const execFileAsync = promisify(execFile);

/** The `beforeAll` budget of a suite that starts an ops world (a cold template build included). */
export const OPS_WORLD_TIMEOUT_MS = 240_000;

/** Past the vault's 48 h timelocks (weights, rotations), with a minute to spare. */
export const PAST_TIMELOCK_MS = 48 * 3600 * 1000 + 60_000;

export type OpsWorld = Readonly<{
  world: TestWorld;
  programs: ProgramAddresses;
  /** The environment file `config from-world` wrote for the world at start (`ops-local.yaml`). */
  envPath: string;
  /** The world's five admins, in the order of its admin set. */
  admins: KeyPairSigner[];
  /** The world's upgrade authority: deployer, fee payer and nonce authority in the suites. */
  authority: KeyPairSigner;
  /** The world's first SKU. */
  sku: string;
}>;

/**
 * Starts a test world and writes its environment file; the caller stops `world`.
 *
 * @example
 * beforeAll(async () => { ({ world, programs } = await startOpsWorld()); }, OPS_WORLD_TIMEOUT_MS);
 */
export async function startOpsWorld(): Promise<OpsWorld> {
  // 100 ms slots: the suites wait on confirmations only (their timelocks move with the
  // validator's clock, proposals ride durable nonces), so mainnet's 400 ms would only be waited.
  const world = await startWorld({ slotTimeMs: 100 });
  try {
    const envPath = join(world.dir, 'ops-local.yaml');
    writeFileSync(envPath, await environmentFromWorld(world.chain, world.manifest));
    return {
      world,
      programs: programAddressesOf(world.manifest),
      envPath,
      admins: await Promise.all(world.manifest.keys.admins.map((p) => signerFromFile(p))),
      authority: await signerFromFile(world.manifest.keys.upgradeAuthority),
      sku: world.manifest.skus[0]?.skuId as string,
    };
  } catch (error) {
    // The suite never sees this world, so its afterAll cannot stop it.
    await world.stop();
    throw error;
  }
}

/**
 * `basket-ops <args>` in a child process, as an operator runs it: `node --import tsx`, what
 * `npx tsx` runs, without npx resolving tsx first (a second or two a call on a loaded machine).
 */
export function opsCli(...args: string[]) {
  return execFileAsync(process.execPath, ['--import', 'tsx', CLI, ...args]);
}

/** `--admin-key <file>` for the world's first `count` admins. */
export function adminKeyFlags(world: TestWorld, count: number): string[] {
  return world.manifest.keys.admins.slice(0, count).flatMap((path) => ['--admin-key', path]);
}

/** The ops error code `promise` is refused with (anything else is rethrown). */
export async function refusal(promise: Promise<unknown>): Promise<OpsErrorCode> {
  try {
    await promise;
  } catch (error) {
    if (isOpsError(error)) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

/** A proposal as `basket-ops propose` builds it, its fee payer the world's upgrade authority. */
export async function proposeAction(
  ops: OpsWorld,
  action: AdminAction,
  input: ActionInput,
): Promise<Proposal> {
  const built = await buildAdminAction(ops.world.chain, ops.programs, action, input);
  return buildProposal(ops.world.chain, {
    environment: 'local',
    action,
    summary: built.summary,
    governance: built.governance,
    feePayer: ops.authority,
    instructions: built.instructions,
    operatorSigners: built.operatorSigners,
  });
}

/** Signs `proposal` with each of `keys` in turn (as offline machines would), then submits it. */
export async function signAndSubmit(
  ops: OpsWorld,
  proposal: Proposal,
  keys: readonly KeyPairSigner[],
) {
  let signed = proposal;
  for (const k of keys) signed = await signProposal(signed, k);
  return submitProposal(ops.world.chain, ops.programs, signed);
}

/** What `init plan` would do to bring the chain to `state`. */
export async function planAgainstChain(ops: OpsWorld, state: DesiredState): Promise<PlanStep[]> {
  const skus = state.skus.map((s) => s.skuId);
  return planInit(await readChainSnapshot(ops.world.chain, ops.programs, skus), state);
}

/** `init apply` of `steps` with `adminKeys` signing now, the upgrade authority paying. */
export function applySteps(
  ops: OpsWorld,
  steps: readonly PlanStep[],
  adminKeys: readonly KeyPairSigner[],
) {
  return applyInit(ops.world.chain, ops.programs, steps, {
    environment: 'local',
    feePayer: ops.authority,
    adminKeys,
    log: () => {},
  });
}

/** Writes `config` with its desired state replaced by `state` to `file`, as YAML. */
export function writeEnvFile(file: string, config: EnvConfig, state: DesiredState): void {
  const { baseDir: _, ...raw } = config;
  writeFileSync(
    file,
    stringify({ ...raw, state }, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
  );
}
