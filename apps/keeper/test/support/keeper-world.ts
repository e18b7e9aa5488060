// A local world for the keeper's end-to-end suites: the validator with the product, the API
// simulator backed by that chain, a test database, and keeper configurations for replicas.
import { join } from 'node:path';
import { loadAggregatorConfig, startAggregator } from '@basket/aggregator-sim';
import { startTestDatabase } from '@basket/postgres-server';
import {
  findAssociatedTokenAddress,
  getApproveDeviationInstructionFor,
  getDepositInstructionsFor,
  getNavQuote,
  getWithdrawUsdcInstructionsFor,
  quoteDeposit,
  quoteStableWithdrawal,
  rawAmount,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import type { Clock } from '@basket/tokenized-api';
import { DEFAULT_SIM_CONFIG, startSimulator } from '@basket/tokenized-api-sim';
import {
  loadWorldKeys,
  MANIFEST_FILE,
  programAddressesOf,
  readSigner,
  startWorld,
  type TestWorld,
} from '@basket/world';
import type { Address } from '@solana/kit';
import { type Keeper, startKeeper } from '../../src/keeper.ts';
import type { KeeperConfig } from '../../src/service/config.ts';

export type KeeperWorld = Readonly<{
  world: TestWorld;
  databaseUrl: string;
  apiUrl: string;
  config: (replicaId: string, over?: Partial<KeeperConfig>) => KeeperConfig;
  keeper: (
    replicaId: string,
    over?: Partial<KeeperConfig>,
    options?: { apiClock?: Clock; serve?: boolean },
  ) => Promise<Keeper>;
  /** Another simulator on the same chain answering every request with 503. */
  failingApi: () => Promise<{ url: string; close: () => Promise<void> }>;
  stop: () => Promise<void>;
}>;

/**
 * The world's bootstrap pushed its catalog prices; the simulator quotes its own market, more
 * than the oracle's deviation cap away for some stocks. As an operator would, the admins
 * (3 of 5) approve the first keeper push of each snapshot beyond the cap.
 */
async function approveDeviations(world: TestWorld): Promise<void> {
  const keys = await loadWorldKeys(world.dir);
  const programs = programAddressesOf(world.manifest);
  for (const sku of world.manifest.skus) {
    const approve = await getApproveDeviationInstructionFor(
      { sku: sku.skuId, adminSigners: keys.admins.slice(0, 3) },
      programs,
    );
    await world.chain.land(`approve_deviation ${sku.skuId}`, keys.admins[0] as never, [approve]);
  }
}

/** A deposit of `usdc` whole dollars by the world's first demo wallet (after a fresh push). */
export async function demoDeposit(world: TestWorld, skuId: string, usdc: bigint): Promise<void> {
  const programs = programAddressesOf(world.manifest);
  const rpc = world.chain.rpc;
  const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
  const source = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: world.manifest.stablecoin.mint as Address,
    tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
  });
  const read = { programs, commitment: 'confirmed' as const };
  const quote = quoteDeposit(await getNavQuote(rpc, skuId, read), rawAmount(usdc * 1_000_000n), {
    vaultProgram: programs.vault,
  });
  if (!quote.ok) throw new Error(quote.refusal.message);
  const sku = world.manifest.skus.find((s) => s.skuId === skuId);
  const [vault] = await readAccounts(rpc, [vaultStateAccount(sku?.vault as Address, programs)]);
  if (!vault.exists) throw new Error('no vault');
  const deposit = await getDepositInstructionsFor(
    {
      depositor: wallet,
      vault,
      source,
      rawAmount: quote.rawAmount,
      minSharesOut: quote.minSharesOut,
    },
    { rpc, ...read },
  );
  await world.chain.land('deposit', wallet, deposit.instructions);
}

/**
 * A stablecoin withdrawal of 10 shares by the first demo wallet (after a fresh push): its fee
 * stays in the vault's cash buffer, owed to the treasury.
 */
