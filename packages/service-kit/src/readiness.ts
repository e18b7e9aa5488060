// Readiness kept as state: each part a service needs (its database, the RPC, its queue runner,
// its leader lease) is marked up or down, with a reason, by whatever watches that part (a
// probe on a timer, the runner's own stop, an election round). `/readyz` reads the state and
// never calls a dependency itself, so a flood of `/readyz` requests costs no RPC budget.
import { redactUrl } from './logger.ts';
import { periodic } from './periodic.ts';

/** One part's last known state. */
export type PartState = Readonly<{ ok: boolean; reason: string | null }>;

/** What `/readyz` answers. */
export type ReadinessReport = Readonly<{
  ready: boolean;
  parts: Readonly<Record<string, PartState>>;
  /** Names of the parts that are down, in declaration order. */
  failing: readonly string[];
}>;

/** A named readiness check, probed on a timer: true when the dependency is usable. */
export type ReadinessCheck = Readonly<{ name: string; check: () => Promise<boolean> | boolean }>;

export type ReadinessPart = Readonly<{
  name: string;
  up: () => void;
  down: (reason: string) => void;
}>;

export type Readiness = Readonly<{
  /** Declares a part; it starts down with `initialReason` until something marks it up. */
  part: (name: string, initialReason?: string) => ReadinessPart;
  /** Probes `check` now and every `intervalMs`; a throw or `false` marks the part down. */
  probe: (check: ReadinessCheck, intervalMs?: number) => void;
  /** Removes a part (a follower no longer needs the queue runner, say). */
  drop: (name: string) => void;
  report: () => ReadinessReport;
  /** Resolves once every probe declared so far has answered at least once. */
  settled: () => Promise<void>;
  /** Stops every probe timer. */
  close: () => Promise<void>;
}>;

/** Longest reason kept: enough for an error's first sentence. */
const MAX_REASON = 200;

/**
 * A reason fit for a public body: URL passwords and query strings (where providers put API
 * keys) removed, one line, bounded.
 */
export function publicReason(text: string): string {
  const line = redactUrl(text)
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#]*)[?#][^\s]*/gi, '$1?[redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}

function reasonOf(error: unknown): string {
  return publicReason(error instanceof Error ? error.message || error.name : String(error));
}

/** A probe still unanswered after this long marks its part down. */
export const PROBE_TIMEOUT_MS = 5_000;

/** The default probe cadence: often enough for a supervisor, rare enough to cost nothing. */
export const DEFAULT_PROBE_MS = 2_000;

/**
 * @example
 * const readiness = createReadiness();
 * readiness.probe({ name: 'postgres', check: async () => (await pool.query('select 1')).rowCount === 1 });
 * const queue = readiness.part('queue', 'not started');
 * queue.up();
 */
export function createReadiness(): Readiness {
  const parts = new Map<string, PartState>();
  const timers: { stop: () => Promise<void> }[] = [];
  const firstRounds: Promise<void>[] = [];
  const set = (name: string, state: PartState) => {
    if (parts.has(name)) parts.set(name, state);
  };
  const part = (name: string, initialReason = 'not started'): ReadinessPart => {
    if (!parts.has(name)) parts.set(name, { ok: false, reason: publicReason(initialReason) });
    return {
      name,
      up: () => set(name, { ok: true, reason: null }),
      down: (reason) => set(name, { ok: false, reason: publicReason(reason) }),
    };
  };
  return {
    part,
    probe(check, intervalMs = DEFAULT_PROBE_MS) {
      const p = part(check.name, 'not yet checked');
      const once = async () => {
        let timer: NodeJS.Timeout | undefined;
        // A dependency that never answers is down, not a /readyz that never answers.
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
            PROBE_TIMEOUT_MS,
          );
          timer.unref();
        });
        try {
          if (await Promise.race([Promise.resolve(check.check()), timeout])) p.up();
          else p.down('check failed');
        } catch (error) {
          p.down(reasonOf(error));
        } finally {
          clearTimeout(timer);
        }
      };
      firstRounds.push(once());
      timers.push(periodic(once, intervalMs, () => {}));
    },
    drop: (name) => void parts.delete(name),
    report() {
      const failing = [...parts].filter(([, s]) => !s.ok).map(([n]) => n);
      return { ready: failing.length === 0, parts: Object.fromEntries(parts), failing };
    },
    settled: async () => void (await Promise.all(firstRounds)),
    close: async () => void (await Promise.all(timers.map((t) => t.stop()))),
  };
}
