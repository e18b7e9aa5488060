// Readiness from state the indexer keeps: a dependency is usable when the indexer's own
// periodic work last reached it recently. `/readyz` reads that state, so probes (or anyone
// hammering the endpoint) cost no query and no RPC call.

export type KeptReadiness = Readonly<{
  /** The dependency answered just now. */
  passed: () => void;
  /** The dependency failed just now (ready again after the next `passed`). */
  failed: () => void;
  /** Ready: the last outcome was a pass, at most `staleAfterMs` ago. */
  check: () => boolean;
}>;

/**
 * @example
 * const postgres = keptReadiness(10_000);
 * periodic(async () => { await pool.query('select 1'); postgres.passed(); }, 2_000, postgres.failed);
 * createServiceServer({ logger, metrics, readiness: [{ name: 'postgres', check: postgres.check }] });
 */
export function keptReadiness(staleAfterMs: number, now: () => number = Date.now): KeptReadiness {
  let lastPass: number | null = null;
  let ok = false;
  return {
    passed: () => {
      lastPass = now();
      ok = true;
    },
    failed: () => {
      ok = false;
    },
    check: () => ok && lastPass !== null && now() - lastPass <= staleAfterMs,
  };
}
