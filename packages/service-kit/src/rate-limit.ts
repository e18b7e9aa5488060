// Per-client request limits on a service's public routes (@fastify/rate-limit, its in-memory
// store: an LRU of `clients` keys, so a flood of new addresses cannot grow memory). The client
// is `request.ip`: the socket's address, or, behind a reverse proxy the server trusts
// (`trustProxy`), the address that proxy reports.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type RateLimitSettings = Readonly<{
  /** Requests one client may make per window. */
  max: number;
  timeWindowMs: number;
  /** Clients tracked at once (least recently seen forgotten first). */
  clients?: number;
  /** Another key than the client's address (tests, or a per-route grouping). */
  keyOf?: (request: FastifyRequest) => string;
}>;

/** The body of a refused request: what the limit is and when to come back. */
export type RateLimited = Readonly<{ statusCode: 429; error: string; retryAfterSeconds: number }>;

/**
 * Limits every route registered after it (await it before the routes); a route opts out or
 * sets its own with `config: { rateLimit: false | {...} }`. Refused requests answer 429 with
 * `Retry-After`.
 *
 * @example
 * await limitPerClient(app, { max: 120, timeWindowMs: 60_000 });
 * app.get('/api/session', handler);
 */
export async function limitPerClient(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: settings.max,
    timeWindow: settings.timeWindowMs,
    cache: settings.clients ?? 10_000,
    keyGenerator: settings.keyOf ?? ((request) => request.ip),
    errorResponseBuilder: (_request, context): RateLimited => ({
      statusCode: 429,
      error: `too many requests: at most ${context.max} per ${Math.round(settings.timeWindowMs / 1000)} s from one client`,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}
