// The soak's world: Postgres and the validator owned by the soak (so both can be stopped and
// started again on their state), the world bootstrapped from this machine's template, a fault
// proxy in front of the validator for every service, and the services under npm start's own
// supervisor (a killed service is restarted with backoff, exactly as in `npm start`).
import { randomBytes } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type FaultProxy, type Faults, faultsSchema, startFaultProxy } from '@basket/fault-proxy';
import { type Localnet, type LocalnetClock, repoRoot, startLocalnet } from '@basket/localnet';
import { type PostgresServer, startPostgres } from '@basket/postgres-server';
import type { ProgramAddresses } from '@basket/sdk';
import { createLogger, createMetrics, type Logger } from '@basket/service-kit';
import { type Chain, programAddressesOf, startWorld, type TestWorld } from '@basket/world';
import {
  readinessOf,
  type SupervisedService,
  superviseService,
} from '../../world/src/supervisor/supervise.ts';
import { copyWorldTemplate } from '../../world/src/world-template.ts';
import {
  type EmitterSwitches,
  SERVICE_NAMES,
  type ServiceName,
  type SoakPorts,
  soakPorts,
  soakServiceSpecs,
} from './services.ts';

export type SoakWorld = Readonly<{
  dir: string;
  world: TestWorld;
  chain: Chain;
  clock: LocalnetClock;
  programs: ProgramAddresses;
  databaseUrl: () => string;
  proxy: FaultProxy;
  ports: SoakPorts;
  service: (name: ServiceName) => SupervisedService;
  /** Each service's readiness now: null when ready, else why not. */
  readiness: () => Promise<Record<ServiceName, string | null>>;
  setProxyFaults: (faults: Partial<Faults>) => void;
  /** The emitter started again with these switches merged into the ones on (`undefined` turns one off). */
  restartEmitter: (switches: EmitterSwitches) => Promise<void>;
  stopPostgres: () => Promise<void>;
  startPostgres: () => Promise<void>;
  stopValidator: () => Promise<void>;
  startValidator: () => Promise<void>;
  stop: () => Promise<void>;
}>;

/**
 * A silent logger whose children stay silent: the service kit's HTTP child logs at warn, and
 * the proxy's upstream errors during a validator restart are the fault itself, not news.
 */
function quietLogger(): Logger {
  const quiet = createLogger({ name: 'fault-proxy', level: 'silent' });
  return Object.assign(Object.create(quiet) as Logger, { child: () => quiet });
}

/**
 * @example
 * const w = await startSoakWorld({ dir, seed: 1, say: console.log });
 * await w.stop();
 */
export async function startSoakWorld(input: {
  dir: string;
  seed: number;
  say: (line: string) => void;
}): Promise<SoakWorld> {
  const { dir, say } = input;
  await mkdir(dir, { recursive: true });
  // The embedded Postgres runs as its own user below this directory.
  await chmod(dir, 0o755);
  await copyWorldTemplate(dir, say);
  const logs = join(dir, 'logs');
  const pgDir = join(dir, 'postgres');
  let postgres: PostgresServer | null = await startPostgres({ dataDir: pgDir, env: {} });
  const pgPort = Number(new URL(postgres.url).port);
  const databaseUrl = postgres.url;
  const world = await startWorld({ dir, log: say });
  let localnet: Localnet | null = world.localnet;
  const rpcPort = Number(new URL(world.localnet.rpcUrl).port);
  const wsPort = Number(new URL(world.localnet.wsUrl).port);
  const programs = programAddressesOf(world.manifest);
  const proxy = await startFaultProxy(
    {
      host: '127.0.0.1',
      port: 0,
      adminPort: 0,
      upstream: world.localnet.rpcUrl,
      wsUpstream: world.localnet.wsUrl,
      seed: input.seed,
      faults: faultsSchema.parse({}),
    },
    quietLogger(),
    createMetrics('fault_proxy'),
  );
  const ports = await soakPorts();
  const webhookSecret = `Bearer ${randomBytes(24).toString('base64url')}`;
  const root = repoRoot();
  const manifestPath = join(dir, 'world.json');
  const specsWith = (emitter: EmitterSwitches) =>
    soakServiceSpecs({
      ports,
      manifestPath,
      rpcUrl: proxy.url,
      wsUrl: proxy.url.replace(/^http/, 'ws'),
      databaseUrl,
      webhookSecret,
      stateDir: join(dir, 'webhook-emitter'),
      emitter,
    });
  let stopping = false;
  const supervise = (spec: ReturnType<typeof specsWith>[ServiceName]) =>
    superviseService(root, logs, spec, {
      say: (l) => !stopping && say(l.split('\n')[0] as string),
      // The soak's restarts are quicker than npm start's (up to 30 s): faults come every minute.
      initialDelayMs: 500,
      maxDelayMs: 5_000,
    });
  let emitterSwitches: EmitterSwitches = {};
  const services = new Map<ServiceName, SupervisedService>();
  const specs = specsWith({});
  for (const name of SERVICE_NAMES) services.set(name, supervise(specs[name]));
  const service = (name: ServiceName) => services.get(name) as SupervisedService;
  const readiness = async () => {
    const entries = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const s = service(name);
        const reason = s.alive()
          ? await readinessOf(s.spec.readyUrl as string, 2_000)
          : 'process not running';
        // Ready resets the supervisor's backoff, as npm start's status line does.
        if (s.alive()) s.observe(reason);
        return [name, reason] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<ServiceName, string | null>;
  };
  return {
    dir,
    world,
    chain: world.chain,
    clock: world.clock,
    programs,
    databaseUrl: () => databaseUrl,
    proxy,
    ports,
    service,
    readiness,
    setProxyFaults: (faults) => proxy.setFaults(faults),
    restartEmitter: async (switches) => {
      emitterSwitches = { ...emitterSwitches, ...switches };
      await service('webhook-emitter').stop(10_000);
      services.set('webhook-emitter', supervise(specsWith(emitterSwitches)['webhook-emitter']));
    },
    stopPostgres: async () => {
      await postgres?.stop();
      postgres = null;
    },
    startPostgres: async () => {
      postgres = await startPostgres({ dataDir: pgDir, port: pgPort, env: {} });
    },
    stopValidator: async () => {
      await localnet?.stop();
      localnet = null;
    },
    startValidator: async () => {
      localnet = await startLocalnet({
        stateDir: join(dir, 'ledger'),
        rpcPort,
        wsPort,
        logFile: join(logs, 'validator.log'),
        env: {},
      });
    },
    stop: async () => {
      stopping = true;
      await Promise.all([...services.values()].map((s) => s.stop(10_000)));
      await proxy.close();
      await localnet?.stop();
      await postgres?.stop();
    },
  };
}
