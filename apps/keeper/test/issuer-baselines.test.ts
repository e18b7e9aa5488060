// The issuer baselines in Postgres: what the drift scan last saw of each (vault, mint), kept
// across restarts, and recorded by compare-and-set so one keeper alone records (and alerts) a
// change that two keepers read.
import { describe, expect, it } from 'vitest';
import type { MintPowers } from '../src/decisions/mint-powers.ts';
import {
  baselineOf,
  type IssuerBaseline,
  loadIssuerBaselines,
  recordIssuerBaseline,
  sameBaseline,
} from '../src/service/issuer-baselines.ts';
import { keeperDatabase } from './support/keeper-database.ts';

const db = keeperDatabase('keeper', 2);

const powers = (over: Partial<MintPowers> = {}): MintPowers => ({
  paused: false,
  permanentDelegate: 'Deleg1111111111111111111111111111111111111' as never,
  transferHookProgram: null,
  ...over,
});
const seen = (over: Partial<MintPowers> = {}, holdingFrozen = false): IssuerBaseline => ({
  powers: powers(over),
  holdingFrozen,
});

describe('issuer baselines', () => {
  it('records a first reading once, and each change once, by compare-and-set', async () => {
    const first = seen();
    expect(await recordIssuerBaseline(db.pool(), 'vaultA', 'mint1', undefined, first)).toBe(true);
    // A second keeper that also read no baseline does not record (or alert) it again.
    expect(await recordIssuerBaseline(db.pool(), 'vaultA', 'mint1', undefined, first)).toBe(false);
    const moved = seen({
      permanentDelegate: 'Other111111111111111111111111111111111111111' as never,
    });
    expect(await recordIssuerBaseline(db.pool(), 'vaultA', 'mint1', first, moved)).toBe(true);
    // The same change read by another keeper against the old baseline: already recorded.
    expect(await recordIssuerBaseline(db.pool(), 'vaultA', 'mint1', first, moved)).toBe(false);
    const frozen = seen(moved.powers, true);
    expect(await recordIssuerBaseline(db.pool(), 'vaultA', 'mint1', moved, frozen)).toBe(true);
    // Per vault: the same mint in another vault has its own row.
    expect(await recordIssuerBaseline(db.pool(), 'vaultB', 'mint1', undefined, first)).toBe(true);
    const loaded = await loadIssuerBaselines(db.pool());
    expect(baselineOf(loaded, 'vaultA', 'mint1')).toEqual(frozen);
    expect(baselineOf(loaded, 'vaultB', 'mint1')).toEqual(first);
    expect(baselineOf(loaded, 'vaultA', 'mint2')).toBeUndefined();
  });

  it('compares every field', () => {
    expect(sameBaseline(undefined, seen())).toBe(false);
    expect(sameBaseline(seen(), seen())).toBe(true);
    expect(sameBaseline(seen(), seen({ paused: true }))).toBe(false);
    expect(sameBaseline(seen(), seen({ transferHookProgram: 'Hook' as never }))).toBe(false);
    expect(sameBaseline(seen(), seen({}, true))).toBe(false);
  });
});
