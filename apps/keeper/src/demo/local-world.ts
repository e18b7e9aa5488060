// A local world for the keeper, in one process: the validator with the product (from the world
// template), the API simulator and the swap aggregator backed by that chain, a throw-away
// Postgres, and keeper configurations for replicas. The keeper's world suites and the
// trading-day demo (`npm run trading-day`) start it; nothing in the service imports it.
import { join } from 'node:path';
import { loadAggregatorConfig, startAggregator } from '@basket/aggregator-sim';
import { startTestDatabase } from '@basket/postgres-server';
import { getApproveDeviationInstructionFor } from '@basket/sdk';
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
import { type Keeper, startKeeper } from '../keeper.ts';
import type { KeeperConfig, KeeperSku } from '../service/config.ts';

export { demoDeposit, requestUsdcWithdrawal } from './demo-wallet.ts';

/**
 * "Now" as the chain's Clock reads it, between reads kept running on this machine's clock (the
 * sysvar has whole seconds): the simulator and the keeper take their time from it, so the
 * market they see is the one of the chain's moved clock.
 */
export type ChainFollowingClock = Readonly<{
  now: () => number;
  /** Re-reads the chain's Clock. */
  sync: () => Promise<number>;
  /** Moves the chain's clock forward to `ms` (never back) and follows it. */
  travelTo: (ms: number) => Promise<number>;
}>;

export function chainFollowingClock(world: TestWorld): ChainFollowingClock {
  let offset = 0;
  const sync = async () => {
    const chain = Number((await world.clock.now()).unixTimestamp) * 1_000;
    offset = chain - Date.now();
    return chain;
  };
  return {
    now: () => Date.now() + offset,
    sync,
    travelTo: async (ms) => {
      await world.clock.travelTo(ms);
      return sync();
    },
  };
}

/** Options of a keeper world (none: the one every suite used first). */
export type KeeperWorldOptions = Readonly<{
  /** The validator's slot time (blockhash expiry in fewer seconds). */
  slotTimeMs?: number;
  /** The simulator's and the keepers' time follows the chain's clock (moved by the suite). */
  followChainClock?: boolean;
  /** The simulator's market stands still at its start (prices constant; quotes follow the chain). */
  freezeMarket?: boolean;
  /** Halt flags by symbol, read by the simulator at each request (the suite may change them). */
  halts?: Record<string, { market: boolean; atomic: boolean }>;
  /**
   * Every swap asset's quote validity and execution timeout as this world's keepers read them
   * (the swap assets list), instead of the simulator's 15-120 s: a keeper refuses to sign a
   * quote older than its validity, and polls a confirmed fill for Completed + Executed for at
   * most the execution timeout. An unconfirmed fill expires with its blockhash (~15 s at
   * 100 ms slots), which no setting shortens. For suites that drive
   * `keeper.context` (not served keepers, whose queue builds its own context).
   */
  swapTimings?: Readonly<{ quoteValiditySeconds: number; executionTimeoutSeconds: number }>;
}>;

