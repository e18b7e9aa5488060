// Flows and positions (docs/indexer.md): a vault's deposits and withdrawals per UTC day, and a
// wallet's position per vault as made through the vault, valued at the last price per share.
// Integer sums in SQL (numeric), returned as decimal strings.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { skuRegistry, walletKnown } from './api-routes.ts';
import { hasRows, READ_TTL_MS, type ReadCache } from './read-cache.ts';
import { ADDRESS, limitOf, SKU } from './route-params.ts';

/** Shares leave a wallet at these withdrawals (a request's shares leave at the request). */
const SHARES_OUT = `('stable', 'in_kind', 'redemption_claim')`;
/** Stablecoin reaches the owner at these (a redemption claim pays later, by its payments). */
const CASH_OUT = `('stable', 'in_kind', 'redemption_payment', 'request_fulfilled')`;

const FLOWS_SQL = `
with d as (
  select date_trunc('day', block_time, 'UTC') as day, sum(raw_amount) as usd, sum(shares) as shares
  from vault_deposits where sku = $1 group by 1),
w as (
  select date_trunc('day', block_time, 'UTC') as day,
    coalesce(sum(cash_raw) filter (where kind in ${CASH_OUT}), 0) as usd,
    coalesce(sum(shares) filter (where kind in ${SHARES_OUT} or kind = 'request_fulfilled'), 0)
      as shares
  from vault_withdrawals where sku = $1 group by 1)
select to_char(day, 'YYYY-MM-DD') as day,
  coalesce(d.usd, 0)::text as "depositedUsd", coalesce(d.shares, 0)::text as "depositedShares",
  coalesce(w.usd, 0)::text as "withdrawnUsd", coalesce(w.shares, 0)::text as "withdrawnShares",
  (coalesce(d.usd, 0) - coalesce(w.usd, 0))::text as "netUsd",
  (coalesce(d.shares, 0) - coalesce(w.shares, 0))::text as "netShares"
from d full join w using (day)
where day is not null
order by day desc limit $2`;

const POSITIONS_SQL = `
with d as (
  select sku, sum(shares) as shares, sum(raw_amount) as usd
  from vault_deposits where depositor = $1 group by sku),
w as (
  select sku, coalesce(sum(shares) filter (where kind in ${SHARES_OUT}), 0) as shares,
    coalesce(sum(cash_raw) filter (where kind in ${CASH_OUT}), 0) as usd
  from vault_withdrawals where owner = $1 group by sku),
r as (
  select sku, coalesce(sum(shares) filter (where state = 'open'), 0) as escrowed,
    coalesce(sum(shares) filter (where state = 'fulfilled'), 0) as paid
  from withdrawal_requests where owner = $1 group by sku)
select sku,
  (coalesce(d.shares, 0) - coalesce(w.shares, 0) - coalesce(r.escrowed, 0)
    - coalesce(r.paid, 0))::text as shares,
  coalesce(r.escrowed, 0)::text as "escrowedShares",
  coalesce(d.usd, 0)::text as "depositedUsd",
  coalesce(w.usd, 0)::text as "withdrawnUsd"
from d full join w using (sku) full join r using (sku)
order by sku`;

/**
 * Registers the flow and position routes; `pricePerShare(sku)` is the analytics' last price
 * (USD per share x 1e12, null before the first refresh).
 *
 * @example
 * app.register(flowRoutes(readPool, cache, (sku) => lastPrice(sku)));
 */
export function flowRoutes(
  pool: pg.Pool,
  cache: ReadCache,
  pricePerShare: (sku: string) => Promise<bigint | null>,
) {
  const skus = skuRegistry(pool, cache);
  return async (app: FastifyInstance) => {
    app.get<{ Params: { sku: string }; Querystring: { days?: string } }>(
      '/api/skus/:sku/flows',
      async (request, reply) => {
        const { sku } = request.params;
        if (!SKU.test(sku))
          return reply.code(400).send({ error: 'sku: 1-16 printable characters' });
        const days = limitOf(request.query.days, 90, 3_650);
        if (days === null)
          return reply.code(400).send({ error: 'days: an integer from 1 to 3650' });
        if (!(await skus.isKnown(sku))) return { sku, days: [] };
        const rows = await cache.get(
          `flows:${sku}:${days}`,
          READ_TTL_MS.sku,
          async () => (await pool.query(FLOWS_SQL, [sku, days])).rows,
        );
        return { sku, days: rows };
      },
    );

    app.get<{ Params: { address: string } }>(
      '/api/wallets/:address/positions',
      async (request, reply) => {
        const { address } = request.params;
        if (!ADDRESS.test(address)) return reply.code(400).send({ error: 'not a base58 address' });
        if (!(await walletKnown(pool, address))) return { address, positions: [] };
        const rows = await cache.get(
          `positions:${address}`,
          READ_TTL_MS.wallet,
          async () =>
            (await pool.query<{ sku: string; shares: string }>(POSITIONS_SQL, [address])).rows,
          hasRows,
        );
        const positions = await Promise.all(
          rows.map(async (r) => {
            const price = await pricePerShare(r.sku);
            const shares = BigInt(r.shares);
            return {
              ...r,
              pricePerShare: price?.toString() ?? null,
              // Rounded down: what the shares would be worth, never more.
              valueUsd:
                price === null || shares <= 0n ? '0' : ((shares * price) / 10n ** 12n).toString(),
            };
          }),
        );
        return { address, positions };
      },
    );
  };
}
