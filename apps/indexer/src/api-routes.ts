// The analytics API the dapp and operators read (docs/indexer.md has every response). All
// amounts are decimal strings of integers in their raw units; reads use their own pool.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { aprBps, feeTotals, type NavPoint, navPoints, type VaultEvent } from './analytics.ts';
import { hasRows, READ_TTL_MS, type ReadCache } from './read-cache.ts';
import { ADDRESS, limitOf, SKU } from './route-params.ts';
import {
  parseCursor,
  WALLET_LIST_NAMES,
  WALLET_PAGE,
  type WalletList,
  walletPage,
} from './wallet-history.ts';

/** A vault's decoded events in order (every per-SKU answer and the reconciliation read them). */
export async function vaultEvents(pool: pg.Pool, sku: string): Promise<VaultEvent[]> {
  const { rows } = await pool.query<{
    name: string;
    version: number;
    slot: string;
    commitment: string;
    payload: Record<string, unknown>;
  }>(
    `select e.name, e.version, e.slot, t.commitment, e.payload
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
 * The vaults the indexer knows (the `skus` table: from any of their events or the chain),
 * one cached read for all. Per-SKU routes answer a name not in it from this list alone: no
 * query, no cache entry and no chain read per made-up name.
 *
 * @example
 * const { list, isKnown } = skuRegistry(pool, cache);
 * if (!(await isKnown('TECH6'))) return reply.code(404).send(...);
 */
export function skuRegistry(pool: pg.Pool, cache: ReadCache) {
  const list = () =>
    cache.get('skus', READ_TTL_MS.sku, async () => {
      const { rows } = await pool.query<{ sku: string }>('select sku from skus order by sku');
      return rows.map((r) => r.sku);
    });
  const isKnown = async (sku: string) => (await list()).includes(sku);
  return { list, isKnown };
}

/**
 * Whether the indexer has rows for `address` (one key lookup, nothing cached): the wallet
 * routes answer any other address empty without reading a view.
 *
 * @example
 * if (!(await walletKnown(pool, address))) return emptyHistory(address);
 */
export async function walletKnown(pool: pg.Pool, address: string): Promise<boolean> {
  const { rowCount } = await pool.query('select 1 from wallets where address = $1', [address]);
  return (rowCount ?? 0) > 0;
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
  const skus = skuRegistry(pool, cache);
  const unknown = (reply: FastifyReply, sku: string) =>
    reply.code(404).send({ error: `no vault ${sku} has been indexed` });
  return async (app: FastifyInstance) => {
    app.get('/api/skus', async () => {
      return Promise.all((await skus.list()).map(async (sku) => summary(sku, await eventsOf(sku))));
    });

    app.get<{ Params: { sku: string }; Querystring: { limit?: string } }>(
      '/api/skus/:sku/nav-history',
      async (request, reply) => {
        const { sku } = request.params;
        if (!SKU.test(sku))
          return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
        const limit = Math.min(Math.max(Number(request.query.limit ?? 1_000) || 1_000, 1), 10_000);
        if (!(await skus.isKnown(sku))) return { sku, points: [] };
        const points = navPoints(await eventsOf(sku));
        return { sku, points: points.slice(-limit).map(pointJson) };
      },
    );

    app.get<{ Params: { sku: string } }>('/api/skus/:sku', async (request, reply) => {
      const { sku } = request.params;
      if (!SKU.test(sku)) return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
      if (!(await skus.isKnown(sku))) return unknown(reply, sku);
      return summary(sku, await eventsOf(sku));
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
        if (!(await skus.isKnown(sku))) return { sku, days, aprBps: null, from: null, to: null };
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
      // A name the database does not know is answered from it: never a chain read per name.
      if (!(await skus.isKnown(sku))) return unknown(reply, sku);
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

    app.get<{
      Params: { address: string };
      Querystring: { limit?: string; list?: string; before?: string };
    }>('/api/wallets/:address', async (request, reply) => {
      const { address } = request.params;
      if (!ADDRESS.test(address)) return reply.code(400).send({ error: 'not a base58 address' });
      const limit = limitOf(request.query.limit, WALLET_PAGE.fallback, WALLET_PAGE.max);
      if (limit === null)
        return reply.code(400).send({ error: `limit: an integer from 1 to ${WALLET_PAGE.max}` });
      const { list, before } = request.query;
      if (list !== undefined || before !== undefined) {
        // One list, one page (the cursors of the first answer lead here).
        if (!(WALLET_LIST_NAMES as string[]).includes(list ?? ''))
          return reply.code(400).send({ error: `list: one of ${WALLET_LIST_NAMES.join(', ')}` });
        const cursor = before === undefined ? null : parseCursor(before);
        if (before !== undefined && cursor === null)
          return reply.code(400).send({ error: 'before: a cursor from a previous answer' });
        // A wallet with no rows is answered by one key lookup, no view read.
        if (!(await walletKnown(pool, address)))
          return { address, list, [list as string]: [], before: null };
        const page = await walletPage(pool, list as WalletList, address, limit, cursor);
        return { address, list, [list as string]: page.rows, before: page.before };
      }
      if (!(await walletKnown(pool, address)))
        return {
          address,
          ...Object.fromEntries(WALLET_LIST_NAMES.map((l) => [l, []])),
          before: Object.fromEntries(WALLET_LIST_NAMES.map((l) => [l, null])),
        };
      const load = async () => {
        const pages = await Promise.all(
          WALLET_LIST_NAMES.map((l) => walletPage(pool, l, address, limit, null)),
        );
        const out: Record<string, unknown> = { address };
        const cursors: Record<string, string | null> = {};
        WALLET_LIST_NAMES.forEach((l, i) => {
          out[l] = pages[i]?.rows ?? [];
          cursors[l] = pages[i]?.before ?? null;
        });
        return { ...out, before: cursors };
      };
      // Cached at the default page only: other limits cannot multiply one wallet's entries.
      if (limit !== WALLET_PAGE.fallback) return load();
      return cache.get(`wallet:${address}`, READ_TTL_MS.wallet, load, hasRows);
    });

    app.get('/api/unread-events', async () => {
      const { rows } = await pool.query(
        'select status, reason, count(*)::int as count from unread_events group by status, reason order by status, reason',
      );
      return rows;
    });
  };
}
