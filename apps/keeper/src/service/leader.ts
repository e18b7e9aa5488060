// Keeps (or tries to take) the leader lease on a timer: every third of the TTL, so a lease is
// renewed twice before it could expire. Failover bound: a dead leader's lease expires within
// one TTL and the survivor's next attempt, at most a third of a TTL later, takes it: at most
// 4/3 x TTL (20 s with the default 15 s). A clean shutdown releases the lease at once.
import { periodic } from '@basket/service-kit';
import type pg from 'pg';
import { type HeldLease, releaseLease, renewLease, tryAcquireLease } from './lease.ts';

export type LeaderElector = Readonly<{
  /** The lease while this replica leads, else null. Actions still re-check it in SQL. */
  lease: () => HeldLease | null;
  /** One election round now (also run by the timer). */
  tick: () => Promise<HeldLease | null>;
  stop: (options?: { release?: boolean }) => Promise<void>;
}>;

/**
 * Starts electing. `onChange` hears every gain and loss of leadership.
 *
 * @example
 * const elector = startLeaderElection({ pool, name: 'keeper', holder: 'replica-a', ttlMs: 15_000 });
 */
export function startLeaderElection(options: {
  pool: pg.Pool;
  name: string;
  holder: string;
  ttlMs: number;
  onChange?: (lease: HeldLease | null) => void;
  onError?: (error: unknown) => void;
  /** Hears every round's outcome: null when it reached the database, else the error. */
  onRound?: (error: unknown | null) => void;
}): LeaderElector {
  let held: HeldLease | null = null;
  const set = (next: HeldLease | null) => {
    const changed = (held?.token ?? null) !== (next?.token ?? null);
    held = next;
    if (changed) options.onChange?.(next);
  };
  const tick = async () => {
    try {
      if (held && (await renewLease(options.pool, held, options.ttlMs))) {
        options.onRound?.(null);
        return held;
      }
      set(await tryAcquireLease(options.pool, options.name, options.holder, options.ttlMs));
      options.onRound?.(null);
    } catch (error) {
      // Unable to reach the database: this replica cannot prove it leads, so it does not.
      set(null);
      options.onError?.(error);
      options.onRound?.(error);
    }
    return held;
  };
  const timer = periodic(
    async () => void (await tick()),
    Math.max(500, Math.floor(options.ttlMs / 3)),
    () => {},
    {
      runImmediately: true,
    },
  );
  return {
    lease: () => held,
    tick,
    stop: async ({ release = true } = {}) => {
      await timer.stop();
      const last = held;
      set(null);
      if (release && last) await releaseLease(options.pool, last).catch(() => {});
    },
  };
}
