// The three programs deployed through the loader with the world's upgrade authority, and the
// one-shot configurations only that authority may sign (oracle config, rewards config).
import { existsSync } from 'node:fs';
import { repoRoot } from '@basket/localnet';
import { findOracleConfigPda } from '@basket/oracle-client';
import {
  findRewardsConfigAddress,
  getInitializeConfigInstructionFor,
  getOracleRotateKeepersInstructionFor,
  getRewardsInitializeInstructionFor,
  getRewardsRotateKeepersInstructionFor,
  lookupTableAddressesForInstructions,
  oracleConfigAccount,
  type ProgramAddresses,
  readAccounts,
  rewardsConfigAccount,
} from '@basket/sdk';
import {
  getCreateAccountInstruction,
  getInitializeAccount3Instruction,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import type { Chain } from '../chain.ts';
import { type DeployOutcome, deployProgram } from '../deploy-program.ts';
import { loadOrCreateSigner, readSigner } from '../keys.ts';
import type { WorldKeys } from './keys.ts';
import { createLookupTable, loadLookupTables, SETUP_MARGIN_BPS } from './lookup-table.ts';
import type { WorldMint } from './mints.ts';

const PROGRAMS = ['oracle', 'vault', 'rewards'] as const;
/** The deviation cap: a push moving any entry's value more than 10% needs the admins. */
const MAX_DEVIATION_BPS = 1_000;

/** The local world's program ids: the public keypairs committed with each program. */
export async function localProgramAddresses(): Promise<ProgramAddresses> {
  const [oracle, vault, rewards] = await Promise.all(
    PROGRAMS.map(
      async (name) =>
        (await readSigner(`${repoRoot()}programs/${name}/program-id.local.json`)).address,
    ),
  );
  return { oracle, vault, rewards } as ProgramAddresses;
}

/** Deploys (or confirms) the three programs; returns their ids and what happened to each. */
export async function deployPrograms(
  chain: Chain,
  keys: WorldKeys,
  log: (line: string) => void,
): Promise<{ programs: ProgramAddresses; outcomes: DeployOutcome[] }> {
  const outcomes: DeployOutcome[] = [];
  for (const name of PROGRAMS) {
    const soPath = `${repoRoot()}target/deploy/localnet/${name}.so`;
    if (!existsSync(soPath)) {
      throw new Error(
        `${soPath} is missing: run \`bash scripts/build-programs.sh --localnet\` first`,
      );
    }
    const programKeypair = await readSigner(`${repoRoot()}programs/${name}/program-id.local.json`);
    const r = await deployProgram(chain, {
      programKeypair,
      soPath,
      authority: keys.upgradeAuthority,
      payer: keys.upgradeAuthority,
    });
    log(
      `${name.padEnd(7)} ${r.program} ${r.action} (${r.bytes} bytes, sha256 ${r.sha256.slice(0, 16)}…)`,
    );
    outcomes.push(r);
  }
  const [oracle, vault, rewards] = outcomes.map((o) => o.program) as [Address, Address, Address];
  return { programs: { oracle, vault, rewards }, outcomes };
}

/** A keeper set as the world wants it: the one role key, nothing else. */
function sameSet(current: readonly Address[], wanted: Address): boolean {
  return current.length === 1 && current[0] === wanted;
}

/**
 * The oracle config with the world's NAV signer as its only keeper. A world bootstrapped
 * before the roles were split (its keeper key in the set) has its set rotated by 3 admins.
 */
export async function configureOracle(
  chain: Chain,
  keys: WorldKeys,
  programs: ProgramAddresses,
): Promise<'created' | 'rotated' | false> {
  const [config] = await findOracleConfigPda({ programAddress: programs.oracle });
  if (await chain.exists(config)) {
    const [account] = await readAccounts(chain.rpc, [oracleConfigAccount(config, programs)], {
      commitment: 'confirmed',
    });
    const keepers = account.exists ? account.data.keepers.slice(0, account.data.keeperCount) : [];
    if (sameSet(keepers, keys.navSigner.address)) return false;
    const rotate = await getOracleRotateKeepersInstructionFor(
      { keepers: [keys.navSigner.address], adminSigners: keys.admins.slice(0, 3) },
      programs,
    );
    await chain.land('oracle rotate_keepers', keys.upgradeAuthority, [rotate]);
    return 'rotated';
  }
  const init = await getInitializeConfigInstructionFor(
    {
      payer: keys.upgradeAuthority,
      admins: keys.admins.map((a) => a.address),
      threshold: 3,
      // One key per role: the NAV signer only, never the vaults' keeper key.
      keepers: [keys.navSigner.address],
      maxDeviationBps: MAX_DEVIATION_BPS,
      adminSigners: keys.admins.slice(0, 3),
    },
    programs,
  );
  await chain.land('oracle initialize_config', keys.upgradeAuthority, [init]);
  return 'created';
}

/**
 * The rewards config: the staking token, the distributor as its only keeper, and the first
 * reward mints. An older world's keeper set (the keeper key) is rotated to the distributor.
 */
export async function configureRewards(
  chain: Chain,
  keys: WorldKeys,
  programs: ProgramAddresses,
  stakingMint: WorldMint,
  rewardMints: readonly Address[],
): Promise<'created' | 'rotated' | false> {
  const config = await findRewardsConfigAddress(programs);
  if (await chain.exists(config)) {
    const [account] = await readAccounts(chain.rpc, [rewardsConfigAccount(config, programs)], {
      commitment: 'confirmed',
    });
    const keepers = account.exists ? account.data.keepers.slice(0, account.data.keeperCount) : [];
    if (sameSet(keepers, keys.distributor.address)) return false;
    const rotate = await getRewardsRotateKeepersInstructionFor(
      { keepers: [keys.distributor.address], adminSigners: keys.admins.slice(0, 3) },
      programs,
    );
    await chain.land('rewards rotate_keepers', keys.upgradeAuthority, [rotate]);
    return 'rotated';
  }
  // The staking holding exists before initialize, owned by the config PDA (the program checks).
  const holdingKey = await loadOrCreateSigner(keys.path('stake-holding'));
  if (!(await chain.exists(holdingKey.address))) {
    const lamports = await chain.rpc.getMinimumBalanceForRentExemption(165n).send();
    await chain.landRaw('staking holding', keys.upgradeAuthority, [
      getCreateAccountInstruction({
        payer: keys.upgradeAuthority,
        newAccount: holdingKey,
        lamports,
        space: 165,
        programAddress: stakingMint.tokenProgram,
      }),
      getInitializeAccount3Instruction({
        account: holdingKey.address,
        mint: stakingMint.address,
        owner: config,
        tokenProgram: stakingMint.tokenProgram,
      }),
    ]);
  }
  const init = await getRewardsInitializeInstructionFor(
    {
      payer: keys.upgradeAuthority,
      stakingMint: stakingMint.address,
      stakingTokenProgram: stakingMint.tokenProgram,
      stakeHolding: holdingKey.address,
      admins: keys.admins.map((a) => a.address),
      threshold: 3,
      keepers: [keys.distributor.address],
      rewardMints: [...rewardMints],
      adminSigners: keys.admins.slice(0, 3),
    },
    programs,
  );
  // Four signatures and the compute-budget instruction exceed a packet: a lookup table.
  const table = await createLookupTable(
    chain,
    keys.upgradeAuthority,
    lookupTableAddressesForInstructions([init.instruction]),
  );
  await chain.land(
    'rewards initialize',
    keys.upgradeAuthority,
    [init],
    await loadLookupTables(chain, [table]),
    SETUP_MARGIN_BPS,
  );
  return 'created';
}
