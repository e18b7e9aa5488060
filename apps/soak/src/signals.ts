// What an operator's monitoring sees, sampled once a second: each service's /readyz (with its
// reasons), the keepers' landing troubles (re-sends, send and endpoint errors, expiries,
// rebuilds: the slow-landing alert's inputs) and the webhook emitter's lag behind the chain.
import type { ServiceName } from './services.ts';
import type { SoakWorld } from './world.ts';

export type Signals = Readonly<{
  at: number;
  notReady: Readonly<Record<ServiceName, string | null>>;
  /** Sum over both keepers of their landing trouble counters. */
  keeperTrouble: number;
  /** The larger of the emitter's lag and the indexer's lag behind the chain head, in slots. */
  emitterLag: number;
}>;

const TROUBLE = [
  'keeper_tx_resends_total',
  'keeper_tx_send_errors_total',
  'keeper_rpc_endpoint_errors_total',
  'keeper_tx_expired_total',
  'keeper_tx_rebuilds_total',
];

/** The sum of every sample of the named counters in a Prometheus text page. */
export function sumOf(text: string, names: readonly string[]): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const name = line.split(/[{ ]/)[0] ?? '';
    if (!names.includes(name)) continue;
    const v = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(v)) total += v;
  }
  return total;
}

/** The largest sample of one gauge (0 when absent). */
export function maxOf(text: string, name: string): number {
  let max = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || (line.split(/[{ ]/)[0] ?? '') !== name) continue;
    const v = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(v) && v > max) max = v;
  }
  return max;
}

const metricsOf = (port: number) =>
  fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2_000) })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');

/**
 * Counters only grow within one process; a restarted keeper starts from 0, so the trouble
 * signal is kept as a running total of increases.
 *
 * @example
 * const sampler = signalSampler(world);
 * const s = await sampler.sample();
 */
export function signalSampler(world: SoakWorld) {
  const last = new Map<string, number>();
  let trouble = 0;
  return {
    sample: async (): Promise<Signals> => {
      const [notReady, ka, kb, em, ix] = await Promise.all([
        world.readiness(),
        metricsOf(world.ports['keeper-a'].admin),
        metricsOf(world.ports['keeper-b'].admin),
        metricsOf(world.ports['webhook-emitter'].admin),
        metricsOf(world.ports.indexer.admin),
      ]);
      for (const [id, text] of [
        ['a', ka],
        ['b', kb],
      ] as const) {
        if (!text) continue;
        const now = sumOf(text, TROUBLE);
        const before = last.get(id) ?? 0;
        trouble += now >= before ? now - before : now;
        last.set(id, now);
      }
      return {
        at: Date.now(),
        notReady,
        keeperTrouble: trouble,
        emitterLag: Math.max(
          maxOf(em, 'webhook_emitter_lag_slots'),
          maxOf(ix, 'indexer_chain_head_lag_slots'),
        ),
      };
    },
  };
}
