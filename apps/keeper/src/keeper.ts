// The keeper service: wiring only. Postgres (the world's, DATABASE_URL, or a local server of
// its own), the schema, the leader election, the budgeted RPC, the API client, the signer,
// the fenced sender, the queue (run only while leading), the stale-NAV watch, and the HTTP
// servers: public (/healthz, /readyz, /distributions) and admin on 127.0.0.1 (/metrics,
// /status). Readiness is kept state: Postgres and the RPC probed on a timer, the election's
// last round, and the queue runner while this replica leads.
import { startPostgres } from '@basket/postgres-server';
import {
  clockSysvarAccount,
  createPriorityFeeEstimator,
  navSnapshotAccount,
  readAccounts,
} from '@basket/sdk';
import {
  createReadiness,
  createServiceServer,
  type Logger,
  type Metrics,
  migrateQueueSchemas,
  periodic,
  type SupervisedQueue,
} from '@basket/service-kit';
import { type Clock, createTokenizedApiClient } from '@basket/tokenized-api';
import { Configuration, SwapApi } from '@jup-ag/api';
import type { Address } from '@solana/kit';
import { makeWorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { createFencedSender } from './chain/fenced-send.ts';
import { feeCapFor, feePolicyOf, landingSettings, rpcEndpointsOf } from './chain/landing-config.ts';
import {
  landingHooks,
  landingMetrics,
  onEndpointEvent,
  recordEndpointHealth,
} from './chain/landing-metrics.ts';
import { createKeeperLimits } from './chain/limits.ts';
import { createLimitedRpc, createSubscriptions, limitedFetch } from './chain/rpc.ts';
import type { KeeperContext } from './jobs/context.ts';
import { createLegCooldowns } from './jobs/leg-cooldown.ts';
import { staleCheck } from './jobs/nav-push.ts';
import { startQueue } from './jobs/queue.ts';
import { chainMsOf } from './routes/chain-time.ts';
import { createRfqCosigner } from './routes/rfq-cosign-client.ts';
import { resolveInFlight } from './service/actions.ts';
import { apiOutageSink, createAlerter } from './service/alerts.ts';
import type { KeeperConfig } from './service/config.ts';
import { registerDistributionRoutes } from './service/distributions-route.ts';
import { keeperMetrics } from './service/keeper-metrics.ts';
import { type LeaderElector, startLeaderElection } from './service/leader.ts';
import { currentLeader, leaderChangesSince } from './service/lease.ts';
import { ensureKeeperSchema, QUEUE_SCHEMA } from './service/schema.ts';
import { createRoleSigners } from './service/signer.ts';

export const LEASE_NAME = 'keeper';
/** A send is claimed only while the lease has at least this long left (15 s TTL). */
const CLAIM_MARGIN_MS = 3_000;
/** A `sending` action older than this has an expired blockhash (validity ~60-90 s). */
const IN_FLIGHT_SETTLE_MS = 150_000;
/** A dry run's elector: it never holds the lease and never asks for it. */
const NEVER_LEADS: LeaderElector = {
  lease: () => null,
  tick: async () => null,
  stop: async () => {},
};

export type Keeper = Readonly<{
  context: KeeperContext;
  /** The public listener (/healthz, /readyz, /distributions). */
  url: string | null;
  /** The admin listener (/metrics, /status), 127.0.0.1 unless configured otherwise. */
  adminUrl: string | null;
  close: () => Promise<void>;
}>;

async function database(config: KeeperConfig) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const server = await startPostgres({ dataDir: config.dataDir, env: {} });
  return { url: server.url, stop: server.stop };
}

/**
 * Starts the keeper. `serve: false` (for `keeper once`) skips the HTTP server and the queue;
 * it campaigns under a holder name of its own (`<replica>/once-<pid>`), so it leads only when
 * the lease is free or expired, never by renewing a running replica's lease that shares its
 * KEEPER_REPLICA_ID, and gives the lease back when it closes. A dry-run keeper never campaigns
 * and never starts the queue: it cannot take the lease from the replicas that send.
 *
 * @example
 * const keeper = await startKeeper(config, logger, metrics, { serve: true });
 * await keeper.close();
 */
