// `init apply` creating the configurations a first deployment lacks. The programs refuse to run
// at any id but their own (their entrypoint checks it), so a fresh deployment cannot stand in
// for an unconfigured one: the test closes the world's oracle and rewards configs with the
// validator's account cheatcode instead, and adds a SKU the world does not have. The CLI then
// plans three creates, creates them (the rewards holding as the config's associated token
// account), and a re-run plans nothing.
import { join } from 'node:path';
import { rpcCall, waitFor } from '@basket/localnet';
import { findOracleConfigPda } from '@basket/oracle-client';
import {
  findAssociatedTokenAddress,
  findRewardsConfigAddress,
  type ProgramAddresses,
} from '@basket/sdk';
import type { TestWorld } from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOracleConfig, readRewardsConfig, readVault } from '../src/chain-state.ts';
import { type DesiredState, loadEnvConfig } from '../src/env-config.ts';
import {
  adminKeyFlags,
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
let state: DesiredState;
let file: string;

/** Closes an account (no lamports, no data), as if it had never been created. */
async function close(address: Address): Promise<void> {
  await rpcCall(world.manifest.rpcUrl, 'surfnet_setAccount', [
    address,
    { lamports: 0, data: '', owner: '11111111111111111111111111111111', executable: false },
  ]);
  await waitFor(`${address} is still open`, async () => {
    const { value } = await world.chain.rpc
      .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return !value || value.lamports === 0n ? true : null;
  });
}

beforeAll(async () => {
  ops = await startOpsWorld();
  ({ world, programs } = ops);
  const config = loadEnvConfig(ops.envPath);
  const loaded = config.state;
  const template = loaded?.skus[0];
  const staking = loaded?.rewards?.staking;
  if (!loaded?.rewards || !staking || !template) throw new Error('from-world wrote no rewards');
  // No holding named: apply creates the config's associated token account for it.
  state = {
    ...loaded,
    rewards: {
      ...loaded.rewards,
      staking: { mint: staking.mint, tokenProgram: staking.tokenProgram },
    },
    skus: [...loaded.skus, { ...template, skuId: 'OPSCFG', label: 'Ops configs' }],
  };
  file = join(world.dir, 'ops-unconfigured.yaml');
  writeEnvFile(file, config, state);
  const [oracleConfig] = await findOracleConfigPda({ programAddress: programs.oracle });
  await close(oracleConfig);
  await close(await findRewardsConfigAddress(programs));
}, OPS_WORLD_TIMEOUT_MS);

afterAll(() => world?.stop());

describe('init apply creates the configurations', () => {
  it('plans creates, creates oracle config, rewards config and a vault from the file, then plans nothing', async () => {
    expect((await planAgainstChain(ops, state)).map((s) => `${s.kind} ${s.target}`)).toEqual([
      'create oracle',
      'create rewards',
      'create OPSCFG',
    ]);

    const apply = await opsCli('init', 'apply', '--env', file, ...adminKeyFlags(world, 3));
    expect(apply.stdout).toMatch(/\+ oracle\s+initialize_config/);
    expect(apply.stdout).toMatch(/\+ rewards\s+staking holding, initialize/);
    for (const t of ['oracle', 'rewards', 'OPSCFG'])
      expect(apply.stdout).toContain(`created: ${t}`);

    const oracle = await readOracleConfig(world.chain.rpc, programs);
    expect(oracle?.keepers.slice(0, oracle.keeperCount)).toEqual(state.oracle.keepers);
    expect(oracle?.admins.keys).toEqual(state.admins?.keys);
    const rewards = await readRewardsConfig(world.chain.rpc, programs);
    expect(rewards?.stakingMint).toBe(world.manifest.stakingMint);
    const holding = await findAssociatedTokenAddress({
      owner: await findRewardsConfigAddress(programs),
      mint: state.rewards?.staking?.mint as Address,
      tokenProgram: state.rewards?.staking?.tokenProgram as Address,
    });
    expect(rewards?.stakeHolding).toBe(holding);
    expect(rewards?.keepers.slice(0, rewards.keeperCount)).toEqual(state.rewards?.keepers);
    expect(rewards?.rewardMints.slice(0, rewards.rewardMintCount)).toEqual(
      state.rewards?.rewardMints,
    );
    expect((await readVault(world.chain.rpc, programs, 'OPSCFG'))?.data.keeper).toBe(
      state.skus.at(-1)?.keeper,
    );

    const again = await opsCli('init', 'plan', '--env', file);
    expect(again.stdout).toContain('no changes: the chain matches the environment file');
  }, 300_000);
});
