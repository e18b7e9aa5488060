// The oracle and vault admin builders against the real programs in LiteSVM, in deployment
// order: the oracle (deployed upgradeable, the payer its upgrade authority) is initialized,
// a snapshot created and pushed, a vault initialized over a basket with non-unit multipliers
// (1.0571 and 2.5), then every admin instruction runs with 3 of the 5 admins. Each lands
// through buildTransactionMessage and stays within the SDK's measured cost model.
import { ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import {
  addUpgradeableProgram,
  createMint,
  createSvm,
  fund,
  setUnixTime,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import {
  type Address,
  generateKeyPair,
  generateKeyPairSigner,
  getAddressFromPublicKey,
  type KeyPairSigner,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONDAY_15H } from '../../../programs/vault/tests/fixture.ts';
import {
  ASSET_STATUS,
  type CostedInstruction,
  decodeF64Multiplier,
  findSkuAddresses,
  getApplyWeightsInstructionFor,
  getApproveDeviationInstructionFor,
  getCancelWeightsInstructionFor,
  getCreateSnapshotInstructionFor,
  getInitializeConfigInstructionFor,
  getInitVaultInstructionFor,
  getOracleRotateKeepersInstructionFor,
  getPushSnapshotInstructionsFor,
  getSetAssetStatusInstructionFor,
  getSetPausedInstructionFor,
  getSetShareMetadataInstructionFor,
  getUpdateWeightsInstructionFor,
  navSnapshotAccount,
  oracleConfigAccount,
  readAccounts,
  type VaultStateAccount,
  vaultStateAccount,
} from '../src/index.ts';
import { expectCostWithinModel, landAndCost } from './support/cost-check.ts';
import { svmRpc } from './support/svm-rpc.ts';

const SKU = 'ADMIN-1';

let svm: LiteSVM;
let payer: KeyPairSigner;
let admins: KeyPairSigner[];
let keeper: CryptoKeyPair;
let keeperAddress: Address;
let usdc: TestMint;
let assets: { mint: TestMint; multiplier: number; weightBps: number }[];

async function land(label: string, instructions: CostedInstruction[], feePayer = payer) {
  const r = await landAndCost(svm, feePayer, instructions);
  expect(r.error, label).toBeNull();
  expectCostWithinModel(r, label);
  return r;
}

async function vault(): Promise<VaultStateAccount> {
  const { vaultState } = await findSkuAddresses(SKU);
  const [v] = await readAccounts(svmRpc(svm), [vaultStateAccount(vaultState)]);
  if (!v.exists) throw new Error('vault missing');
  return { address: v.address, data: v.data };
}

async function push(sequence: bigint, priceBump = 0n, adminSigners: KeyPairSigner[] = []) {
  const slot = svm.getClock().slot;
  return getPushSnapshotInstructionsFor({
    keeper,
    sku: SKU,
    sequence,
    adminSigners,
    entries: assets.map((a, i) => ({
      priceUsd1E8: 10_000_000_000n + BigInt(i) * 1_000_000_000n + priceBump,
      multiplierNum: decodeF64Multiplier(a.multiplier).floor,
      updatedSlot: slot,
      flags: 1,
    })),
  });
}

describe('oracle and vault admin builders in LiteSVM', () => {
  beforeAll(async () => {
    svm = createSvm({ vault: VAULT_PROGRAM_ADDRESS });
    payer = await generateKeyPairSigner();
    await addUpgradeableProgram(svm, {
      programAddress: ORACLE_PROGRAM_ADDRESS,
      program: 'oracle',
      authority: payer.address,
    });
    setUnixTime(svm, MONDAY_15H);
    svm.warpToSlot(1_000n);
    fund(svm, payer.address, 1_000n);
    admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    keeper = await generateKeyPair();
    keeperAddress = await getAddressFromPublicKey(keeper.publicKey);
    usdc = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
    assets = [
      {
        mint: await createMint(svm, payer, {
          tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
          decimals: 8,
          scaledUiAmountMultiplier: 1.0571,
        }),
        multiplier: 1.0571,
        weightBps: 5_000,
      },
      {
        mint: await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 }),
        multiplier: 1,
        weightBps: 3_000,
      },
      {
        mint: await createMint(svm, payer, {
          tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
          decimals: 9,
          scaledUiAmountMultiplier: 2.5,
        }),
        multiplier: 2.5,
        weightBps: 2_000,
      },
    ];
  });

  it('initialize_config installs the admins and keepers, signed by the upgrade authority', async () => {
    const init = await getInitializeConfigInstructionFor({
      payer,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keepers: [keeperAddress],
      maxDeviationBps: 1_000,
      adminSigners: admins.slice(0, 3),
    });
    await land('oracle.initialize_config', [init]);
    const [config] = await readAccounts(svmRpc(svm), [oracleConfigAccount(init.config)]);
    expect(config.exists && config.data.keepers.slice(0, 1)).toEqual([keeperAddress]);
    expect(config.exists && config.data.admins.threshold).toBe(3);
  });

  it('create_snapshot creates the SKU snapshot with its mints, and a keeper push lands', async () => {
    const create = await getCreateSnapshotInstructionFor({
      payer,
      sku: SKU,
      mints: assets.map((a) => a.mint.address),
      adminSigners: admins.slice(1, 4),
    });
    await land('oracle.create_snapshot', [create]);
    await land('oracle.push_snapshot (3 entries)', await push(1n));
    const [snapshot] = await readAccounts(svmRpc(svm), [navSnapshotAccount(create.snapshot)]);
    expect(snapshot.exists && snapshot.data.sequence).toBe(1n);
    expect(snapshot.exists && snapshot.data.entryCount).toBe(3);
  });

  it('approve_deviation lets the push it names move beyond the cap', async () => {
    // a 50% price move is beyond the 10% cap: refused without approval
    const tooFar = await landAndCost(svm, payer, await push(2n, 5_000_000_000n));
    expect(tooFar.failure).toMatchObject({ kind: 'custom', program: 'oracle' });
    await land('oracle.approve_deviation', [
      await getApproveDeviationInstructionFor({
        sku: SKU,
        sequence: 2n,
        adminSigners: admins.slice(2, 5),
      }),
    ]);
    await land('oracle.push_snapshot (approved move)', await push(2n, 5_000_000_000n));
    // a move beyond the cap can also be co-signed by the admins in the push itself
    await land(
      'oracle.push_snapshot (co-signed move)',
      await push(3n, 25_000_000_000n, admins.slice(0, 3)),
    );
    const { navSnapshot } = await findSkuAddresses(SKU);
    const [snapshot] = await readAccounts(svmRpc(svm), [navSnapshotAccount(navSnapshot)]);
    expect(snapshot.exists && snapshot.data.sequence).toBe(3n);
  });

  it('rotate_keepers replaces the keeper set', async () => {
    const extra = await generateKeyPairSigner();
    const rotate = await getOracleRotateKeepersInstructionFor({
      keepers: [keeperAddress, extra.address],
      adminSigners: admins.slice(0, 3),
    });
    await land('oracle.rotate_keepers', [rotate]);
    const { oracleConfig } = await findSkuAddresses(SKU);
    const [config] = await readAccounts(svmRpc(svm), [oracleConfigAccount(oracleConfig)]);
    expect(config.exists && config.data.keeperCount).toBe(2);
  });

  it('init_vault creates the vault, share mint, cash buffer and holdings at their PDAs', async () => {
    const treasury = await generateKeyPairSigner();
    const init = await getInitVaultInstructionFor({
      payer,
      sku: SKU,
      stableMint: usdc.address,
      stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
      assets: assets.map((a) => ({
        mint: a.mint.address,
        tokenProgram: a.mint.tokenProgram,
        weightBps: a.weightBps,
      })),
      admins: admins.map((a) => a.address),
      threshold: 3,
      keeper: keeperAddress,
      treasury: treasury.address,
      tradeAuthority: treasury.address,
      mgmtFeeBps: 20,
      perfFeeBps: 1_000,
      withdrawFeeBps: 5,
      cashBufferBps: 500,
      maxSlipBps: 50,
      depositCapUsd: 10_000_000_000_000n,
      minDepositRaw: 1_000_000n,
      adminSigners: admins.slice(0, 3),
    });
    await land('vault.init_vault (3 assets)', [init]);
    const v = await vault();
    expect(v.address).toBe(init.vault);
    expect(v.data.shareMint).toBe(init.shareMint);
    expect(v.data.assets.slice(0, 3).map((a) => a.mint)).toEqual(assets.map((a) => a.mint.address));
    for (const holding of init.holdings) expect(svm.getAccount(holding).exists).toBe(true);
  });

  it('set_share_metadata names the share mint once', async () => {
    const meta = getSetShareMetadataInstructionFor({
      payer,
      vault: await vault(),
      name: 'Admin Basket One',
      symbol: 'ADM1',
      uri: 'https://example.com/adm1.json',
      adminSigners: admins.slice(0, 3),
    });
    await land('vault.set_share_metadata', [meta]);
    const again = await landAndCost(svm, payer, [meta]);
    expect(again.failure).toMatchObject({ constant: 'VAULT_ERROR__ALREADY_INITIALIZED' });
    const v = await vault();
    expect(() =>
      getSetShareMetadataInstructionFor({
        payer,
        vault: v,
        name: '',
        symbol: 'X',
        uri: '',
        adminSigners: [],
      }),
    ).toThrow(/name must be 1-32/);
  });

  it('set_paused pauses and unpauses the vault', async () => {
    const v = await vault();
    await land('vault.set_paused', [
      getSetPausedInstructionFor({
        vault: v.address,
        paused: true,
        adminSigners: admins.slice(0, 3),
      }),
    ]);
    expect((await vault()).data.paused).toBe(1);
    await land('vault.set_paused', [
      getSetPausedInstructionFor({
        vault: v.address,
        paused: false,
        adminSigners: admins.slice(2, 5),
      }),
    ]);
    expect((await vault()).data.paused).toBe(0);
  });

  it('set_paused with two admins is refused with the threshold error', async () => {
    const v = await vault();
    const r = await landAndCost(svm, payer, [
      getSetPausedInstructionFor({
        vault: v.address,
        paused: true,
        adminSigners: admins.slice(0, 2),
      }),
    ]);
    expect(r.failure).toMatchObject({
      kind: 'custom',
      shared: true,
      constant: 'VAULT_ERROR__ADMIN_THRESHOLD_NOT_MET',
    });
  });

  it('set_asset_status freezes an asset at once', async () => {
    const v = await vault();
    await land('vault.set_asset_status', [
      getSetAssetStatusInstructionFor({
        vault: v.address,
        assetIndex: 2,
        status: ASSET_STATUS.Frozen,
        adminSigners: admins.slice(0, 3),
      }),
    ]);
    expect((await vault()).data.assets[2]?.status).toBe(ASSET_STATUS.Frozen);
    await land('vault.set_asset_status', [
      getSetAssetStatusInstructionFor({
        vault: v.address,
        assetIndex: 2,
        status: ASSET_STATUS.Active,
        adminSigners: admins.slice(0, 3),
      }),
    ]);
  });

  it('update_weights queues, cancel_weights drops, and apply_weights applies after 48 h', async () => {
    await land('vault.update_weights', [
      getUpdateWeightsInstructionFor({
        vault: await vault(),
        weightsBps: [4_000, 4_000, 2_000],
        adminSigners: admins.slice(0, 3),
      }),
    ]);
    const queued = await vault();
    expect(queued.data.pendingWeightsEta).toBe(svm.getClock().unixTimestamp + 48n * 3_600n);
    await land('vault.cancel_weights', [
      getCancelWeightsInstructionFor({ vault: queued, adminSigners: admins.slice(0, 3) }),
    ]);
    await land('vault.update_weights', [
      getUpdateWeightsInstructionFor({
        vault: await vault(),
        weightsBps: [3_400, 3_300, 3_300],
        adminSigners: admins.slice(0, 3),
      }),
    ]);
    const early = await landAndCost(svm, payer, [
      getApplyWeightsInstructionFor({ vault: await vault() }),
    ]);
    expect(early.failure).toMatchObject({ kind: 'custom', program: 'vault' });
    setUnixTime(svm, svm.getClock().unixTimestamp + 48n * 3_600n);
    await land('vault.apply_weights', [getApplyWeightsInstructionFor({ vault: await vault() })]);
    expect((await vault()).data.assets.slice(0, 3).map((a) => a.targetWeightBps)).toEqual([
      3_400, 3_300, 3_300,
    ]);
    expect(() =>
      getUpdateWeightsInstructionFor({ vault: queued, weightsBps: [10_000], adminSigners: [] }),
    ).toThrow(/3 assets/);
  });
});
