import type { Logger, Metrics } from '@basket/service-kit';
import { createServiceServer } from '@basket/service-kit';
import { type Address, createSolanaRpc } from '@solana/kit';
import { apiRoutes } from './api-routes.ts';
import type { AggregatorConfig } from './config.ts';
import { createPoolReader, readPoolAccounts } from './pool-reader.ts';

/**
 * Starts the simulator: reads and checks the pools, then serves the swap API.
 *
 * @example
 * const aggregator = await startAggregator(loadAggregatorConfig(env), logger, metrics);
 * const api = new SwapApi(new Configuration({ basePath: aggregator.url }));
 */
export async function startAggregator(config: AggregatorConfig, logger: Logger, metrics: Metrics) {
  const rpc = createSolanaRpc(config.rpcUrl);
  const shapes = await readPoolAccounts(rpc, config.program as Address, config.pools);
  const reader = createPoolReader(rpc, shapes, config.reservesTtlMs);
  const server = createServiceServer({
    logger,
    metrics,
    readiness: [{ name: 'rpc', check: async () => (await rpc.getHealth().send()) === 'ok' }],
  });
  await server.register(
    apiRoutes({ rpc, reader, maxPriceImpactPpm: BigInt(config.maxPriceImpactPpm), metrics }),
  );
  await server.listen({ host: config.host, port: config.port });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  logger.info(
    { url, pools: shapes.length, program: config.program },
    'aggregator simulator started',
  );
  return { url, port, close: () => server.close() };
}

export type Aggregator = Awaited<ReturnType<typeof startAggregator>>;