export async function startKeeper(
  config: KeeperConfig,
  logger: Logger,
  metrics: Metrics,
  options: {
    serve: boolean;
    /** False for `keeper status`: it reads and prints, so it never takes the lease. */
    campaign?: boolean;
    now?: () => number;
    apiClock?: Clock;
  },
): Promise<Keeper> {
  const db = await database(config);
  const pool = new pg.Pool({ connectionString: db.url, max: 8 });
  pool.on('error', (error) => logger.warn({ err: error }, 'postgres client error'));
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.warn({ err: error }, 'postgres connection error')),
  );
  const stops: (() => Promise<unknown>)[] = [() => pool.end(), db.stop];
  try {
    await ensureKeeperSchema(pool);
    const m = keeperMetrics(metrics);
    const alert = createAlerter(
      logger,
      m,
      config.skus.map((s) => s.skuId),
    );
    const limits = createKeeperLimits(config);
    stops.unshift(() => limits.stop());
    const lm = landingMetrics(metrics);
    const landing = landingSettings(config);
    const { rpc, pool: rpcPool } = createLimitedRpc(
      rpcEndpointsOf(landing),
      limits,
      (method) => m.rpcCalls.inc({ method }),
      {
        perEndpointPerSecond: landing.rpcEndpointPerSecond,
        onEndpointEvent: (e) => {
          onEndpointEvent(lm, e);
          recordEndpointHealth(lm, rpcPool);
        },
      },
    );
    stops.unshift(() => rpcPool.stop());
    recordEndpointHealth(lm, rpcPool);
    const subscriptions = createSubscriptions(config.wsUrl);
    const apiLog = logger.child({ component: 'tokenized-api' });
    const api = createTokenizedApiClient({
      baseUrl: config.tokenizedApiUrl,
      ...(config.tokenizedApiKey ? { apiKey: config.tokenizedApiKey } : {}),
      fetch: limitedFetch(limits),
      cacheProfile: 'keeper',
      ...(options.apiClock ? { clock: options.apiClock } : {}),
      logger: {
        debug: (msg, f) => apiLog.debug(f ?? {}, msg),
        info: (msg, f) => apiLog.info(f ?? {}, msg),
        warn: (msg, f) => apiLog.warn(f ?? {}, msg),
        error: (msg, f) => apiLog.error(f ?? {}, msg),
      },
      alertSink: apiOutageSink(alert, logger, m),
    });
    // One key per role, each its own keychain signer; two roles on one key refuse to start.
    const signers = await createRoleSigners(config);
    const signer = signers.signer;
    const swapApi = config.aggregatorUrl
      ? new SwapApi(new Configuration({ basePath: config.aggregatorUrl }))
      : null;
    const rfqCosign = createRfqCosigner({
      baseUrl: config.tokenizedApiUrl,
      apiKey: config.tokenizedApiKey,
      fetch: limitedFetch(limits),
    });
    // Every queue schema of the database migrated before any runner here starts (so no later
    // migration announces a breaking change to a running runner), and before `enqueue` is used.
    await migrateQueueSchemas(pool);
    const workerUtils = await makeWorkerUtils({ pgPool: pool, schema: QUEUE_SCHEMA });
    stops.unshift(async () => workerUtils.release());
    const readiness = createReadiness();
    stops.unshift(() => readiness.close());
    readiness.probe({
      name: 'postgres',
      check: async () => (await pool.query('select 1')).rowCount === 1,
    });
    readiness.probe({ name: 'rpc', check: async () => (await rpc.getHealth().send()) === 'ok' });
    const election =
      config.dryRun || options.campaign === false
        ? null
        : readiness.part('leader-election', 'no election round yet');
    let runner: SupervisedQueue | null = null;
    let context: KeeperContext | null = null;
    // A dry run never campaigns: leading, it would hold the lease while sending nothing.
    const elector: LeaderElector =
      config.dryRun || options.campaign === false
        ? NEVER_LEADS
        : startLeaderElection({
            pool,
            name: LEASE_NAME,
            holder: options.serve ? config.replicaId : `${config.replicaId}/once-${process.pid}`,
            ttlMs: config.leaseTtlMs,
            onError: (error) => logger.warn({ err: error }, 'leader election round failed'),
            onRound: (error) =>
              error === null
                ? election?.up()
                : election?.down(
                    `leader election round failed: ${error instanceof Error ? error.message : String(error)}`,
                  ),
            onChange: (lease) => {
              m.leader.set(lease ? 1 : 0);
              m.leaderToken.set(lease ? Number(lease.token) : 0);
              m.leaderChanges.inc();
              logger.info(
                { token: lease?.token.toString() ?? null },
                lease ? 'leader: this replica leads' : 'leader: this replica follows',
              );
              if (!options.serve || !context) return;
              syncQueue(context).catch((error) =>
                logger.error({ err: error }, 'queue start/stop failed'),
              );
            },
          });
    if (config.dryRun) {
      logger.info(
        { replica: config.replicaId },
        'dry-run: not campaigning for the lease, no queue; jobs run only when asked (keeper once)',
      );
    }
    // One queue runner at most, started and stopped in turn (never two racing starts).
    let queueOp: Promise<void> = Promise.resolve();
    let closing = false;
    const syncQueue = (ctx: KeeperContext) => {
      queueOp = queueOp
        .catch(() => {})
        .then(async () => {
          // Never true in a dry run: its elector never leads.
          const lead = elector.lease() !== null && !closing;
          // The runner is a part of readiness only while this replica leads: a follower
          // takes no job by design.
          if (lead && !runner) {
            const part = readiness.part('queue', 'starting');
            // Not awaited: a start that keeps failing must not hold up a later stop.
            runner = startQueue(ctx, pool, logger, config.workerConcurrency, part);
          } else if (!lead && runner) {
            const r = runner;
            runner = null;
            await r.stop();
            readiness.drop('queue');
          }
        });
      return queueOp;
    };
    stops.unshift(async () => {
      closing = true;
      await queueOp.catch(() => {});
      if (runner) await runner.stop();
      runner = null;
      await elector.stop();
    });
    const send = createFencedSender({
      rpc,
      subscriptions,
      pool,
      elector,
      limits,
      feePayer: signers.feePayerSigner,
      programs: config.programs as KeeperContext['programs'],
      logger,
      dryRun: config.dryRun,
      // Never more than a quarter of the TTL: a renewed lease always has that much left.
      claimMarginMs: Math.min(CLAIM_MARGIN_MS, Math.floor(config.leaseTtlMs / 4)),
      onSent: (job) => m.txSent.inc({ job }),
      landing: {
        ...landingHooks(lm, alert, landing.landingAlertSeconds),
        estimator: createPriorityFeeEstimator({
          rpc,
          policy: feePolicyOf(landing),
          provider: landing.feeProviderMethod
            ? { url: landing.rpcUrls[0] as string, method: landing.feeProviderMethod }
            : null,
        }),
        capLamports: (job, legValueUsd1e8) => feeCapFor(landing, job, legValueUsd1e8),
        resendIntervalMs: landing.resendIntervalMs,
        maxVersions: landing.maxTxVersions,
      },
    });
    const now = options.now ?? Date.now;
    context = {
      config,
      logger,
      metrics: m,
      alert,
      rpc,
      api,
      signer,
      tradeSigner: signers.tradeSigner,
      navSigner: signers.navSigner,
      distributor: signers.distributorSigner,
      feePayer: signers.feePayerSigner,
      swapApi,
      rfqCosign,
      pool,
      elector,
      limits,
      send,
      programs: config.programs as KeeperContext['programs'],
      skus: config.skus,
      now,
      legCooldowns: createLegCooldowns(config.legCooldownSeconds, now),
      enqueue: async (task, payload, o) => {
        if (config.dryRun) {
          logger.info({ task, payload, jobKey: o.jobKey }, 'dry-run: would enqueue');
          return;
        }
        await workerUtils.addJob(task, payload, {
          jobKey: o.jobKey,
          jobKeyMode: 'preserve_run_at',
          ...(o.runAt ? { runAt: o.runAt } : {}),
          maxAttempts: 3,
        });
      },
    };
    const ctx = context;
    if (!config.dryRun) await elector.tick();
    if (options.serve && !config.dryRun) {
      await syncQueue(ctx);
      // A leader returns with its runner up (its first start; later ones are supervised).
      await (runner as SupervisedQueue | null)?.started.catch(() => {});
    }
    if (!options.serve)
      return { context: ctx, url: null, adminUrl: null, close: closeAll(stops, logger) };

    // Every replica watches NAV age (a follower alerts too when the leader is gone).
    const watch = periodic(
      async () => {
        recordEndpointHealth(lm, rpcPool);
        for (const sku of ctx.skus) await staleCheck(ctx, sku);
        if (elector.lease()) {
          await resolveInFlight(
            pool,
            async (sigs) =>
              (
                await rpc
                  .getSignatureStatuses(sigs as never, { searchTransactionHistory: true })
                  .send()
              ).value,
            IN_FLIGHT_SETTLE_MS,
          );
        }
      },
      15_000,
      (error) => logger.warn({ err: error }, 'NAV watch failed'),
    );
    stops.unshift(() => watch.stop());
    const server = createServiceServer({
      logger,
      metrics,
      readiness,
      admin: { host: config.adminHost, port: config.adminPort },
    });
    // /status names the replicas, the lease and recent actions: operators only.
    server.admin.get('/status', async () => statusOf(ctx));
    registerDistributionRoutes(server, config.distributionsDir);
    const url = await server.listen({ host: config.host, port: config.port });
    stops.unshift(() => server.close());
    const adminUrl = server.adminUrl();
    logger.info(
      {
        url,
        adminUrl,
        replica: config.replicaId,
        dryRun: config.dryRun,
        keys: Object.fromEntries(Object.entries(signers).map(([k, v]) => [k, v.address])),
      },
      'keeper listening',
    );
    return { context: ctx, url, adminUrl, close: closeAll(stops, logger) };
  } catch (error) {
    for (const stop of stops) await stop().catch(() => {});
    throw error;
  }
}

