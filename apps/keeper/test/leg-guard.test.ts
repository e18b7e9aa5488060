// The per-(vault, asset) leg guard against a real Postgres server: the rebalance-exec job and
// the withdrawal-router's cash raise both trade under it, so while one leg of a pair is being
// traded (lock held, by this keeper or another connection) or is in flight (a `sending` action
// row), no other leg of that pair starts; other pairs are not held up.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeeperContext } from '../src/jobs/context.ts';
import { withLegGuard } from '../src/jobs/leg-guard.ts';
import { keeperDatabase } from './support/keeper-database.ts';

// Each test starts with no action rows (the helper empties them before each test).
const db = keeperDatabase('keeper');
/** A second keeper's connections (another replica, or the same one's second queue slot). */
let other: pg.Pool;

beforeAll(() => {
  other = new pg.Pool({ connectionString: db.url(), max: 4 });
});
afterAll(async () => {
  await other?.end();
});

const ctxOf = (p: pg.Pool) => ({ pool: p }) as unknown as KeeperContext;
const MINT = 'So11111111111111111111111111111111111111112';
const OTHER_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

/** A guarded run that lasts until `finish` is called. */
function holding(ctx: KeeperContext, mint = MINT) {
  let finish: () => void = () => {};
  let started: () => void = () => {};
  const running = new Promise<void>((r) => {
    started = r;
  });
  const done = withLegGuard(ctx, 'TECH6', mint, async () => {
    started();
    await new Promise<void>((r) => {
      finish = r;
    });
    return 'sold';
  });
  return { running, done, finish: () => finish() };
}

describe('leg guard', () => {
  it('refuses a second leg of the pair while one is traded, from this keeper or another', async () => {
    const first = holding(ctxOf(db.pool()));
    await first.running;
    let ran = false;
    const mark = async () => {
      ran = true;
      return 'second';
    };
    expect(await withLegGuard(ctxOf(db.pool()), 'TECH6', MINT, mark)).toEqual({
      ran: false,
      reason: `a leg of TECH6:${MINT} is being traded`,
    });
    expect(await withLegGuard(ctxOf(other), 'TECH6', MINT, mark)).toMatchObject({ ran: false });
    expect(ran).toBe(false);
    // Another asset of the vault, and the same asset of another vault, are not held up.
    expect(await withLegGuard(ctxOf(other), 'TECH6', OTHER_MINT, mark)).toEqual({
      ran: true,
      value: 'second',
    });
    expect(await withLegGuard(ctxOf(other), 'BROAD20', MINT, mark)).toMatchObject({ ran: true });
    first.finish();
    expect(await first.done).toEqual({ ran: true, value: 'sold' });
    // Released: the next leg of the pair runs.
    expect(await withLegGuard(ctxOf(other), 'TECH6', MINT, mark)).toMatchObject({ ran: true });
  });

  it('refuses while a leg of the pair is in flight (its action row still sending)', async () => {
    const key = `rebalance:TECH6:${MINT}:aggregator:123:456`;
    await db
      .pool()
      .query(
        "insert into keeper.actions (action_key, job, token, holder, status) values ($1, 'rebalance-exec', 1, 'a', 'sending')",
        [key],
      );
    const run = async () => 'sold';
    expect(await withLegGuard(ctxOf(db.pool()), 'TECH6', MINT, run)).toEqual({
      ran: false,
      reason: `a leg of TECH6:${MINT} is in flight`,
    });
    // A leg of another asset, or one whose outcome is settled, does not hold the pair.
    expect(await withLegGuard(ctxOf(db.pool()), 'TECH6', OTHER_MINT, run)).toMatchObject({
      ran: true,
    });
    await db.pool().query("update keeper.actions set status = 'sent' where action_key = $1", [key]);
    expect(await withLegGuard(ctxOf(db.pool()), 'TECH6', MINT, run)).toMatchObject({ ran: true });
  });

  it('a leg that throws releases the pair, and the error reaches the caller', async () => {
    await expect(
      withLegGuard(ctxOf(db.pool()), 'TECH6', MINT, async () => {
        throw new Error('refused for price');
      }),
    ).rejects.toThrow('refused for price');
    expect(await withLegGuard(ctxOf(other), 'TECH6', MINT, async () => 1)).toMatchObject({
      ran: true,
    });
    // No connection is left holding it either: every pooled connection is idle.
    expect(db.pool().waitingCount).toBe(0);
    const { rows } = await other.query(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted",
    );
    expect(rows[0].n).toBe(0);
  });
});
