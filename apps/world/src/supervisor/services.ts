// Which services the world starts: the tokenized-asset API simulator always, and every other
// deployable app of the repository once it exists (each lands with its own `src/main.ts`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SIM_API_KEY } from '@basket/tokenized-api-sim';
import type { ServiceSpec } from './children.ts';

/** Apps started when present, in start order (receivers before their senders). */
const OPTIONAL_APPS = ['aggregator-sim', 'indexer', 'webhook-emitter', 'keeper', 'dapp'] as const;

/** The indexer's port in the local world; the emitter posts the three webhooks there. */
const INDEXER_PORT = 7410;

/** The aggregator simulator's port (its own default); the keeper reaches it by AGGREGATOR_URL. */
const AGGREGATOR_PORT = 7420;

/** Where each app answers /readyz in the local world (their default ports). */
const READY_BASES: Record<(typeof OPTIONAL_APPS)[number], string> = {
  'aggregator-sim': `http://127.0.0.1:${AGGREGATOR_PORT}`,
  indexer: `http://127.0.0.1:${INDEXER_PORT}`,
  'webhook-emitter': 'http://127.0.0.1:7411',
  keeper: 'http://127.0.0.1:7413',
  dapp: 'http://127.0.0.1:7430',
};

export function worldServices(input: {
  root: string;
  manifestPath: string;
  rpcUrl: string;
  wsUrl: string;
  databaseUrl: string;
  simPort: number;
  /** The shared secret the emitter sends and the indexer checks (a file under the keys). */
  webhookSecret: string;
  /**
   * The simulator follows the chain's clock (`--chain-clock`). The aggregator needs nothing: it
   * prices from the pools' on-chain reserves, with no clock of its own; the keepers read the
   * chain's Clock for every time decision in either mode.
   */
  chainClock?: boolean;
}): ServiceSpec[] {
  const tokenizedApiUrl = `http://127.0.0.1:${input.simPort}/api/v2`;
  const env = {
    WORLD_MANIFEST: input.manifestPath,
    SOLANA_RPC_URL: input.rpcUrl,
    SOLANA_WS_URL: input.wsUrl,
    DATABASE_URL: input.databaseUrl,
    TOKENIZED_API_URL: tokenizedApiUrl,
    INDEXER_URL: `http://127.0.0.1:${INDEXER_PORT}`,
    INDEXER_PORT: String(INDEXER_PORT),
    AGGREGATOR_URL: `http://127.0.0.1:${AGGREGATOR_PORT}`,
    AGGREGATOR_PORT: String(AGGREGATOR_PORT),
    WEBHOOK_SECRET: input.webhookSecret,
    WEBHOOK_EMITTER_STATE_DIR: join(input.manifestPath, '..', 'webhook-emitter'),
  };
  const specs: ServiceSpec[] = [
    {
      name: 'tokenized-api-sim',
      entry: 'apps/tokenized-api-sim/src/main.ts',
      // The built-in corporate actions go on chain in the `npm start` world (a demo's mints
      // move as the API announces); test worlds leave the switch off.
      env: {
        ...env,
        TOKENIZED_SIM_PORT: String(input.simPort),
        TOKENIZED_SIM_CHAIN_CORPORATE_ACTIONS: '1',
        ...(input.chainClock ? { TOKENIZED_SIM_CHAIN_CLOCK: '1' } : {}),
      },
      url: tokenizedApiUrl,
      readyUrl: `http://127.0.0.1:${input.simPort}/readyz`,
    },
  ];
  const present = (app: string) => existsSync(join(input.root, `apps/${app}/src/main.ts`));
  for (const app of OPTIONAL_APPS) {
    // Webhooks need their receiver: without the indexer the emitter would retry forever.
    if (app === 'webhook-emitter' && !present('indexer')) continue;
    if (!present(app)) continue;
    const url =
      app === 'indexer'
        ? `${env.INDEXER_URL}/api/skus`
        : app === 'aggregator-sim'
          ? `${env.AGGREGATOR_URL}/quote`
          : app === 'dapp'
            ? 'http://127.0.0.1:7430/'
            : undefined;
    if (app === 'keeper') {
      specs.push(...keeperReplicas(env));
      continue;
    }
    // The local world: plain HTTP on 127.0.0.1, no edge proxy, the validator's own RPC.
    const appEnv = app === 'dapp' ? { ...env, DAPP_ENV: 'local' } : env;
    specs.push({
      name: app,
      entry: `apps/${app}/src/main.ts`,
      env: appEnv,
      ...(url ? { url } : {}),
      readyUrl: `${READY_BASES[app]}/readyz`,
    });
  }
  return specs;
}

/**
 * The keeper runs as two replicas on the world's Postgres: one leads (lease with a fencing
 * token) and sends, the other follows and takes over within 4/3 of the lease TTL if the leader
 * dies (docs/keeper.md). Each has its own port; the API key is the simulator's dev key.
 */
function keeperReplicas(env: Record<string, string>): ServiceSpec[] {
  return (['a', 'b'] as const).map((id, i) => ({
    name: `keeper-${id}`,
    entry: 'apps/keeper/src/main.ts',
    env: {
      ...env,
      KEEPER_REPLICA_ID: `keeper-${id}`,
      KEEPER_PORT: String(7413 + i),
      // /metrics and /status on the admin listener (127.0.0.1), one port per replica.
      KEEPER_ADMIN_PORT: String(7415 + i),
      TOKENIZED_API_KEY: DEFAULT_SIM_API_KEY,
    },
    url: `http://127.0.0.1:${7415 + i}/status`,
    readyUrl: `http://127.0.0.1:${7413 + i}/readyz`,
  }));
}

/** True when the keeper exists: then it pushes NAV, otherwise the supervisor stands in. */
export function keeperPresent(root: string): boolean {
  return existsSync(join(root, 'apps/keeper/src/main.ts'));
}
