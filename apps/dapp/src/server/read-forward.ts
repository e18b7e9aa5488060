// Read-only forwards from the dapp's origin to the tokenized-asset API's public routes and the
// indexer's analytics API. The browser then needs neither service to send CORS headers, the CSP
// stays at 'self' for them, and the keyed routes of the asset API can never be reached from the
// page (only the listed prefixes pass; GET only). Bounded: at most `concurrency` forwards of a
// rule in flight and as many waiting (bottleneck); beyond that a forward is answered 503 at
// once, so a flood through the dapp cannot queue unbounded work on the services behind it.
import Bottleneck from 'bottleneck';
import type { FastifyInstance } from 'fastify';

export type ForwardRule = Readonly<{
  /** Path prefix on the dapp, e.g. `/indexer/api/`. */
  from: string;
  /** Base URL the rest of the path is appended to. */
  to: string;
  /** Allowed paths after `from` (prefix match). */
  allow: readonly string[];
}>;

const PASSED_HEADERS = ['content-type', 'cache-control', 'retry-after', 'date'];

/** Longest path and query forwarded (analytics routes need far less). */
const MAX_FORWARDED_URL = 512;

/** Registers one GET route per rule. Upstream failures answer 502 with a sentence. */
export function registerReadForwards(
  app: FastifyInstance,
  rules: readonly ForwardRule[],
  options: {
    timeoutMs: number;
    concurrency: number;
    onForward?: (rule: ForwardRule, status: number) => void;
  },
): void {
  for (const rule of rules) {
    const limiter = new Bottleneck({
      maxConcurrent: options.concurrency,
      highWater: options.concurrency,
      strategy: Bottleneck.strategy.OVERFLOW,
    });
    app.addHook('onClose', async () => limiter.stop({ dropWaitingJobs: true }));
    app.get(`${rule.from}*`, async (request, reply) => {
      const url = new URL(request.url, 'http://dapp.invalid');
      const rest = url.pathname.slice(rule.from.length);
      if (rest.includes('..') || !rule.allow.some((p) => rest.startsWith(p))) {
        return reply.code(404).send({ error: 'not found' });
      }
      if (rest.length + url.search.length > MAX_FORWARDED_URL)
        return reply.code(414).send({ error: 'request URL too long' });
      const target = `${rule.to.replace(/\/$/, '')}/${rest}${url.search}`;
      let upstream: { status: number; headers: Headers; body: Buffer };
      try {
        upstream = await limiter.schedule(async () => {
          const res = await fetch(target, {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(options.timeoutMs),
          });
          return {
            status: res.status,
            headers: res.headers,
            body: Buffer.from(await res.arrayBuffer()),
          };
        });
      } catch (error) {
        if (error instanceof Bottleneck.BottleneckError) {
          options.onForward?.(rule, 503);
          return reply
            .code(503)
            .header('retry-after', '1')
            .send({ error: `${rule.from} is busy: try again shortly` });
        }
        options.onForward?.(rule, 502);
        return reply.code(502).send({ error: `${rule.from} upstream unavailable` });
      }
      options.onForward?.(rule, upstream.status);
      reply.code(upstream.status);
      for (const h of PASSED_HEADERS) {
        const v = upstream.headers.get(h);
        if (v) reply.header(h, v);
      }
      return reply.send(upstream.body);
    });
  }
}
