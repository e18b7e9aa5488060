// The leader lease and fenced actions against a real Postgres server.
import { describe, expect, it } from 'vitest';
import {
  abandonClaim,
  claimAction,
  finishAction,
  recordSignature,
} from '../src/service/actions.ts';
import { startLeaderElection } from '../src/service/leader.ts';
import { renewLease, tryAcquireLease } from '../src/service/lease.ts';
import { ensureKeeperSchema } from '../src/service/schema.ts';
import { keeperDatabase } from './support/keeper-database.ts';

const db = keeperDatabase('keeper', 6);
const pool = () => db.pool();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('leader lease', () => {
  it('creates the schema idempotently (a second replica starting finds it made)', async () => {
    await ensureKeeperSchema(pool());
    const { rows } = await pool().query("select to_regclass('keeper.actions') is not null as made");
    expect(rows[0].made).toBe(true);
  });

  it('gives the lease to one replica; the other gets it only after expiry, with a higher token', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 300);
    expect(a?.token).toBe(1n);
    expect(await tryAcquireLease(pool(), 'keeper', 'b', 300)).toBeNull();
    // Renewal by the holder keeps the token.
    expect((await tryAcquireLease(pool(), 'keeper', 'a', 300))?.token).toBe(1n);
    await sleep(400);
    const b = await tryAcquireLease(pool(), 'keeper', 'b', 300);
    expect(b?.token).toBe(2n);
    // The old holder can neither renew nor take it back while b holds it.
    expect(await renewLease(pool(), a as never, 300)).toBe(false);
    expect(await tryAcquireLease(pool(), 'keeper', 'a', 300)).toBeNull();
  });

  it('fences actions: a replica that lost the lease cannot claim, a claimed action is not claimed twice', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 300);
    if (!a) throw new Error('no lease');
    expect(await claimAction(pool(), a, 'nav-push:TECH6:7', 'nav-push', 50)).toEqual({
      claimed: true,
    });
    await sleep(400);
    // a was partitioned: its lease expired. It must not act.
    expect(await claimAction(pool(), a, 'nav-push:TECH6:8', 'nav-push', 50)).toEqual({
      claimed: false,
      reason: 'lease-lost',
    });
    const b = await tryAcquireLease(pool(), 'keeper', 'b', 5_000);
    if (!b) throw new Error('no lease');
    // b finds a's in-flight action and does not send it again.
    const again = await claimAction(pool(), b, 'nav-push:TECH6:7', 'nav-push', 50);
    expect(again).toMatchObject({ claimed: false, reason: 'already-claimed', status: 'sending' });
    // Once known not to have landed, it may be retried under b's token.
    await finishAction(pool(), 'nav-push:TECH6:7', 'expired', null);
    expect(await claimAction(pool(), b, 'nav-push:TECH6:7', 'nav-push', 50)).toEqual({
      claimed: true,
    });
    const { rows } = await pool().query(
      "select token from keeper.actions where action_key = 'nav-push:TECH6:7'",
    );
    expect(rows[0].token).toBe('2');
  });

  it('records a signature only under the lease that claimed: lost in between, nothing is recorded', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 300);
    if (!a) throw new Error('no lease');
    expect((await claimAction(pool(), a, 'k1', 'j', 50)).claimed).toBe(true);
    expect(await recordSignature(pool(), a, 'k1', 'sig-1', 50)).toBe(true);
    expect((await claimAction(pool(), a, 'k2', 'j', 50)).claimed).toBe(true);
    await sleep(400);
    const b = await tryAcquireLease(pool(), 'keeper', 'b', 5_000);
    if (!b) throw new Error('no lease');
    // a's lease was taken over after its claim: its signature is refused, the row untouched.
    expect(await recordSignature(pool(), a, 'k2', 'sig-2', 50)).toBe(false);
    // b holds a lease but not this claim (a's token): it cannot record on a's row either.
    expect(await recordSignature(pool(), b, 'k2', 'sig-b', 50)).toBe(false);
    await abandonClaim(pool(), a, 'k2', 'lease-lost');
    const { rows } = await pool().query(
      'select action_key, status, signature from keeper.actions order by action_key',
    );
    expect(rows).toEqual([
      { action_key: 'k1', status: 'sending', signature: 'sig-1' },
      { action_key: 'k2', status: 'expired', signature: null },
    ]);
    // Given back: the new leader claims it at once.
    expect(await claimAction(pool(), b, 'k2', 'j', 50)).toEqual({ claimed: true });
    // a's stale give-back cannot undo b's claim.
    await abandonClaim(pool(), a, 'k2', 'lease-lost');
    expect(await recordSignature(pool(), b, 'k2', 'sig-b', 50)).toBe(true);
  });

  it('refuses a claim when the lease would expire within the send margin', async () => {
    const a = await tryAcquireLease(pool(), 'keeper', 'a', 1_000);
    if (!a) throw new Error('no lease');
    expect(await claimAction(pool(), a, 'k', 'j', 5_000)).toEqual({
      claimed: false,
      reason: 'lease-lost',
    });
  });

  it('two electing replicas: one leads; when it dies the other takes over within 4/3 TTL, and no action runs twice', async () => {
    const ttlMs = 600;
    const changes: string[] = [];
    const a = startLeaderElection({ pool: pool(), name: 'keeper', holder: 'a', ttlMs });
    await sleep(100);
    const b = startLeaderElection({
      pool: pool(),
      name: 'keeper',
      holder: 'b',
      ttlMs,
      onChange: (l) => changes.push(l ? `b:${l.token}` : 'b:none'),
    });
    await sleep(300);
    expect(a.lease()?.token).toBe(1n);
    expect(b.lease()).toBeNull();
    // Both try the same action; only the leader's claim succeeds.
    const aLease = a.lease();
    if (!aLease) throw new Error('a should lead');
    expect(
      (await claimAction(pool(), aLease, 'rebalance:TECH6:AAPLx:1', 'rebalance', 50)).claimed,
    ).toBe(true);
    // a dies without releasing (kill -9): its timer stops, its lease just expires.
    const [held] = (
      await pool().query("select expires_at from keeper.leader_lease where name = 'keeper'")
    ).rows as { expires_at: Date }[];
    await a.stop({ release: false });
    const waitedFrom = Date.now();
    // A bound for a hung test only: how soon b takes over is the bench's measure, not a test's.
    while (!b.lease() && Date.now() - waitedFrom < 60_000) await sleep(25);
    expect(b.lease()?.token).toBe(2n);
    // b's lease began only once a's had expired (the database's clock on both sides): never two
    // leaders at once, however slowly this machine ran.
    const [taken] = (
      await pool().query("select acquired_at from keeper.leader_lease where name = 'keeper'")
    ).rows as { acquired_at: Date }[];
    expect(taken?.acquired_at.getTime()).toBeGreaterThanOrEqual(held?.expires_at.getTime() ?? 0);
    const bLease = b.lease();
    if (!bLease) throw new Error('b should lead');
    const second = await claimAction(pool(), bLease, 'rebalance:TECH6:AAPLx:1', 'rebalance', 50);
    expect(second.claimed).toBe(false);
    const { rows } = await pool().query('select count(*)::int as n from keeper.actions');
    expect(rows[0].n).toBe(1);
    await b.stop();
    expect(changes).toEqual(['b:2', 'b:none']);
    // A clean stop released the lease: anyone takes it at once.
    expect((await tryAcquireLease(pool(), 'keeper', 'c', ttlMs))?.token).toBe(3n);
  });
});

describe('election readiness', () => {
  it("reports each round's outcome: reached the database (null) or the error (readiness 'leader-election')", async () => {
    // Given an elector on the test database and one on a pool whose server is gone
    const rounds: (string | null)[] = [];
    const ok = startLeaderElection({
      pool: pool(),
      name: 'keeper-readiness',
      holder: 'r1',
      ttlMs: 60_000,
      onRound: (error) => rounds.push(error === null ? null : String(error)),
    });
    await ok.tick();
    await ok.stop();
    expect(rounds.length).toBeGreaterThan(0);
    expect(rounds.every((r) => r === null)).toBe(true);
    const pg = await import('pg');
    const gone = new pg.default.Pool({ connectionString: 'postgres://u:p@127.0.0.1:1/none' });
    const failures: unknown[] = [];
    const down = startLeaderElection({
      pool: gone,
      name: 'keeper-readiness',
      holder: 'r2',
      ttlMs: 60_000,
      onRound: (error) => failures.push(error),
    });
    // When a round runs, Then it reports the connection error, and this replica does not lead
    expect(await down.tick()).toBeNull();
    await down.stop();
    await gone.end();
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((f) => f instanceof Error)).toBe(true);
  });
});
