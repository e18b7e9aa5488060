// The soak's services: the same apps and environment as `npm start` (apps/world's
// worldServices), on free ports so a soak never collides with a running world, every RPC and
// PubSub URL pointing at the fault proxy instead of the validator.
import { freePort } from '@basket/service-kit';
import { DEFAULT_SIM_API_KEY } from '@basket/tokenized-api-sim';
import type { ServiceSpec } from '../../world/src/supervisor/children.ts';

/** Seconds of the chain's clock after which the keeper alerts an open redemption claim. */
export const REDEMPTION_OWED_ALERT_SECONDS = 300;

/** Every service the soak runs, by the name its faults use. */
export const SERVICE_NAMES = [
  'tokenized-api-sim',
  'aggregator-sim',
  'indexer',
  'webhook-emitter',
  'keeper-a',
  'keeper-b',
  'dapp',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type SoakPorts = Readonly<Record<ServiceName, { port: number; admin: number }>>;

/** Two free ports per service (public and admin listener). */
export async function soakPorts(): Promise<SoakPorts> {
  const out: Partial<Record<ServiceName, { port: number; admin: number }>> = {};
  const taken = new Set<number>();
  const next = async () => {
    for (;;) {
      const p = await freePort();
      if (!taken.has(p)) {
        taken.add(p);
        return p;
      }
    }
  };
  for (const name of SERVICE_NAMES) out[name] = { port: await next(), admin: await next() };
  return out as SoakPorts;
}

/** The switches of the webhook emitter that the soak turns on for a while. */
export type EmitterSwitches = Readonly<{
  duplicateEvery?: number;
  delayMs?: number;
  reorder?: boolean;
}>;

/**
 * The specs, in start order (receivers before their senders).
 *
 * @example
 * const specs = soakServiceSpecs({ ports, manifestPath, rpcUrl, wsUrl, databaseUrl, webhookSecret, stateDir });
 */
export function soakServiceSpecs(input: {
  ports: SoakPorts;
  manifestPath: string;
  /** The fault proxy's URLs. */
  rpcUrl: string;
  wsUrl: string;
  databaseUrl: string;
  webhookSecret: string;
  stateDir: string;
  emitter?: EmitterSwitches;
}): Record<ServiceName, ServiceSpec> {
  const p = input.ports;
  const base = (name: ServiceName) => `http://127.0.0.1:${p[name].port}`;
  const env = {
    WORLD_MANIFEST: input.manifestPath,
    SOLANA_RPC_URL: input.rpcUrl,
    SOLANA_WS_URL: input.wsUrl,
    DATABASE_URL: input.databaseUrl,
    TOKENIZED_API_URL: `${base('tokenized-api-sim')}/api/v2`,
    INDEXER_URL: base('indexer'),
    AGGREGATOR_URL: base('aggregator-sim'),
    WEBHOOK_SECRET: input.webhookSecret,
    LOG_LEVEL: 'info',
  };
  const keeper = (id: 'a' | 'b'): ServiceSpec => ({
    name: `keeper-${id}`,
    entry: 'apps/keeper/src/main.ts',
    env: {
      ...env,
      KEEPER_REPLICA_ID: `keeper-${id}`,
      KEEPER_PORT: String(p[`keeper-${id}`].port),
      KEEPER_ADMIN_PORT: String(p[`keeper-${id}`].admin),
      TOKENIZED_API_KEY: DEFAULT_SIM_API_KEY,
      // An open redemption claim is alerted after 5 minutes of the chain's clock (checked at the end).
      KEEPER_REDEMPTION_OWED_ALERT_SECONDS: String(REDEMPTION_OWED_ALERT_SECONDS),
    },
    readyUrl: `${base(`keeper-${id}`)}/readyz`,
  });
  const sw = input.emitter ?? {};
  return {
    'tokenized-api-sim': {
      name: 'tokenized-api-sim',
      entry: 'apps/tokenized-api-sim/src/main.ts',
      env: {
        ...env,
        TOKENIZED_SIM_PORT: String(p['tokenized-api-sim'].port),
        TOKENIZED_SIM_CHAIN_CORPORATE_ACTIONS: '1',
        // Prices follow the wall clock (npm start's default): a leap of the chain's clock over a
        // trading session would otherwise move them beyond the oracle's deviation cap, which
        // only the admins' approval lets through (seen in the first soak: NAV stale for good).
      },
      readyUrl: `${base('tokenized-api-sim')}/readyz`,
    },
    'aggregator-sim': {
      name: 'aggregator-sim',
      entry: 'apps/aggregator-sim/src/main.ts',
      env: { ...env, AGGREGATOR_PORT: String(p['aggregator-sim'].port) },
      readyUrl: `${base('aggregator-sim')}/readyz`,
    },
    indexer: {
      name: 'indexer',
      entry: 'apps/indexer/src/main.ts',
      env: {
        ...env,
        INDEXER_PORT: String(p.indexer.port),
        INDEXER_ADMIN_PORT: String(p.indexer.admin),
        // The soak asks for a reconcile round at each checkpoint instead of waiting minutes.
        INDEXER_RECONCILE_INTERVAL_MS: '60000',
      },
      readyUrl: `${base('indexer')}/readyz`,
    },
    'webhook-emitter': {
      name: 'webhook-emitter',
      entry: 'apps/webhook-emitter/src/main.ts',
      env: {
        ...env,
        WEBHOOK_EMITTER_PORT: String(p['webhook-emitter'].port),
        WEBHOOK_EMITTER_ADMIN_PORT: String(p['webhook-emitter'].admin),
        WEBHOOK_EMITTER_STATE_DIR: input.stateDir,
        WEBHOOK_EMITTER_DUPLICATE_EVERY: String(sw.duplicateEvery ?? 0),
        WEBHOOK_EMITTER_DELAY_MS: String(sw.delayMs ?? 0),
        WEBHOOK_EMITTER_REORDER: sw.reorder ? 'true' : 'false',
      },
      readyUrl: `${base('webhook-emitter')}/readyz`,
    },
    'keeper-a': keeper('a'),
    'keeper-b': keeper('b'),
    dapp: {
      name: 'dapp',
      entry: 'apps/dapp/src/main.ts',
      env: {
        ...env,
        DAPP_ENV: 'local',
        DAPP_PORT: String(p.dapp.port),
        DAPP_ADMIN_PORT: String(p.dapp.admin),
      },
      readyUrl: `${base('dapp')}/readyz`,
    },
  };
}
