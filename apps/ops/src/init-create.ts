/**
 * `init apply` for what does not exist yet: the oracle and rewards configurations and each SKU's vault
 * (oracle snapshot, `init_vault`, share metadata, the treasury's token accounts), built from
 * the environment file's `state`. Creation instructions carry up to five signatures and, for
 * `init_vault`, 20 assets' accounts: they need a lookup table made in the same session, so
 * they are signed here with the admins' key files (a durable-nonce proposal cannot carry a
 * table made after it was signed). Everything after creation goes through proposals as usual.
 */

import {
  fetchAddressLookupTables,
  findRewardsConfigAddress,
  findSkuAddresses,
  getCreateAssociatedTokenAccountInstructionFor,
  getCreateSnapshotInstructionFor,
  getInitializeConfigInstructionFor,
  getInitVaultInstructionFor,
  getRewardsInitializeInstructionFor,
  getSetShareMetadataInstructionFor,
  lookupTableAddressesForInstructions,
  type ProgramAddresses,
} from '@basket/sdk';
import { type Chain, createLookupTable } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { readVault } from './chain-state.ts';
import type { DesiredState, SkuState } from './env-config.ts';
import { OpsError } from './errors.ts';
import type { PlanStep } from './init-plan.ts';

/** The Token-2022 program: every share mint is one. */
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
/** Setup instructions run bump searches: the compute margin the world's bootstrap uses. */
const SETUP_MARGIN_BPS = 10_000;
/** Reward mints `initialize` takes; `set_reward_mints` raises the list to 10 afterwards. */
const INIT_REWARD_MINTS = 4;

export type CreateInput = Readonly<{
  state: DesiredState;
  feePayer: KeyPairSigner;
  /** The programs' upgrade authority: `initialize_config` must be signed by it. */
  upgradeAuthority?: KeyPairSigner;
  /** At least the threshold of the platform admins (who also govern the oracle). */
  adminKeys: readonly KeyPairSigner[];
  log: (line: string) => void;
}>;

/**
 * Creates every `create` step of the plan; returns what it created (targets).
 *
 * @example
 * await createMissing(chain, programs, steps, { state, feePayer, upgradeAuthority, adminKeys, log });
 */
export async function createMissing(
  chain: Chain,
  programs: ProgramAddresses,
  steps: readonly PlanStep[],
  input: CreateInput,
): Promise<string[]> {
  const creates = steps.filter((s) => s.kind === 'create');
  if (creates.length === 0) return [];
  const admins = input.state.admins;
  if (!admins) {
    throw new OpsError(
      'INVALID_CONFIG',
      'state.admins (5 keys and a threshold) is needed to create accounts',
    );
  }
  if (input.adminKeys.length < admins.threshold) {
    throw new OpsError(
      'INVALID_INPUT',
      `creating ${creates.map((s) => s.target).join(', ')} needs ${admins.threshold} admin key files (--admin-key): the transactions use a lookup table made in this session`,
    );
  }
  // One key per role: a vault is created with its own trade authority, never the keeper key
  // standing in for it (checked for every create before anything lands).
  const untraded = creates.filter(
    (s) =>
      s.target !== 'oracle' &&
      s.target !== 'rewards' &&
      !input.state.skus.find((k) => k.skuId === s.target)?.tradeAuthority,
  );
  if (untraded.length > 0) {
    throw new OpsError(
      'INVALID_CONFIG',
      `state.skus: ${untraded.map((s) => s.target).join(', ')} has no tradeAuthority: a vault is created with a trade authority of its own, not the keeper key (one key per role)`,
    );
  }
  const created: string[] = [];
  for (const step of creates) {
    if (step.target === 'oracle' || step.target === 'rewards') {
      if (!input.upgradeAuthority) {
        throw new OpsError(
          'KEY_UNAVAILABLE',
          `${step.target} initialize must be signed by the upgrade authority (--upgrade-authority-key)`,
        );
      }
    }
    if (step.target === 'rewards') {
      await createRewards(chain, programs, input, input.upgradeAuthority as KeyPairSigner);
    } else if (step.target === 'oracle') {
      const authority = input.upgradeAuthority as KeyPairSigner;
      const init = await getInitializeConfigInstructionFor(
        {
          payer: authority,
          admins: admins.keys as Address[],
          threshold: admins.threshold,
          keepers: input.state.oracle.keepers as Address[],
          maxDeviationBps: input.state.oracle.maxDeviationBps,
          adminSigners: input.adminKeys,
        },
        programs,
      );
      await chain.land('oracle initialize_config', authority, [init]);
    } else {
      const sku = input.state.skus.find((s) => s.skuId === step.target);
      if (!sku) throw new OpsError('INVALID_CONFIG', `no SKU ${step.target} in state.skus`);
      await createVault(chain, programs, sku, input);
    }
    created.push(step.target);
    input.log(`created: ${step.target}`);
  }
  return created;
}

/**
 * The rewards config: its staking holding (the config PDA's associated token account unless
 * the file names one, which must exist), then `initialize` with the first reward mints the
 * program takes at creation; the rest of the list is set by the plan's next step.
 */
