// The live status line: the chain's slot, each SKU's NAV (value and age as the vault sees it,
// read through the SDK exactly as the dapp reads it) and which services are up.
import type { WorldManifest } from '@basket/localnet';
import { getNavQuote, type ProgramAddresses } from '@basket/sdk';
import type { Chain } from '../chain.ts';

function usd(micro: bigint): string {
  const whole = micro / 1_000_000n;
  return `$${whole.toLocaleString('en-US')}`;
}

export async function statusLine(
  chain: Chain,
  manifest: WorldManifest,
  programs: ProgramAddresses,
  services: readonly { name: string; up: boolean }[],
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
  parts.push(services.map((s) => `${s.name} ${s.up ? 'up' : 'DOWN'}`).join(', '));
  return parts.join(' | ');
}
