// The cost table against the repository's bench results (bench/results/cu.json): for every
// benchmarked case of an instruction the SDK builds, the SDK's cost model must cover the
// measured cost, and not overstate it by more than half.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ComputeCost, hookedTransferCosts, measuredUnits } from '../src/index.ts';

interface BenchRow {
  program: string;
  instruction: string;
  case: string;
  computeUnits: number;
}

const rows: BenchRow[] = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../bench/results/cu.json', import.meta.url)), 'utf8'),
);

function model(row: BenchRow): ComputeCost[] | null {
  if (row.program === 'vault') {
    // The mixed basket's rows ("N held assets") and the all-issuer basket's ("N issuer mints").
    const held = /^(\d+) ((held )?assets?|issuer mints)/.exec(row.case);
    if (!held) return null;
    const n = Number(held[1]);
    if (row.instruction === 'deposit') {
      return [{ key: 'vault.deposit' }, { key: 'vault.perPricedAsset', count: n }];
    }
    if (row.instruction === 'withdraw_usdc') {
      return [{ key: 'vault.withdrawUsdc' }, { key: 'vault.perPricedAsset', count: n }];
    }
    if (row.instruction === 'refresh_nav') {
      return [{ key: 'vault.refreshNav' }, { key: 'vault.perPricedAsset', count: n }];
    }
    if (row.instruction === 'withdraw_in_kind') {
      // The seeded bench's hooked mint (bench/vault-hooks.bench.ts) has validation bump 255;
      // its three hook accounts are forwarded to each of the three stock transfers.
      const hooked: ComputeCost[] = row.case.includes('transfer hook set')
        ? [...hookedTransferCosts([255]), { key: 'vault.perForwardedHookAccount', count: 3 * n }]
        : [];
      return [{ key: 'vault.withdrawInKind' }, { key: 'vault.perPaidAsset', count: n }, ...hooked];
    }
    return null;
  }
  if (row.program !== 'rewards') return null;
  if (row.instruction === 'stake') return [{ key: 'rewards.stake' }];
  if (row.instruction === 'unstake') return [{ key: 'rewards.unstake' }];
  // Cases before the claim status became an address with seed end in ", bump 255".
  const claim = /^(\d+) Token-2022 mints?, depth (\d+)/.exec(row.case);
  if (row.instruction === 'claim' && claim) {
    return [
      { key: 'rewards.claim' },
      // The bench's Token-2022 reward mints are issuer mints (full extension set).
      { key: 'rewards.claimPerIssuerMint', count: Number(claim[1]) },
      { key: 'rewards.claimPerProofLevel', count: Number(claim[2]) },
    ];
  }
  return null;
}

describe('compute-unit cost table', () => {
  it('covers every benchmarked case of the instructions the SDK builds', () => {
    const checked = rows.flatMap((row) => {
      const costs = model(row);
      if (!costs) return [];
      const units = measuredUnits(costs);
      const label = `${row.instruction} (${row.case}): bench ${row.computeUnits}, model ${units}`;
      expect(units, label).toBeGreaterThanOrEqual(row.computeUnits);
      // A cached-NAV call is budgeted as the full pricing it may turn into (see the table).
      if (!row.case.includes('cached NAV')) {
        expect(units * 2, label).toBeLessThanOrEqual(row.computeUnits * 3);
      }
      return [label];
    });
    expect(checked.length).toBeGreaterThanOrEqual(15);
  });
});
