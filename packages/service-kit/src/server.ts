import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';

/** A named readiness check: resolves true when the dependency is usable. */
export type ReadinessCheck = Readonly<{ name: string; check: () => Promise<boolean> | boolean }>;

/**
 * The HTTP server every service starts from: `/healthz` (the process answers), `/readyz` (each
 * readiness check passes; 503 with the failing names otherwise), `/metrics` (Prometheus text).
 * Routes of the service itself are registered on the returned instance as plugins.
 *
 * @example
 * const app = createServiceServer({ logger, metrics, readiness: [{ name: 'db', check: ping }] });
 * app.register(webhookRoutes);
 * await app.listen({ host: '127.0.0.1', port: 0 });
 */
export function createServiceServer(options: {
  logger: Logger;
  metrics: Metrics;
  readiness?: readonly ReadinessCheck[];
  bodyLimit?: number;
}): FastifyInstance {
  const app = Fastify({
    // Per-request lines are noise at our volumes; warnings and errors still come through.
    loggerInstance: options.logger.child(
      { component: 'http' },
      { level: 'warn' },
    ) as FastifyBaseLogger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Shutdown closes idle keep-alive sockets at once, so a deadline is met.
    forceCloseConnections: 'idle',
  });
  const checks = options.readiness ?? [];
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const results = await Promise.all(
      checks.map(async (c) => {
        try {
          return { name: c.name, ok: await c.check() };
        } catch {
          return { name: c.name, ok: false };
        }
      }),
    );
    const failing = results.filter((r) => !r.ok).map((r) => r.name);
    if (failing.length > 0) return reply.code(503).send({ status: 'not ready', failing });
    return { status: 'ready' };
  });
  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', options.metrics.registry.contentType);
    return options.metrics.registry.metrics();
  });
  return app;
}
