// The world's supervisor of its child services: a service that exits without being asked is
// started again after a backoff (service-kit's restartBackoff: exponential with jitter, 1 s up
// to 30 s, reset once the service reports ready), and the supervisor says so with the tail of
// its log. Each service's readiness is read from its `/readyz` for the status line.
import { restartBackoff } from '@basket/service-kit';
import { type RunningService, type ServiceSpec, startService, tailOf } from './children.ts';

export type ServiceState = Readonly<{
  name: string;
  up: boolean;
  /** Why the service is not ready (its /readyz reasons), or null when ready or unknown. */
  notReady: string | null;
  /** Milliseconds until a pending restart, or null when none is pending. */
  restartingInMs: number | null;
  restarts: number;
}>;

export type SupervisedService = Readonly<{
  spec: ServiceSpec;
  logFile: string;
  alive: () => boolean;
  state: () => ServiceState;
  /** Records what its /readyz said (the status line's poll): ready resets the backoff. */
  observe: (notReady: string | null) => void;
  /** Signals the running process (the soak's SIGKILL); the supervisor restarts it as usual. */
  kill: (signal: NodeJS.Signals) => void;
  stop: (deadlineMs: number) => Promise<void>;
}>;

/**
 * @example
 * const service = superviseService(root, logs, spec, { say });
 * await service.stop(10_000);
 */
export function superviseService(
  root: string,
  logsDir: string,
  spec: ServiceSpec,
  options: {
    say: (line: string) => void;
    initialDelayMs?: number;
    maxDelayMs?: number;
    now?: () => number;
    /** Hears each restart (after the new process was spawned). */
    onRestart?: (restarts: number) => void;
  },
): SupervisedService {
  const now = options.now ?? Date.now;
  const backoff = restartBackoff({
    initialDelayMs: options.initialDelayMs ?? 1_000,
    maxDelayMs: options.maxDelayMs ?? 30_000,
  });
  let stopping = false;
  let restarts = 0;
  let notReady: string | null = null;
  let restartAt: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let current: RunningService;
  const onExit = (service: RunningService, code: number | null) => {
    if (stopping) return;
    const delay = backoff.next();
    restartAt = now() + delay;
    notReady = `exited with code ${code}`;
    options.say(
      `world: ${spec.name} exited with code ${code}; restarting in ${(delay / 1000).toFixed(1)} s (restart ${restarts + 1}); last lines of ${service.logFile}:\n${tailOf(service.logFile)}`,
    );
    timer = setTimeout(() => {
      restartAt = null;
      if (stopping) return;
      restarts += 1;
      current = startService(root, logsDir, spec, onExit);
      options.say(`world: ${spec.name} restarted (restart ${restarts})`);
      options.onRestart?.(restarts);
    }, delay);
  };
  current = startService(root, logsDir, spec, onExit);
  return {
    spec,
    logFile: current.logFile,
    alive: () => current.alive(),
    state: () => ({
      name: spec.name,
      up: current.alive(),
      notReady,
      restartingInMs: restartAt === null ? null : Math.max(0, restartAt - now()),
      restarts,
    }),
    observe: (reason) => {
      notReady = reason;
      if (reason === null) backoff.reset();
    },
    kill: (signal) => current.kill(signal),
    stop: async (deadlineMs) => {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current.stop(deadlineMs);
    },
  };
}

/**
 * What a service's `/readyz` says: null when ready, else its down parts and reasons in one
 * phrase ("queue: queue runner not running"), or why it did not answer.
 *
 * @example
 * const reason = await readinessOf('http://127.0.0.1:7410/readyz');
 */
export async function readinessOf(url: string, timeoutMs = 2_000): Promise<string | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.ok) return null;
    const body = (await res.json().catch(() => ({}))) as {
      failing?: string[];
      reasons?: Record<string, string>;
    };
    const parts = (body.failing ?? []).map((p) => `${p}: ${body.reasons?.[p] ?? 'down'}`);
    return parts.length > 0 ? parts.join('; ') : `readyz answered ${res.status}`;
  } catch (error) {
    return `no answer (${error instanceof Error ? error.message : String(error)})`;
  }
}
