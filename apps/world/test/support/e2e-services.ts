// The world's two simulators started in-process on free ports against a test world, as
// `npm start` runs them as children: the tokenized-asset API simulator backed by the chain and
// the aggregator simulator over the world's pools. Plus small HTTP helpers for the suite.
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { loadAggregatorConfig, startAggregator } from '@basket/aggregator-sim';
import { createLogger, createMetrics } from '@basket/service-kit';
import { DEFAULT_SIM_CONFIG, startSimulator } from '@basket/tokenized-api-sim';
import type { TestWorld } from '../../src/start-world.ts';

/** Monday 6 January 2025, 10:00 in New York: every stock's trading window is open. */
const MARKET_OPEN = Date.UTC(2025, 0, 6, 15);

export type E2eServices = Awaited<ReturnType<typeof startE2eServices>>;

/** Starts both simulators for `world`; `close` stops them. */
export async function startE2eServices(world: TestWorld) {
  const manifestPath = join(world.dir, 'world.json');
  const sim = await startSimulator(
    {
      ...DEFAULT_SIM_CONFIG,
      port: 0,
      logRequests: false,
      // Trading windows read at a weekday open (10:00 New York), whatever the hour of the run.
      anchorMs: MARKET_OPEN,
      world: { manifestPath, rpcUrl: world.localnet.rpcUrl, wsUrl: world.localnet.wsUrl },
    },
    { clock: { now: () => MARKET_OPEN } },
  );
  const aggregator = await startAggregator(
    loadAggregatorConfig({
      SOLANA_RPC_URL: world.localnet.rpcUrl,
      WORLD_MANIFEST: manifestPath,
      AGGREGATOR_PORT: '0',
      AGGREGATOR_RESERVES_TTL_MS: '1',
    }),
    createLogger({ name: 'aggregator_sim', level: 'warn' }),
    createMetrics('world_e2e_aggregator'),
  );
  /** A JSON request to the API simulator with its development key. */
  const api = async (path: string, body?: unknown) => {
    const response = await fetch(`${sim.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-api-key': DEFAULT_SIM_CONFIG.apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  /** A JSON request to the aggregator simulator. */
  const swapApi = async (path: string, body?: unknown) => {
    const response = await fetch(`${aggregator.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    api,
    swapApi,
    close: async () => {
      await aggregator.close();
      await sim.close();
    },
  };
}

export function portOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
