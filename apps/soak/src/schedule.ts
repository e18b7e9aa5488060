// The seeded fault schedule: every kind at least once (in an order drawn from the seed), then
// more drawn at random while time remains, never two at once: each fault is injected, held,
// lifted, and the world given time to recover before the next, so each one's detection and
// recovery are its own.
import type { Random } from './random.ts';

export const FAULT_KINDS = [
  'kill-keeper-leader',
  'kill-keeper-leader-mid-send',
  'kill-keeper-follower',
  'kill-indexer',
  'kill-webhook-emitter',
  'kill-dapp',
  'kill-tokenized-api-sim',
  'postgres-restart',
  'validator-restart',
  'rpc-drop-sends',
  'rpc-429',
  'rpc-latency',
  'rpc-stale-blockhash',
  'rpc-cut',
  'emitter-duplicate',
  'emitter-delay',
  'emitter-reorder',
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

export type PlannedFault = Readonly<{
  kind: FaultKind;
  /** Milliseconds after the fault phase starts. */
  atMs: number;
  /** How long the fault is held before it is lifted (0: a kill, lifted by the supervisor). */
  holdMs: number;
}>;

/** Faults injected together (one, except in a compact schedule). */
export type PlannedStep = Readonly<{ atMs: number; faults: readonly PlannedFault[] }>;

/**
 * The compact schedule's groups: kinds whose detections do not depend on each other (a kill is
 * seen on its own service's /readyz, an RPC fault on landing trouble, lag or a readiness part
 * naming the RPC, an emitter switch by lag or not at all), never both keepers at once, never an
 * emitter kill with an emitter switch, Postgres and the validator alone.
 */
export const COMPACT_GROUPS: readonly (readonly FaultKind[])[] = [
  ['kill-indexer', 'kill-dapp', 'kill-tokenized-api-sim', 'rpc-drop-sends'],
  ['kill-keeper-leader-mid-send', 'rpc-429', 'emitter-duplicate', 'emitter-reorder'],
  ['postgres-restart'],
  ['kill-keeper-follower', 'rpc-stale-blockhash', 'emitter-delay'],
  ['validator-restart'],
  ['kill-keeper-leader', 'rpc-latency', 'rpc-cut'],
  ['kill-webhook-emitter'],
];

/** A fault held for a while (the proxy's and the emitter's switches; an outage). */
export function holdOf(kind: FaultKind, r: Random): number {
  if (kind === 'emitter-delay') return r.int(20_000, 25_000);
  // An RPC fault shows only in what the services do through it (sends, their landing, the
  // chain head they follow): held long enough for the keeper to send something at its 15 s
  // cadence. The 10-minute seed-1 run held drops 10 s, the 60-minute seed-1 run stale
  // blockhashes 10 s and latency 8 s, each while the keeper sent nothing: not detected.
  if (kind.startsWith('rpc-')) return r.int(30_000, 40_000);
  if (kind.startsWith('emitter-')) return r.int(8_000, 15_000);
  if (kind === 'postgres-restart' || kind === 'validator-restart') return r.int(3_000, 6_000);
  return 0;
}

/**
 * Faults spread over `durationMs`: the first pass holds every kind once in a seeded order,
 * each in its own slot; then random kinds in slots of the same width until the time is used.
 * `compact`: every kind once, in the groups above (the short soak in npm test).
 *
 * @example
 * const plan = faultSchedule(seeded(1), 10 * 60_000);
 * new Set(plan.flatMap((s) => s.faults.map((f) => f.kind))).size; // FAULT_KINDS.length
 */
export function faultSchedule(
  r: Random,
  durationMs: number,
  options: { compact?: boolean } = {},
): PlannedStep[] {
  if (options.compact) {
    // Every kind once, in groups, the groups in a seeded order, spread over the time.
    const groups = [...COMPACT_GROUPS];
    for (let i = groups.length - 1; i > 0; i -= 1) {
      const j = r.int(0, i);
      [groups[i], groups[j]] = [groups[j] as FaultKind[], groups[i] as FaultKind[]];
    }
    const slot = Math.floor(durationMs / groups.length);
    return groups.map((g, i) => ({
      atMs: i * slot,
      faults: g.map((kind) => ({ kind, atMs: i * slot, holdMs: holdOf(kind, r) })),
    }));
  }
  const order = [...FAULT_KINDS];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = r.int(0, i);
    [order[i], order[j]] = [order[j] as FaultKind, order[i] as FaultKind];
  }
  // One fault per 90 s when the run is long enough (a killed keeper's takeover and the
  // checkpoint after it take most of that); a short run packs every kind in regardless, and
  // a fault whose predecessor recovers late simply starts late.
  const count = Math.max(order.length, Math.floor(durationMs / 90_000));
  const slotMs = Math.floor(durationMs / count);
  const plan: PlannedStep[] = [];
  for (let i = 0; i < count; i += 1) {
    const kind = i < order.length ? (order[i] as FaultKind) : r.pick(FAULT_KINDS);
    // Somewhere in the first third of its slot: the rest is for recovery.
    const atMs = i * slotMs + r.int(0, Math.floor(slotMs / 3));
    // Held for its own time even in a short run (an alert needs the fault to last): a late
    // fault just starts later than its slot.
    plan.push({ atMs, faults: [{ kind, atMs, holdMs: holdOf(kind, r) }] });
  }
  return plan;
}
