// `init apply` creating what the environment file describes but the chain lacks, on the local
// world: a new SKU's vault (oracle snapshot, init_vault through a lookup table, share
// metadata, treasury accounts), then what the file says about it (paused) through a proposal,
// then nothing on a re-run.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ProgramAddresses } from '@basket/sdk';
import { programAddressesOf, startWorld, type TestWorld } from '@basket/world';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readVault } from '../src/chain-state.ts';
import { type DesiredState, loadEnvConfig } from '../src/env-config.ts';
import { applyInit } from '../src/init-apply.ts';
import { createMissing } from '../src/init-create.ts';
import { planInit } from '../src/init-plan.ts';
import { readChainSnapshot } from '../src/init-read.ts';
import { signerFromFile } from '../src/key-reference.ts';
import { environmentFromWorld } from '../src/world-config.ts';

const run = promisify(execFile);
const CLI = new URL('../src/main.ts', import.meta.url).pathname;

let world: TestWorld;
let programs: ProgramAddresses;
let admins: KeyPairSigner[];
let authority: KeyPairSigner;
let state: DesiredState;
let envPath: string;

beforeAll(async () => {
  world = await startWorld();
  programs = programAddressesOf(world.manifest);
  envPath = join(world.dir, 'ops-local.yaml');
  writeFileSync(envPath, await environmentFromWorld(world.chain, world.manifest));
  admins = await Promise.all(world.manifest.keys.admins.map((p) => signerFromFile(p)));
  authority = await signerFromFile(world.manifest.keys.upgradeAuthority);
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
}, 240_000);

afterAll(() => world?.stop());

const plan = async () =>
  planInit(
    await readChainSnapshot(
      world.chain,
      programs,
      state.skus.map((s) => s.skuId),
    ),
    state,
  );
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
    await applyInit(world.chain, programs, await plan(), {
      environment: 'local',
      feePayer: authority,
      adminKeys: admins.slice(1, 4),
      log: () => {},
    });
    expect(await plan()).toEqual([]);

    // The CLI on the same file: plan first, nothing to create or change.
    const file = join(world.dir, 'ops-with-new-sku.yaml');
    const config = loadEnvConfig(envPath);
    const { baseDir: _, ...raw } = config;
    writeFileSync(
      file,
      stringify({ ...raw, state }, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    );
    const cli = await run('npx', [
      'tsx',
      CLI,
      'init',
      'apply',
      '--env',
      file,
      ...world.manifest.keys.admins.slice(0, 3).flatMap((path) => ['--admin-key', path]),
    ]);
    expect(cli.stdout).toContain('no changes: the chain matches the environment file');
  }, 300_000);
});
