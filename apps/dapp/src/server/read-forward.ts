// Read-only forwards from the dapp's origin to the tokenized-asset API's public routes and the
// indexer's analytics API. The browser then needs neither service to send CORS headers, the CSP
// stays at 'self' for them, and the keyed routes of the asset API can never be reached from the
// page (only the listed prefixes pass; GET only).
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

/** Registers one GET route per rule. Upstream failures answer 502 with a sentence. */
export function registerReadForwards(
  app: FastifyInstance,
  rules: readonly ForwardRule[],
  options: { timeoutMs: number; onForward?: (rule: ForwardRule, status: number) => void },
): void {
  for (const rule of rules) {
    app.get(`${rule.from}*`, async (request, reply) => {
      const url = new URL(request.url, 'http://dapp.invalid');
      const rest = url.pathname.slice(rule.from.length);
      if (rest.includes('..') || !rule.allow.some((p) => rest.startsWith(p))) {
        return reply.code(404).send({ error: 'not found' });
      }
      const target = `${rule.to.replace(/\/$/, '')}/${rest}${url.search}`;
      try {
        const upstream = await fetch(target, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        options.onForward?.(rule, upstream.status);
        reply.code(upstream.status);
        for (const h of PASSED_HEADERS) {
          const v = upstream.headers.get(h);
          if (v) reply.header(h, v);
        }
        return reply.send(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        options.onForward?.(rule, 502);
        return reply.code(502).send({ error: `${rule.from} upstream unavailable` });
      }
    });
  }
}
