// One raw-transaction webhook endpoint per program. A delivery is authenticated by the shared
// secret in `Authorization` (compared in constant time) in the route's onRequest hook, before
// a byte of the body is read; bounded in size by the route's body limit; validated; stored
// with its ingest job in one commit, and only then acknowledged.
import { timingSafeEqual } from 'node:crypto';
import type { Metrics } from '@basket/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { storeDelivery } from './store.ts';
import { parseWebhookBody } from './webhook-body.ts';

export const WEBHOOK_ENDPOINTS = ['oracle', 'vault', 'rewards'] as const;

/** Whether `given` equals `secret`, in time independent of where they differ. */
export function authorized(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a request is a webhook delivery carrying the secret (exempt from rate limits). */
export function isAuthorizedDelivery(request: FastifyRequest, secret: string): boolean {
  return (
    request.method === 'POST' &&
    request.url.startsWith('/webhooks/') &&
    authorized(request.headers.authorization, secret)
  );
}

export function webhookRoutes(input: {
  pool: pg.Pool;
  secret: string;
  metrics: Metrics;
  bodyLimitBytes: number;
}) {
  const deliveries = input.metrics.counter('webhook_deliveries_total', 'Webhook deliveries', [
    'endpoint',
    'outcome',
  ]);
  const authFailures = input.metrics.counter(
    'webhook_auth_failures_total',
    'Webhook requests refused for their Authorization',
    ['endpoint'],
  );
  const ackSeconds = input.metrics.histogram(
    'webhook_ack_seconds',
    'Time from request to acknowledgement (stored and queued)',
    ['endpoint'],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  );
  return async (app: FastifyInstance) => {
    app.post<{ Params: { endpoint: string } }>(
      '/webhooks/:endpoint',
      {
        bodyLimit: input.bodyLimitBytes,
        // Before the body: a stranger's request is answered from its headers alone, and the
        // connection closed so its body is not even drained.
        onRequest: async (request, reply) => {
          const { endpoint } = request.params;
          if (!(WEBHOOK_ENDPOINTS as readonly string[]).includes(endpoint)) {
            reply.header('connection', 'close');
            return reply.code(404).send({ error: `no webhook endpoint ${endpoint}` });
          }
          if (!authorized(request.headers.authorization, input.secret)) {
            authFailures.inc({ endpoint });
            deliveries.inc({ endpoint, outcome: 'unauthorized' });
            reply.header('connection', 'close');
            return reply.code(401).send({ error: 'wrong or missing Authorization' });
          }
        },
      },
      async (request, reply) => {
        const { endpoint } = request.params;
        const timer = ackSeconds.startTimer({ endpoint });
        const parsed = parseWebhookBody(request.body);
        if (!parsed.ok) {
          deliveries.inc({ endpoint, outcome: 'invalid' });
          return reply.code(400).send({ error: parsed.error });
        }
        const id = await storeDelivery(input.pool, {
          endpoint,
          source: 'webhook',
          items: parsed.items,
        });
        deliveries.inc({ endpoint, outcome: 'stored' });
        timer();
        return { stored: id.toString(), items: parsed.items.length };
      },
    );
  };
}
