// The stakers' reward APR route (reward-apr.ts computes it in SQL), cached per window.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { READ_TTL_MS, type ReadCache } from './read-cache.ts';
import { type RewardPrices, rewardApr } from './reward-apr.ts';

/**
 * Registers `GET /api/rewards/apr?days=N` (default 30).
 *
 * @example
 * app.register(rewardRoutes(readPool, createReadCache(), config.rewardPrices));
 */
export function rewardRoutes(pool: pg.Pool, cache: ReadCache, prices: RewardPrices | null) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { days?: string } }>('/api/rewards/apr', async (request, reply) => {
      const days = Number(request.query.days ?? 30);
      if (!Number.isInteger(days) || days < 1 || days > 3_650) {
        return reply.code(400).send({ error: 'days: an integer from 1 to 3650' });
      }
      // Claims and stakes change at most once per transaction: the per-SKU freshness fits.
      const apr = await cache.get(`reward-apr:${days}`, READ_TTL_MS.sku, () =>
        rewardApr(pool, days, prices),
      );
      return { ...apr, priced: prices !== null };
    });
  };
}