export async function demoWithdraw(world: TestWorld, skuId: string): Promise<void> {
  const programs = programAddressesOf(world.manifest);
  const rpc = world.chain.rpc;
  const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
  const read = { programs, commitment: 'confirmed' as const };
  const sku = world.manifest.skus.find((s) => s.skuId === skuId);
  const [vault] = await readAccounts(rpc, [vaultStateAccount(sku?.vault as Address, programs)]);
  if (!vault.exists) throw new Error('no vault');
  const shareAccount = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: vault.data.shareMint,
    tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address,
  });
  const { value } = await rpc
    .getTokenAccountBalance(shareAccount, { commitment: 'confirmed' })
    .send();
  // About 10 USD: well within the cash buffer whatever the wallet holds.
  const shares = BigInt(value.amount) < 10_000_000n ? BigInt(value.amount) : 10_000_000n;
  const quote = quoteStableWithdrawal(await getNavQuote(rpc, skuId, read), shares, {
    vaultProgram: programs.vault,
  });
  if (!quote.ok) throw new Error(quote.refusal.message);
  const treasuryStable = await findAssociatedTokenAddress({
    owner: vault.data.treasury,
    mint: vault.data.stableMint,
    tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
  });
  const withdraw = await getWithdrawUsdcInstructionsFor(
    { owner: wallet, vault, treasuryStable, shares, quotedOut: quote.netUsd, maxSlipBps: 50 },
    { rpc, ...read },
  );
  await world.chain.land('withdraw_usdc', wallet, withdraw.instructions);
}

export async function startKeeperWorld(): Promise<KeeperWorld> {
  const world = await startWorld();
  const db = await startTestDatabase('keeper');
  const keeperKey = await readSigner(world.manifest.keys.keeper);
  const sim = await startSimulator({
    ...DEFAULT_SIM_CONFIG,
    port: 0,
    logRequests: false,
    // The vaults' trade authority (the keeper's key in the world) trades through the RFQ.
    whitelistedWallets: [...DEFAULT_SIM_CONFIG.whitelistedWallets, keeperKey.address],
    world: {
      manifestPath: join(world.dir, MANIFEST_FILE),
      rpcUrl: world.localnet.rpcUrl,
      wsUrl: world.localnet.wsUrl,
    },
  });
  const m = world.manifest;
  const silent = createLogger({ name: 'aggregator-sim', level: 'silent' });
  const aggregator = await startAggregator(
    loadAggregatorConfig({
      SOLANA_RPC_URL: world.localnet.rpcUrl,
      WORLD_MANIFEST: join(world.dir, MANIFEST_FILE),
      AGGREGATOR_PORT: '0',
    }),
    silent,
    createMetrics('aggregator_sim_t'),
  );
  await approveDeviations(world);
  const mintOf = new Map(m.stocks.map((s) => [s.symbol, s.mint]));
  const config = (replicaId: string, over: Partial<KeeperConfig> = {}): KeeperConfig => ({
    rpcUrl: world.localnet.rpcUrl,
    wsUrl: world.localnet.wsUrl,
    databaseUrl: db.url,
    dataDir: join(world.dir, 'unused-pg'),
    distributionsDir: join(world.dir, 'distributions'),
    tokenizedApiUrl: sim.baseUrl,
    host: '127.0.0.1',
    port: 0,
    replicaId,
    programs: { oracle: m.programs.oracle, vault: m.programs.vault, rewards: m.programs.rewards },
    skus: m.skus.map((s) => ({
      skuId: s.skuId,
      vault: s.vault,
      snapshot: s.snapshot,
      lookupTable: s.lookupTable,
      assets: s.assets.map((a) => ({ symbol: a.symbol, mint: mintOf.get(a.symbol) ?? a.mint })),
    })),
    tokenizedApiKey: DEFAULT_SIM_CONFIG.apiKey,
    signer: { kind: 'keypair-file', path: m.keys.keeper },
    // The world registers the keeper's key as every vault's trade authority (bootstrap/skus.ts).
    tradeSigner: { kind: 'keypair-file', path: m.keys.keeper },
    aggregatorUrl: aggregator.url,
    leaseTtlMs: 2_000,
    txPerMinutePerJob: 60,
    rpcPerSecond: 50,
    txPerSecond: 5,
    assetIndexPerSecond: 10,
    minTradeUsd: '50',
    driftThresholdBps: 100,
    workerConcurrency: 1,
    dryRun: false,
    ...over,
  });
  const logger = createLogger({
    name: 'keeper-test',
    level: process.env.KEEPER_TEST_LOG ?? 'silent',
  });
  let n = 0;
  return {
    world,
    databaseUrl: db.url,
    apiUrl: sim.baseUrl,
    config,
    keeper: (replicaId, over, options = {}) =>
      startKeeper(config(replicaId, over), logger, createMetrics(`keeper_t${n++}`), {
        ...options,
        serve: options.serve ?? false,
      }),
    failingApi: async () => {
      const failing = await startSimulator({
        ...DEFAULT_SIM_CONFIG,
        port: 0,
        logRequests: false,
        faults: { ...DEFAULT_SIM_CONFIG.faults, serverErrorEvery: 1, serverErrorBurst: 1 },
      });
      return { url: failing.baseUrl, close: () => failing.close() };
    },
    stop: async () => {
      await aggregator.close();
      await sim.close();
      await db.close();
      await world.stop();
    },
  };
}
