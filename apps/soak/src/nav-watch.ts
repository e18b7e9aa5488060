// NAV freshness as the vault sees it (the snapshot's publish time against the chain's Clock,
// with the staleness limit of that moment), sampled every few seconds; a stale sample outside
// every declared outage is a violation.
import {
  clockSysvarAccount,
  navSnapshotAccount,
  navStaleness,
  type ProgramAddresses,
  readAccounts,
} from '@basket/sdk';
import type { Address, Rpc, SolanaRpcApi } from '@solana/kit';

export type Outage = { from: number; to: number | null; why: string };

export type NavViolation = Readonly<{ at: number; sku: string; ageSecs: bigint; maxSecs: bigint }>;

/**
 * @example
 * const watch = navWatch(rpc, programs, skus, outages);
 * await watch.sample();
 */
export function navWatch(
  rpc: Rpc<SolanaRpcApi>,
  programs: ProgramAddresses,
  skus: readonly { skuId: string; snapshot: string }[],
  outages: readonly Outage[],
) {
  const violations: NavViolation[] = [];
  let samples = 0;
  let staleInOutage = 0;
  return {
    violations: () => violations,
    counts: () => ({ samples, staleInOutage }),
    sample: async () => {
      const at = Date.now();
      const accounts = await readAccounts(
        rpc,
        [
          clockSysvarAccount(),
          ...skus.map((s) => navSnapshotAccount(s.snapshot as Address, programs)),
        ],
        { commitment: 'confirmed' },
      );
      const [clock, ...snaps] = accounts;
      if (!clock?.exists) return;
      for (const [i, snap] of snaps.entries()) {
        if (!snap?.exists) continue;
        samples += 1;
        const s = navStaleness(snap.data.publishUnixTime, clock.data.unixTimestamp);
        if (s.fresh) continue;
        // Declared: a fault's window (until its recovery plus the keeper's grace) or a move of
        // the chain's clock (until the keeper's next pushes).
        if (outages.some((o) => at >= o.from && (o.to === null || at <= o.to))) {
          staleInOutage += 1;
          continue;
        }
        violations.push({
          at,
          sku: (skus[i] as { skuId: string }).skuId,
          ageSecs: s.ageSecs,
          maxSecs: s.maxStaleSecs,
        });
      }
    },
  };
}