function closeAll(stops: (() => Promise<unknown>)[], logger: Logger) {
  return async () => {
    for (const stop of stops)
      await stop().catch((error) => logger.warn({ err: error }, 'stop failed'));
  };
}

/** What `keeper status` and GET /status print. */
export async function statusOf(ctx: KeeperContext) {
  const leader = await currentLeader(ctx.pool, LEASE_NAME);
  const changes = await leaderChangesSince(ctx.pool, LEASE_NAME, 3_600_000);
  const { rows } = await ctx.pool.query<{
    action_key: string;
    job: string;
    status: string;
    token: string;
    updated_at: Date;
  }>(
    'select action_key, job, status, token, updated_at from keeper.actions order by updated_at desc limit 10',
  );
  const ages: Record<string, number> = {};
  // Ages at the chain's time, as the oracle judges them (the Clock read in the same batch).
  const [clock, ...snaps] = await readAccounts(ctx.rpc, [
    clockSysvarAccount(),
    ...ctx.skus.map((s) => navSnapshotAccount(s.snapshot as Address, ctx.programs)),
  ]);
  const chainNow = chainMsOf(clock);
  ctx.skus.forEach((s, i) => {
    const snap = snaps[i] as { exists: boolean; data?: { publishUnixTime: bigint } } | undefined;
    if (snap?.exists && snap.data)
      ages[s.skuId] = Math.round(chainNow / 1000 - Number(snap.data.publishUnixTime));
  });
  return {
    replica: ctx.config.replicaId,
    leading: ctx.elector.lease() !== null,
    leader: leader
      ? {
          holder: leader.holder,
          token: leader.token.toString(),
          expiresInMs: Math.round(leader.expiresInMs),
        }
      : null,
    leaderChangesLastHour: changes,
    navAgeSeconds: ages,
    recentActions: rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() })),
  };
}