async function createRewards(
  chain: Chain,
  programs: ProgramAddresses,
  input: CreateInput,
  authority: KeyPairSigner,
): Promise<void> {
  const admins = input.state.admins as NonNullable<DesiredState['admins']>;
  const rewards = input.state.rewards;
  const staking = rewards?.staking;
  if (!rewards || !staking) {
    throw new OpsError(
      'INVALID_CONFIG',
      'state.rewards.staking (mint, tokenProgram) is needed to create the rewards config',
    );
  }
  let holding = staking.holding as Address | undefined;
  if (holding) {
    const { value } = await chain.rpc
      .getAccountInfo(holding, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (!value) {
      throw new OpsError(
        'ACCOUNT_NOT_FOUND',
        `state.rewards.staking.holding ${holding} does not exist (omit it to use the config's associated token account)`,
      );
    }
  } else {
    const ata = await getCreateAssociatedTokenAccountInstructionFor({
      payer: authority,
      owner: await findRewardsConfigAddress(programs),
      mint: staking.mint as Address,
      tokenProgram: staking.tokenProgram as Address,
    });
    await chain.land('rewards staking holding', authority, [ata]);
    holding = ata.address;
  }
  const init = await getRewardsInitializeInstructionFor(
    {
      payer: authority,
      stakingMint: staking.mint as Address,
      stakingTokenProgram: staking.tokenProgram as Address,
      stakeHolding: holding,
      admins: admins.keys as Address[],
      threshold: admins.threshold,
      keepers: rewards.keepers as Address[],
      rewardMints: rewards.rewardMints.slice(0, INIT_REWARD_MINTS) as Address[],
      adminSigners: input.adminKeys.slice(0, admins.threshold),
    },
    programs,
  );
  // Four signatures and the compute-budget instruction exceed a packet: a lookup table.
  const table = await createLookupTable(
    chain,
    authority,
    lookupTableAddressesForInstructions([init.instruction]),
  );
  const tables = await fetchAddressLookupTables(chain.rpc, [table], { commitment: 'confirmed' });
  await chain.land('rewards initialize', authority, [init], tables, SETUP_MARGIN_BPS);
}

async function createVault(
  chain: Chain,
  programs: ProgramAddresses,
  sku: SkuState,
  input: CreateInput,
): Promise<void> {
  const admins = input.state.admins as NonNullable<DesiredState['admins']>;
  const payer = input.feePayer;
  const signers = input.adminKeys.slice(0, admins.threshold);
  const { navSnapshot } = await findSkuAddresses(sku.skuId, programs);
  const { value: snapshot } = await chain.rpc
    .getAccountInfo(navSnapshot, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  const createSnapshot = snapshot
    ? null
    : await getCreateSnapshotInstructionFor(
        {
          payer,
          sku: sku.skuId,
          mints: sku.assets.map((a) => a.mint as Address),
          adminSigners: signers,
        },
        programs,
      );
  const init = await getInitVaultInstructionFor(
    {
      payer,
      sku: sku.skuId,
      stableMint: sku.stable.mint as Address,
      stableTokenProgram: sku.stable.tokenProgram as Address,
      assets: sku.assets.map((a) => ({
        mint: a.mint as Address,
        tokenProgram: a.tokenProgram as Address,
        weightBps: a.weightBps,
      })),
      admins: admins.keys as Address[],
      threshold: admins.threshold,
      keeper: sku.keeper as Address,
      treasury: sku.treasury as Address,
      tradeAuthority: sku.tradeAuthority as Address,
      mgmtFeeBps: sku.fees.managementBps,
      perfFeeBps: sku.fees.performanceBps,
      withdrawFeeBps: sku.fees.withdrawalBps,
      cashBufferBps: sku.cashBufferBps,
      maxSlipBps: sku.maxSlipBps,
      depositCapUsd: sku.depositCapUsd,
      minDepositRaw: sku.minDepositRaw,
      adminSigners: signers,
    },
    programs,
  );
  // Up to 20 mints and 3 admin signatures exceed a packet: one table for both transactions.
  const table = await createLookupTable(
    chain,
    payer,
    lookupTableAddressesForInstructions([
      ...(createSnapshot ? [createSnapshot.instruction] : []),
      init.instruction,
    ]),
  );
  const tables = await fetchAddressLookupTables(chain.rpc, [table], { commitment: 'confirmed' });
  if (createSnapshot) {
    await chain.land(`oracle create_snapshot ${sku.skuId}`, payer, [createSnapshot], tables);
  }
  await chain.land(`vault init_vault ${sku.skuId}`, payer, [init], tables, SETUP_MARGIN_BPS);
  const vault = await readVault(chain.rpc, programs, sku.skuId);
  if (!vault)
    throw new OpsError(
      'TRANSACTION_FAILED',
      `init_vault ${sku.skuId} landed but the vault is missing`,
    );
  if (sku.shareMetadataUri) {
    await chain.land(`vault set_share_metadata ${sku.skuId}`, payer, [
      getSetShareMetadataInstructionFor(
        {
          payer,
          vault,
          name: `${sku.label} Basket`,
          symbol: sku.skuId,
          uri: sku.shareMetadataUri,
          adminSigners: signers,
        },
        programs,
      ),
    ]);
  }
  // The treasury's fee accounts (idempotent creates: an existing account is left alone).
  await chain.land(`treasury token accounts ${sku.skuId}`, payer, [
    await getCreateAssociatedTokenAccountInstructionFor({
      payer,
      owner: sku.treasury as Address,
      mint: sku.stable.mint as Address,
      tokenProgram: sku.stable.tokenProgram as Address,
    }),
    await getCreateAssociatedTokenAccountInstructionFor({
      payer,
      owner: sku.treasury as Address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022,
    }),
  ]);
}
