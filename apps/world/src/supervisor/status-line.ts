// The live status line: the chain's slot, each SKU's NAV (value and age as the vault sees it,
// read through the SDK exactly as the dapp reads it) and each service: up and ready, up but
// not ready (with its /readyz reasons), or down (and when the supervisor restarts it).
import type { WorldManifest } from '@basket/localnet';
import { getNavQuote, type ProgramAddresses } from '@basket/sdk';
import type { Chain } from '../chain.ts';

function usd(micro: bigint): string {
  const whole = micro / 1_000_000n;
  return `$${whole.toLocaleString('en-US')}`;
}

/** A service as the status line shows it. */
export type ServiceStatus = Readonly<{
  name: string;
  up: boolean;
  notReady?: string | null;
  restartingInMs?: number | null;
}>;

/**
 * The services' part of the line: "indexer up", "indexer NOT READY (queue: ...)",
 * "keeper-a DOWN (restarting in 2 s)".
 *
 * @example
 * servicesPhrase([{ name: 'indexer', up: true, notReady: 'queue: stopped' }]);
 * // 'indexer NOT READY (queue: stopped)'
 */
export function servicesPhrase(services: readonly ServiceStatus[]): string {
  return services
    .map((s) => {
      if (!s.up) {
        const restart =
          s.restartingInMs === null || s.restartingInMs === undefined
            ? ''
            : ` (restarting in ${Math.ceil(s.restartingInMs / 1000)} s)`;
        return `${s.name} DOWN${restart}`;
      }
      return s.notReady ? `${s.name} NOT READY (${s.notReady})` : `${s.name} up`;
    })
    .join(', ');
}

export async function statusLine(
  chain: Chain,
  manifest: WorldManifest,
  programs: ProgramAddresses,
  services: readonly ServiceStatus[],
): Promise<string> {
  const slot = await chain.rpc.getSlot({ commitment: 'confirmed' }).send();
  const parts = [`slot ${slot}`];
  for (const sku of manifest.skus) {
    try {
      const q = await getNavQuote(chain.rpc, sku.skuId, { programs, commitment: 'confirmed' });
      if (!q.snapshot) {
        parts.push(`${sku.skuId} no snapshot`);
        continue;
      }
      const { ageSecs, fresh } = q.snapshot.staleness;
      const value = q.navUsd ? usd(q.navUsd.down) : 'unpriced';
      parts.push(`${sku.skuId} NAV ${value}, ${ageSecs}s old${fresh ? '' : ' (STALE)'}`);
    } catch (error) {
      parts.push(
        `${sku.skuId} unreadable (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  parts.push(servicesPhrase(services));
  return parts.join(' | ');
}
