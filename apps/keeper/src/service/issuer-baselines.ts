// The issuer's powers over each (vault, mint) as last seen, kept in Postgres (not in the
// keeper's memory): a keeper that restarts, or a replica that takes the lease, compares what it
// reads with what any keeper saw last, so a delegate changed while no keeper ran is still
// alerted. A change is recorded by compare-and-set on the previous reading: of two keepers
// seeing the same change, exactly one records it, and only that one alerts.
import type pg from 'pg';
import type { MintPowers } from '../decisions/mint-powers.ts';
import { KEEPER_SCHEMA } from './schema.ts';

/** What the drift scan last saw of one asset of one vault. */
export type IssuerBaseline = Readonly<{ powers: MintPowers; holdingFrozen: boolean }>;

const keyOf = (vault: string, mint: string) => `${vault}:${mint}`;

/** Every recorded baseline, keyed `vault:mint` (one query per scan). */
export async function loadIssuerBaselines(pool: pg.Pool): Promise<Map<string, IssuerBaseline>> {
  const { rows } = await pool.query<{
    vault: string;
    mint: string;
    powers: MintPowers;
    holding_frozen: boolean;
  }>(`select vault, mint, powers, holding_frozen from ${KEEPER_SCHEMA}.issuer_baselines`);
  return new Map(
    rows.map((r) => [
      keyOf(r.vault, r.mint),
      { powers: r.powers, holdingFrozen: r.holding_frozen },
    ]),
  );
}

/** The recorded baseline of (vault, mint) in a loaded map. */
export const baselineOf = (
  baselines: ReadonlyMap<string, IssuerBaseline>,
  vault: string,
  mint: string,
): IssuerBaseline | undefined => baselines.get(keyOf(vault, mint));

/** Equal readings (nothing to record). */
export function sameBaseline(a: IssuerBaseline | undefined, b: IssuerBaseline): boolean {
  return (
    a !== undefined &&
    a.holdingFrozen === b.holdingFrozen &&
    a.powers.paused === b.powers.paused &&
    a.powers.permanentDelegate === b.powers.permanentDelegate &&
    a.powers.transferHookProgram === b.powers.transferHookProgram
  );
}

/**
 * Records `next` for (vault, mint) if the row still holds `previous` (none: no row yet).
 * True when this call made the change (the caller alerts); false when another keeper did.
 *
 * @example
 * if (await recordIssuerBaseline(pool, vault, mint, before, now)) alert(...);
 */
export async function recordIssuerBaseline(
  pool: pg.Pool,
  vault: string,
  mint: string,
  previous: IssuerBaseline | undefined,
  next: IssuerBaseline,
): Promise<boolean> {
  const powers = JSON.stringify(next.powers);
  if (previous === undefined) {
    const { rowCount } = await pool.query(
      `insert into ${KEEPER_SCHEMA}.issuer_baselines (vault, mint, powers, holding_frozen)
         values ($1, $2, $3::jsonb, $4) on conflict (vault, mint) do nothing`,
      [vault, mint, powers, next.holdingFrozen],
    );
    return rowCount === 1;
  }
  // jsonb equality ignores key order: the row is compared by value.
  const { rowCount } = await pool.query(
    `update ${KEEPER_SCHEMA}.issuer_baselines
        set powers = $3::jsonb, holding_frozen = $4, updated_at = now()
      where vault = $1 and mint = $2 and powers = $5::jsonb and holding_frozen = $6`,
    [
      vault,
      mint,
      powers,
      next.holdingFrozen,
      JSON.stringify(previous.powers),
      previous.holdingFrozen,
    ],
  );
  return rowCount === 1;
}
