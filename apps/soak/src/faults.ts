// Each fault kind: how it is injected and lifted, and what monitoring must show for it
// (detected) and show again once it is over (recovered). Detection is read from what an
// operator sees (signals.ts), never from the soak's own knowledge that it injected something.
import type pg from 'pg';
import type { FaultKind } from './schedule.ts';
import { SERVICE_NAMES, type ServiceName } from './services.ts';
import type { Signals } from './signals.ts';
import type { SoakWorld } from './world.ts';

export type Injected = Readonly<{
  /** What was hit (the killed replica's name, the proxy's settings, ...). */
  target: string;
  /** The alert this fault must raise; null: tolerated by design, nothing to alert. */
  expects: string | null;
  detected: (s: Signals, baseline: Signals) => boolean;
  recovered: (s: Signals) => boolean;
  /** Lifts a held fault (a kill needs nothing: the supervisor restarts the process). */
  lift: () => Promise<void>;
}>;

const allReady = (s: Signals) => SERVICE_NAMES.every((n) => s.notReady[n] === null);
const anyNotReady = (s: Signals, names: readonly ServiceName[] = SERVICE_NAMES) =>
  names.some((n) => s.notReady[n] !== null);
const nothing = async () => {};

/** The replica holding the keeper lease now, by the lease table (null when none holds it). */
export async function leaderNow(pool: pg.Pool): Promise<'keeper-a' | 'keeper-b' | null> {
  const { rows } = await pool
    .query<{ holder: string }>(
      'select holder from keeper.leader_lease where expires_at > now() order by token desc limit 1',
    )
    .catch(() => ({ rows: [] as { holder: string }[] }));
  const h = rows[0]?.holder;
  return h === 'keeper-a' || h === 'keeper-b' ? h : null;
}

/** Waits (up to `ms`) for the leader to have an action in flight: claimed, signature recorded. */
async function leaderMidSend(pool: pg.Pool, ms: number): Promise<string | null> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { rows } = await pool
      .query<{ holder: string; action_key: string }>(
        "select holder, action_key from keeper.actions where status = 'sending' and signature is not null limit 1",
      )
      .catch(() => ({ rows: [] as { holder: string; action_key: string }[] }));
    if (rows[0]) return `${rows[0].holder} during ${rows[0].action_key}`;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

function kill(world: SoakWorld, name: ServiceName, note: string = name): Injected {
  world.service(name).kill('SIGKILL');
  return {
    target: note,
    expects: `${name} /readyz down`,
    detected: (s) => s.notReady[name] !== null,
    recovered: (s) => allReady(s),
    lift: nothing,
  };
}

const rpcFault = (
  world: SoakWorld,
  target: string,
  faults: Parameters<SoakWorld['setProxyFaults']>[0],
): Injected => {
  world.setProxyFaults(faults);
  // Lifting turns off only this fault's settings (another may be held alongside).
  const off = Object.fromEntries(
    Object.keys(faults).map((k) => [k, k === 'retryAfterSeconds' ? 1 : 0]),
  );
  return {
    target,
    expects:
      'keeper landing trouble (re-sends, errors, expiries), lag, or a readiness part naming the RPC',
    detected: (s, b) =>
      s.keeperTrouble > b.keeperTrouble ||
      s.emitterLag >= 20 ||
      SERVICE_NAMES.some((n) => /rpc/i.test(s.notReady[n] ?? '')),
    recovered: allReady,
    lift: async () => world.setProxyFaults(off),
  };
};

/**
 * @example
 * const f = await inject('kill-indexer', world, pool);
 */
export async function inject(kind: FaultKind, world: SoakWorld, pool: pg.Pool): Promise<Injected> {
  switch (kind) {
    case 'kill-keeper-leader': {
      const leader = (await leaderNow(pool)) ?? 'keeper-a';
      return kill(world, leader, `${leader} (leader)`);
    }
    case 'kill-keeper-leader-mid-send': {
      const caught = await leaderMidSend(pool, 30_000);
      const leader = (await leaderNow(pool)) ?? 'keeper-a';
      const victim = (caught?.split(' ')[0] as ServiceName | undefined) ?? leader;
      return kill(
        world,
        victim,
        caught ? `${caught}` : `${leader} (no send in flight within 30 s)`,
      );
    }
    case 'kill-keeper-follower': {
      const leader = await leaderNow(pool);
      return kill(world, leader === 'keeper-a' ? 'keeper-b' : 'keeper-a', 'follower');
    }
    case 'kill-indexer':
      return kill(world, 'indexer');
    case 'kill-webhook-emitter':
      return kill(world, 'webhook-emitter');
    case 'kill-dapp':
      return kill(world, 'dapp');
    case 'kill-tokenized-api-sim':
      return kill(world, 'tokenized-api-sim');
    case 'postgres-restart':
      await world.stopPostgres();
      return {
        target: 'postgres',
        expects: 'indexer and keepers /readyz: postgres down',
        detected: (s) => anyNotReady(s, ['indexer', 'keeper-a', 'keeper-b']),
        recovered: allReady,
        lift: () => world.startPostgres(),
      };
    case 'validator-restart':
      await world.stopValidator();
      return {
        target: 'validator',
        expects: 'services /readyz: rpc down',
        detected: (s) => anyNotReady(s),
        recovered: allReady,
        lift: () => world.startValidator(),
      };
    case 'rpc-drop-sends':
      return rpcFault(world, '60% of sendTransaction dropped', { dropSendPercent: 60 });
    case 'rpc-429':
      return rpcFault(world, '40% answered 429, Retry-After 1 s', {
        rateLimitPercent: 40,
        retryAfterSeconds: 1,
      });
    case 'rpc-latency':
      return rpcFault(world, '3000 ms latency + 2500 ms jitter', {
        latencyMs: 3_000,
        jitterMs: 2_500,
      });
    case 'rpc-stale-blockhash':
      return rpcFault(world, '70% stale blockhash', { staleBlockhashPercent: 70 });
    case 'rpc-cut':
      return rpcFault(world, '25% of answers cut mid-response', { cutPercent: 25 });
    case 'emitter-duplicate':
    case 'emitter-reorder': {
      const dup = kind === 'emitter-duplicate';
      await world.restartEmitter(dup ? { duplicateEvery: 2 } : { reorder: true });
      return {
        target: dup ? 'every 2nd batch delivered twice' : 'each batch reversed',
        expects: null,
        detected: () => false,
        recovered: allReady,
        lift: () => world.restartEmitter(dup ? { duplicateEvery: 0 } : { reorder: false }),
      };
    }
    case 'emitter-delay':
      await world.restartEmitter({ delayMs: 8_000 });
      return {
        target: '8 s before each POST',
        expects: 'webhook emitter or indexer lag (slots behind the chain)',
        detected: (s) => s.emitterLag >= 20,
        recovered: allReady,
        lift: () => world.restartEmitter({ delayMs: 0 }),
      };
  }
}
