import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { createReadiness, type Readiness, type ReadinessCheck } from './readiness.ts';

/** Where the admin listener binds: loopback unless the deployment says otherwise. */
export type AdminListen = Readonly<{ host?: string; port?: number }>;

/** The public server, with the admin server and the readiness state it answers from. */
export type ServiceServer = FastifyInstance &
  Readonly<{
    /** `/metrics`, `/healthz`, `/readyz` and the service's admin routes (`/status`, ...). */
    admin: FastifyInstance;
    readiness: Readiness;
    /** The admin listener's URL once the public server listens (null before, or with none). */
    adminUrl: () => string | null;
  }>;

export const DEFAULT_ADMIN_HOST = '127.0.0.1';

function httpLogger(logger: Logger, listener: string): FastifyBaseLogger {
  // Per-request lines are noise at our volumes; warnings and errors still come through.
  return logger.child({ component: 'http', listener }, { level: 'warn' }) as FastifyBaseLogger;
}

function readinessRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    // Only the very first answer waits for the first probe round; after that it is state.
    await readiness.settled();
    const report = readiness.report();
    reply.header('cache-control', 'no-store');
    if (!report.ready) {
      const reasons = Object.fromEntries(
        report.failing.map((name) => [name, report.parts[name]?.reason ?? 'down']),
      );
      return reply.code(503).send({
        status: 'not ready',
        failing: report.failing,
        reasons,
        parts: Object.keys(report.parts),
      });
    }
    return { status: 'ready', parts: Object.keys(report.parts) };
  });
}

/**
 * The HTTP servers every service starts from. The public one answers `/healthz` (the process
 * answers) and `/readyz` (every part of the readiness state is up; 503 naming each part that
 * is down, with its reason, otherwise). A second, admin listener (127.0.0.1 and a free port
 * unless `admin` says otherwise) answers `/metrics` and whatever the service registers on
 * `app.admin` (`/status`, ...); it listens when the service gets ready (`listen`, `ready` or a
 * first `inject`) and closes with it.
 * `readiness` is either the service's own registry or checks to probe on a timer (never per
 * request).
 *
 * @example
 * const app = createServiceServer({ logger, metrics, readiness: [{ name: 'db', check: ping }],
 *   admin: { port: 7419 } });
 * app.register(webhookRoutes);
 * app.admin.get('/status', async () => status());
 * await app.listen({ host: '127.0.0.1', port: 0 });
 */
export function createServiceServer(options: {
  logger: Logger;
  metrics: Metrics;
  readiness?: Readiness | readonly ReadinessCheck[];
  bodyLimit?: number;
  admin?: AdminListen;
  /** Probe cadence for checks given as a list. */
  probeIntervalMs?: number;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses or CIDRs, comma
   * separated); unset: none, `request.ip` is the socket's peer.
   */
  trustProxy?: string;
}): ServiceServer {
  const app = Fastify({
    trustProxy: options.trustProxy ?? false,
    loggerInstance: httpLogger(options.logger, 'public'),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Shutdown closes idle keep-alive sockets at once, so a deadline is met.
    forceCloseConnections: 'idle',
  });
  const admin = Fastify({
    loggerInstance: httpLogger(options.logger, 'admin'),
    forceCloseConnections: 'idle',
  });
  let readiness: Readiness;
  if (Array.isArray(options.readiness) || options.readiness === undefined) {
    readiness = createReadiness();
    for (const check of (options.readiness ?? []) as readonly ReadinessCheck[])
      readiness.probe(check, options.probeIntervalMs);
  } else {
    readiness = options.readiness as Readiness;
  }
  readinessRoutes(app, readiness);
  readinessRoutes(admin, readiness);
  admin.get('/metrics', async (_request, reply) => {
    reply.header('content-type', options.metrics.registry.contentType);
    return options.metrics.registry.metrics();
  });
  let adminUrl: string | null = null;
  // The admin side listens as the service gets ready (before its public port opens), so a
  // service whose admin port is taken fails to start rather than run without its metrics.
  app.addHook('onReady', async () => {
    adminUrl = await admin.listen({
      host: options.admin?.host ?? DEFAULT_ADMIN_HOST,
      port: options.admin?.port ?? 0,
    });
    options.logger.info({ adminUrl }, 'admin listener (metrics, status) listening');
  });
  app.addHook('onClose', async () => {
    await readiness.close();
    await admin.close();
  });
  return Object.assign(app, { admin, readiness, adminUrl: () => adminUrl });
}
