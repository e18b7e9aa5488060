// The analytics API the dapp and operators read (docs/indexer.md has every response). All
// amounts are decimal strings of integers in their raw units; reads use their own pool.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { aprBps, feeTotals, type NavPoint, navPoints, type VaultEvent } from './analytics.ts';
import { READ_TTL_MS, type ReadCache } from './read-cache.ts';
import { ADDRESS, SKU } from './route-params.ts';

async function vaultEvents(pool: pg.Pool, sku: string): Promise<VaultEvent[]> {
  const { rows } = await pool.query<{
    name: string;
    slot: string;
    commitment: string;
    payload: Record<string, unknown>;
  }>(
    `select e.name, e.slot, t.commitment, e.payload
     from events e join transactions t using (signature)
     where e.program = 'vault' and e.status = 'decoded' and e.sku = $1
     order by (e.payload ->> 'eventSequence')::numeric, e.slot, e.event_index`,
    [sku],
  );
  return rows.map((r) => ({ ...r, slot: BigInt(r.slot) }));
}

const pointJson = (p: NavPoint) => ({
  unixTime: Number(p.unixTime),
  slot: p.slot.toString(),
  navUsd: p.navUsd.toString(),
  supply: p.supply.toString(),
  pricePerShare: p.pricePerShare.toString(),
  commitment: p.commitment,
});

function summary(sku: string, events: VaultEvent[]) {
  const points = navPoints(events);
  const last = points.at(-1) ?? null;
  const apr = aprBps(points, 30);
  return {
    sku,
    tvlUsd: last?.navUsd.toString() ?? '0',
    supply: last?.supply.toString() ?? '0',
    pricePerShare: last?.pricePerShare.toString() ?? null,
    lastRefresh: last ? pointJson(last) : null,
    apr30dBps: apr ? apr.aprBps.toString() : null,
  };
}

/**
 * A vault's events in order (every per-SKU answer is computed from them: one cached read
 * each) and its last price per share (x 1e12, rounded down; null before a refresh).
 */
export function vaultReader(pool: pg.Pool, cache: ReadCache) {
  const eventsOf = (sku: string) =>
    cache.get(`events:${sku}`, READ_TTL_MS.sku, () => vaultEvents(pool, sku));
  const pricePerShare = async (sku: string) =>
    navPoints(await eventsOf(sku)).at(-1)?.pricePerShare ?? null;
  return { eventsOf, pricePerShare };
}

/**
 * Registers the analytics routes.
 *
 * @example
 * app.register(apiRoutes(readPool, createReadCache()));
 */
export function apiRoutes(
  pool: pg.Pool,
  cache: ReadCache,
  /** Management fee shares accrued and not yet collected, read from the chain (optional). */
  accruedMgmtFee?: (sku: string) => Promise<bigint | null>,
) {
  const { eventsOf, pricePerShare } = vaultReader(pool, cache);
  return async (app: FastifyInstance) => {
    app.get('/api/skus', async () => {
      const skus = await cache.get('skus', READ_TTL_MS.sku, async () => {
        const { rows } = await pool.query<{ sku: string }>(
          `select distinct sku from events where program = 'vault' and name = 'vaultInitialized' and sku is not null order by sku`,
        );
        return rows.map((r) => r.sku);
      });
      return Promise.all(skus.map(async (sku) => summary(sku, await eventsOf(sku))));
    });

    app.get<{ Params: { sku: string }; Querystring: { limit?: string } }>(
      '/api/skus/:sku/nav-history',
      async (request, reply) => {
        const { sku } = request.params;
        if (!SKU.test(sku))
          return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
        const limit = Math.min(Math.max(Number(request.query.limit ?? 1_000) || 1_000, 1), 10_000);
        const points = navPoints(await eventsOf(sku));
        return { sku, points: points.slice(-limit).map(pointJson) };
      },
    );

    app.get<{ Params: { sku: string } }>('/api/skus/:sku', async (request, reply) => {
      const { sku } = request.params;
      if (!SKU.test(sku)) return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
      const events = await eventsOf(sku);
      if (!events.some((e) => e.name === 'vaultInitialized')) {
        return reply.code(404).send({ error: `no vault ${sku} has been indexed` });
      }
      return summary(sku, events);
    });

    app.get<{ Params: { sku: string }; Querystring: { days?: string } }>(
      '/api/skus/:sku/apr',
      async (request, reply) => {
        const { sku } = request.params;
        const days = Number(request.query.days ?? 30);
        if (!SKU.test(sku))
          return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
        if (!Number.isInteger(days) || days < 1 || days > 3_650) {
          return reply.code(400).send({ error: 'days: an integer from 1 to 3650' });
        }
        const apr = aprBps(navPoints(await eventsOf(sku)), days);
        return {
          sku,
          days,
          aprBps: apr?.aprBps.toString() ?? null,
          from: apr ? pointJson(apr.from) : null,
          to: apr ? pointJson(apr.to) : null,
        };
      },
    );

    app.get<{ Params: { sku: string } }>('/api/skus/:sku/fees', async (request, reply) => {
      const { sku } = request.params;
      if (!SKU.test(sku)) return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
      const t = feeTotals(await eventsOf(sku));
      // Collected fees are events; the management fee accrued since is only in the vault
      // account, valued at the last price per share (rounded down).
      const accrued = accruedMgmtFee
        ? await cache.get(`accrued:${sku}`, READ_TTL_MS.sku, () => accruedMgmtFee(sku))
        : null;
      const price = await pricePerShare(sku);
      return {
        sku,
        management: {
          shares: t.management.shares.toString(),
          usd: t.management.usd.toString(),
          accrued:
            accrued === null
              ? null
              : {
                  shares: accrued.toString(),
                  usd: price === null ? null : ((accrued * price) / 10n ** 12n).toString(),
                },
        },
        performance: {
          shares: t.performance.shares.toString(),
          usd: t.performance.usd.toString(),
        },
        withdrawal: { usd: t.withdrawal.usd.toString() },
      };
    });

    app.get<{ Params: { address: string } }>('/api/wallets/:address', async (request, reply) => {
      const { address } = request.params;
      if (!ADDRESS.test(address)) return reply.code(400).send({ error: 'not a base58 address' });
      return cache.get(`wallet:${address}`, READ_TTL_MS.wallet, async () => {
        const rows = (sql: string) => pool.query(sql, [address]).then((r) => r.rows);
        const [deposits, withdrawals, withdrawalRequests, stakes, claims] = await Promise.all([
          rows('select * from vault_deposits where depositor = $1 order by slot'),
          rows('select * from vault_withdrawals where owner = $1 order by slot'),
          rows('select * from withdrawal_requests where owner = $1 order by request_slot'),
          rows('select * from stakes where owner = $1 order by slot'),
          rows('select * from reward_claims where claimant = $1 order by slot'),
        ]);
        return { address, deposits, withdrawals, withdrawalRequests, stakes, claims };
      });
    });

    app.get('/api/unread-events', async () => {
      const { rows } = await pool.query(
        'select status, reason, count(*)::int as count from unread_events group by status, reason order by status, reason',
      );
      return rows;
    });
  };
}
