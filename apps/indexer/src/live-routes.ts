// The live-operation feeds (docs/indexer.md): a wallet's withdrawal requests (the dapp shows
// the open ones), a vault's requests, its issuer-actions feed, its rotations and its rebalance
// settlements. Rows of the 003 views; amounts are decimal strings of raw integers.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { skuRegistry, walletKnown } from './api-routes.ts';
import { hasRows, READ_TTL_MS, type ReadCache } from './read-cache.ts';
import { ADDRESS, limitOf, SKU } from './route-params.ts';

const STATES = ['open', 'fulfilled', 'cancelled', 'all'] as const;

function badRequest(reply: FastifyReply, error: string) {
  return reply.code(400).send({ error });
}

type Query = { state?: string; limit?: string };

/** Open requests of a set: their count, the shares in escrow and the cash they are worth. */
function requestTotals(rows: Record<string, unknown>[]) {
  const open = rows.filter((r) => r.state === 'open');
  const sum = (key: string) =>
    open.reduce((total, r) => total + BigInt(String(r[key] ?? '0')), 0n).toString();
  return {
    open: open.length,
    escrowedShares: sum('shares'),
    estimatedGrossUsd: sum('estimated_gross_usd'),
  };
}

/**
 * Registers the live-operation routes.
 *
 * @example
 * app.register(liveRoutes(readPool, createReadCache()));
 */
export function liveRoutes(pool: pg.Pool, cache: ReadCache) {
  const skus = skuRegistry(pool, cache);
  const requests = (where: string, params: unknown[], state: string, limit: number) =>
    pool
      .query(
        `select * from withdrawal_requests where ${where} and ($${params.length + 1} = 'all' or state = $${params.length + 1})
         order by event_sequence desc limit $${params.length + 2}`,
        [...params, state, limit],
      )
      .then((r) => r.rows);

  return async (app: FastifyInstance) => {
    app.get<{ Params: { address: string }; Querystring: Query }>(
      '/api/wallets/:address/withdrawal-requests',
      async (request, reply) => {
        const { address } = request.params;
        if (!ADDRESS.test(address)) return badRequest(reply, 'not a base58 address');
        const state = request.query.state ?? 'open';
        if (!(STATES as readonly string[]).includes(state))
          return badRequest(reply, `state: one of ${STATES.join(', ')}`);
        const limit = limitOf(request.query.limit, 100);
        if (limit === null) return badRequest(reply, 'limit: an integer from 1 to 10000');
        if (!(await walletKnown(pool, address)))
          return { address, state, ...requestTotals([]), requests: [] };
        const rows = await cache.get(
          `wreq:w:${address}:${state}:${limit}`,
          READ_TTL_MS.wallet,
          () => requests('owner = $1', [address], state, limit),
          hasRows,
        );
        return { address, state, ...requestTotals(rows), requests: rows };
      },
    );

    app.get<{ Params: { sku: string }; Querystring: Query }>(
      '/api/skus/:sku/withdrawal-requests',
      async (request, reply) => {
        const { sku } = request.params;
        if (!SKU.test(sku)) return badRequest(reply, 'sku: 1-16 printable characters');
        const state = request.query.state ?? 'open';
        if (!(STATES as readonly string[]).includes(state))
          return badRequest(reply, `state: one of ${STATES.join(', ')}`);
        const limit = limitOf(request.query.limit, 1_000);
        if (limit === null) return badRequest(reply, 'limit: an integer from 1 to 10000');
        if (!(await skus.isKnown(sku))) return { sku, state, ...requestTotals([]), requests: [] };
        const rows = await cache.get(`wreq:s:${sku}:${state}:${limit}`, READ_TTL_MS.sku, () =>
          requests('sku = $1', [sku], state, limit),
        );
        return { sku, state, ...requestTotals(rows), requests: rows };
      },
    );

    // Newest first: the feeds an operator or the dapp's banner reads.
    const feed = (path: string, view: string, order: string) =>
      app.get<{ Params: { sku: string }; Querystring: Query }>(
        `/api/skus/:sku/${path}`,
        async (request, reply) => {
          const { sku } = request.params;
          if (!SKU.test(sku)) return badRequest(reply, 'sku: 1-16 printable characters');
          const limit = limitOf(request.query.limit, 100);
          if (limit === null) return badRequest(reply, 'limit: an integer from 1 to 10000');
          const key = path.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
          if (!(await skus.isKnown(sku))) return { sku, [key]: [] };
          const rows = await cache.get(
            `${path}:${sku}:${limit}`,
            READ_TTL_MS.sku,
            async () =>
              (
                await pool.query(
                  `select * from ${view} where sku = $1 order by ${order} limit $2`,
                  [sku, limit],
                )
              ).rows,
          );
          return { sku, [key]: rows };
        },
      );
    feed('issuer-actions', 'issuer_actions', 'event_sequence desc');
    feed('rotations', 'vault_rotations', 'event_sequence desc');
    feed('rebalances', 'vault_rebalance_settlements', 'event_sequence desc');
  };
}
