// `init apply` creating what the environment file describes but the chain lacks, on the local
// world: a new SKU's vault (oracle snapshot, init_vault through a lookup table, share
// metadata, treasury accounts), then what the file says about it (paused) through a proposal,
// then nothing on a re-run.
import { join } from 'node:path';
import type { ProgramAddresses } from '@basket/sdk';
import type { TestWorld } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVault } from '../src/chain-state.ts';
import { type DesiredState, loadEnvConfig } from '../src/env-config.ts';
import { createMissing } from '../src/init-create.ts';
import {
  adminKeyFlags,
  applySteps,
  OPS_WORLD_TIMEOUT_MS,
  type OpsWorld,
  opsCli,
  planAgainstChain,
  startOpsWorld,
  writeEnvFile,
} from './support/ops-world.ts';

let ops: OpsWorld;
let world: TestWorld;
let programs: ProgramAddresses;
let admins: KeyPairSigner[];
let authority: KeyPairSigner;
let state: DesiredState;
let envPath: string;

beforeAll(async () => {
  ops = await startOpsWorld();
  ({ world, programs, envPath, admins, authority } = ops);
  const loaded = loadEnvConfig(envPath).state;
  if (!loaded?.skus[0]) throw new Error('from-world wrote no SKU');
  // A SKU the world does not have: the first one's terms under a new id, wanted paused.
  const template = loaded.skus[0];
  state = {
    ...loaded,
    skus: [
      ...loaded.skus,
      {
        ...template,
        skuId: 'OPSNEW',
        label: 'Ops new',
        paused: true,
        shareMetadataUri: 'https://localnet.invalid/opsnew.json',
      },
    ],
  };
}, OPS_WORLD_TIMEOUT_MS);

afterAll(() => world?.stop());

const plan = () => planAgainstChain(ops, state);
const kinds = async () =>
  (await plan()).map((s) => `${s.kind === 'admin' ? s.action : s.kind} ${s.target}`);

describe('init apply creates what is missing', () => {
  it('plans a create, creates the vault from the file, applies its settings, then changes nothing', async () => {
    expect(await kinds()).toEqual(['create OPSNEW']);
    const refused = createMissing(world.chain, programs, await plan(), {
      state,
      feePayer: authority,
      adminKeys: admins.slice(0, 2),
      log: () => {},
    });
    await expect(refused).rejects.toThrow(/needs 3 admin key files/);

    const created = await createMissing(world.chain, programs, await plan(), {
      state,
      feePayer: authority,
      upgradeAuthority: authority,
      adminKeys: admins.slice(1, 4),
      log: () => {},
    });
    expect(created).toEqual(['OPSNEW']);
    const vault = await readVault(world.chain.rpc, programs, 'OPSNEW');
    const wanted = state.skus.at(-1);
    expect(vault?.data.keeper).toBe(wanted?.keeper);
    expect(vault?.data.assetCount).toBe(wanted?.assets.length);

    // Created unpaused; the file wants it paused: an ordinary 3-admin proposal.
    expect(await kinds()).toEqual(['vault.pause OPSNEW']);
    await applySteps(ops, await plan(), admins.slice(1, 4));
    expect(await plan()).toEqual([]);

    // The CLI on the same file: plan first, nothing to create or change.
    const file = join(world.dir, 'ops-with-new-sku.yaml');
    writeEnvFile(file, loadEnvConfig(envPath), state);
    const cli = await opsCli('init', 'apply', '--env', file, ...adminKeyFlags(world, 3));
    expect(cli.stdout).toContain('no changes: the chain matches the environment file');
  }, 300_000);
});
