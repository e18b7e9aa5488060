import { createServiceServer, type Logger, type Metrics, periodic } from '@basket/service-kit';
import { createSolanaRpc } from '@solana/kit';
import type { EmitterConfig } from './config.ts';
import { createEmitter } from './emitter.ts';

/** Starts the emitter's delivery loop and its health/metrics server; `close()` stops both. */
export async function startEmitter(config: EmitterConfig, logger: Logger, metrics: Metrics) {
  const rpc = createSolanaRpc(config.rpcUrl);
  const emitter = createEmitter({ config, rpc, logger, metrics });
  let lastTickOk = false;
  const server = createServiceServer({
    logger,
    metrics,
    readiness: [{ name: 'rpc', check: async () => (await rpc.getHealth().send()) === 'ok' }],
    // /metrics and /status on their own loopback listener.
    admin: { host: '127.0.0.1', port: config.adminPort ?? 0 },
  });
  server.admin.get('/status', async () => ({
    lastTickOk,
    webhooks: config.webhooks.map((w) => w.name),
  }));
  const timer = periodic(
    async () => {
      await emitter.tick();
      lastTickOk = true;
    },
    config.pollMs,
    (error) => logger.error({ err: error }, 'tick failed'),
    { runImmediately: true },
  );
  await server.listen({ host: '127.0.0.1', port: config.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info(
    {
      port,
      webhooks: config.webhooks.map((w) => ({ name: w.name, url: w.url, programs: w.programs })),
    },
    'webhook emitter started',
  );
  return {
    server,
    port,
    tick: () => emitter.tick(),
    close: async () => {
      await timer.stop();
      await server.close();
    },
  };
}