export type KeeperWorld = Readonly<{
  world: TestWorld;
  /** The time the simulator and the keepers use (the chain's when followed). */
  clock: ChainFollowingClock;
  databaseUrl: string;
  apiUrl: string;
  config: (replicaId: string, over?: Partial<KeeperConfig>) => KeeperConfig;
  keeper: (
    replicaId: string,
    over?: Partial<KeeperConfig>,
    options?: { apiClock?: Clock; serve?: boolean; campaign?: boolean },
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

/** The keeper's SKUs of a world (what the world's keepers are configured with). */
export function keeperSkusOf(m: TestWorld['manifest']): KeeperSku[] {
  const mintOf = new Map(m.stocks.map((s) => [s.symbol, s.mint]));
  return m.skus.map((s) => ({
    skuId: s.skuId,
    vault: s.vault,
    snapshot: s.snapshot,
    lookupTable: s.lookupTable,
    assets: s.assets.map((a) => ({ symbol: a.symbol, mint: mintOf.get(a.symbol) ?? a.mint })),
  }));
}

/** `keeper` whose context reads every swap asset with `timings` (see `swapTimings`). */
function withSwapTimings(
  keeper: Keeper,
  timings: NonNullable<KeeperWorldOptions['swapTimings']>,
): Keeper {
  const api = keeper.context.api;
  return {
    ...keeper,
    context: {
      ...keeper.context,
      api: {
        ...api,
        listXChangeAssets: async () =>
          (await api.listXChangeAssets()).map((a) => ({ ...a, ...timings })),
      },
    },
  };
}

export async function startKeeperWorld(options: KeeperWorldOptions = {}): Promise<KeeperWorld> {
  const world = await startWorld(
    options.slotTimeMs === undefined ? {} : { slotTimeMs: options.slotTimeMs },
  );
  const clock = chainFollowingClock(world);
  if (options.followChainClock) await clock.sync();
  const followed = options.followChainClock ? { now: clock.now } : undefined;
  const frozenAt = Date.now();
  const simClock = options.freezeMarket ? { now: () => frozenAt } : followed;
  const db = await startTestDatabase('keeper');
  const distributor = await readSigner(world.manifest.keys.distributor);
  const sim = await startSimulator(
    {
      ...DEFAULT_SIM_CONFIG,
      port: 0,
      logRequests: false,
      haltOverrides: options.halts ?? {},
      // A moved clock: the seeded halt windows (hours after the anchor) are put ten days in the
      // past, so the halts a run sees are the ones it sets.
      ...(options.followChainClock ? { anchorMs: clock.now() - 10 * 24 * 3_600_000 } : {}),
      // The distributor takes reward purchases through the RFQ into the rewards funding (the
      // vaults' trade authority is among the world's trading wallets already).
      whitelistedWallets: [...DEFAULT_SIM_CONFIG.whitelistedWallets, distributor.address],
      world: {
        manifestPath: join(world.dir, MANIFEST_FILE),
        rpcUrl: world.localnet.rpcUrl,
        wsUrl: world.localnet.wsUrl,
      },
    },
    simClock ? { clock: simClock } : {},
  );
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
  const config = (replicaId: string, over: Partial<KeeperConfig> = {}): KeeperConfig => ({
    rpcUrl: world.localnet.rpcUrl,
    wsUrl: world.localnet.wsUrl,
    databaseUrl: db.url,
    dataDir: join(world.dir, 'unused-pg'),
    distributionsDir: join(world.dir, 'distributions'),
    tokenizedApiUrl: sim.baseUrl,
    host: '127.0.0.1',
    port: 0,
    adminHost: '127.0.0.1',
    adminPort: 0,
    replicaId,
    programs: { oracle: m.programs.oracle, vault: m.programs.vault, rewards: m.programs.rewards },
    skus: keeperSkusOf(m),
    tokenizedApiKey: DEFAULT_SIM_CONFIG.apiKey,
    // One key per role, each the world's key of that role (apps/world bootstrap registers
    // them: the vaults' keeper and trade authority, the oracle's and the rewards program's
    // keeper sets; the fee payer holds the SOL).
    signer: { kind: 'keypair-file', path: m.keys.keeper },
    tradeSigner: { kind: 'keypair-file', path: m.keys.tradeAuthority },
    navSigner: { kind: 'keypair-file', path: m.keys.navSigner },
    distributorSigner: { kind: 'keypair-file', path: m.keys.distributor },
    feePayerSigner: { kind: 'keypair-file', path: m.keys.feePayer },
    aggregatorUrl: aggregator.url,
    // The only program whose swap instructions the keeper signs (the transaction firewall).
    ...(m.programs.testSwap ? { aggregatorProgram: m.programs.testSwap } : {}),
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
    clock,
    databaseUrl: db.url,
    apiUrl: sim.baseUrl,
    config,
    keeper: async (replicaId, over, o = {}) => {
      if (options.swapTimings && o.serve)
        throw new Error('swapTimings apply to keeper.context; a served keeper would not see them');
      const keeper = await startKeeper(
        config(replicaId, over),
        logger,
        createMetrics(`keeper_t${n++}`),
        { ...o, ...(followed ? { now: followed.now } : {}), serve: o.serve ?? false },
      );
      return options.swapTimings ? withSwapTimings(keeper, options.swapTimings) : keeper;
    },
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
