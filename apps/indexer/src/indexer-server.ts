// The indexer's HTTP server: the service kit's (health, readiness, metrics) with per-client
// rate limits (@fastify/rate-limit), the webhook routes and the analytics API. Wiring only:
// every decision lives in the route modules.

import {
  createServiceServer,
  type Logger,
  type Metrics,
  type ReadinessCheck,
  type ServiceServer,
} from '@basket/service-kit';
import rateLimit from '@fastify/rate-limit';
import type pg from 'pg';
import { apiRoutes, vaultReader } from './api-routes.ts';
import type { IndexerConfig } from './config.ts';
import { flowRoutes } from './flow-routes.ts';
import { liveRoutes } from './live-routes.ts';
import { createReadCache, type ReadCache } from './read-cache.ts';
import { rewardRoutes } from './reward-routes.ts';
import { isAuthorizedDelivery, webhookRoutes } from './webhook-routes.ts';

/** Bodies of every route but the webhooks (which have their own limit): none is posted. */
const OTHER_BODY_LIMIT = 16 * 1024;

/**
 * Builds (does not listen) the indexer's server.
 *
 * @example
 * const app = await indexerServer({ config, logger, metrics, writePool, readPool, readiness, accruedMgmtFee });
 * await app.listen({ host: config.host, port: config.port });
 */
export async function indexerServer(input: {
  config: Pick<
    IndexerConfig,
    'webhookSecret' | 'bodyLimitBytes' | 'rateLimitPerMinute' | 'rewardPrices'
  > &
    Partial<Pick<IndexerConfig, 'adminHost' | 'adminPort' | 'trustedProxies'>>;
  logger: Logger;
  metrics: Metrics;
  writePool: pg.Pool;
  readPool: pg.Pool;
  /** Probed on a timer by the service kit (every `probeIntervalMs`), never per request. */
  readiness: readonly ReadinessCheck[];
  probeIntervalMs?: number;
  /** Management fee shares accrued and not yet collected, read from the chain. */
  accruedMgmtFee?: (sku: string) => Promise<bigint | null>;
  cache?: ReadCache;
}): Promise<ServiceServer> {
  const { config, metrics } = input;
  const server = createServiceServer({
    logger: input.logger,
    metrics,
    bodyLimit: OTHER_BODY_LIMIT,
    readiness: input.readiness,
    ...(input.probeIntervalMs ? { probeIntervalMs: input.probeIntervalMs } : {}),
    // The client the rate limit counts: the proxy's X-Forwarded-For only from a trusted proxy.
    ...(config.trustedProxies ? { trustProxy: config.trustedProxies } : {}),
    // /metrics on its own listener, loopback unless the deployment says otherwise.
    admin: { host: config.adminHost ?? '127.0.0.1', port: config.adminPort ?? 0 },
  });
  const limited = metrics.counter(
    'http_rate_limited_total',
    'Requests refused for their client exceeding the per-minute limit',
  );
  await server.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // Clients by address; the store is an LRU of this many clients, so made-up clients
    // cannot grow memory.
    cache: 10_000,
    keyGenerator: (request) => request.ip,
    // The webhook sender is authenticated and must never be turned away for its volume.
    allowList: (request) => isAuthorizedDelivery(request, config.webhookSecret),
    onExceeded: () => limited.inc(),
  });
  const cache = input.cache ?? createReadCache();
  server.register(
    webhookRoutes({
      pool: input.writePool,
      secret: config.webhookSecret,
      metrics,
      bodyLimitBytes: config.bodyLimitBytes,
    }),
  );
  server.register(apiRoutes(input.readPool, cache, input.accruedMgmtFee));
  server.register(liveRoutes(input.readPool, cache));
  server.register(
    flowRoutes(input.readPool, cache, vaultReader(input.readPool, cache).pricePerShare),
  );
  server.register(rewardRoutes(input.readPool, cache, config.rewardPrices ?? null));
  return server;
}
