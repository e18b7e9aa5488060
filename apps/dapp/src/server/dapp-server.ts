// The dapp's server: the built bundle with the CSP and security headers, the visitor's session
// (public config, terms, geofence decision), published claims, and the read-only forwards.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createServiceServer,
  type Logger,
  type Metrics,
  type ServiceServer,
} from '@basket/service-kit';
import fastifyStatic from '@fastify/static';
import { decideGeofence } from '../shared/geofence.ts';
import type { Session } from '../shared/public-config.ts';
import { claimsOf } from './claims.ts';
import { type DappConfig, publicConfigOf } from './config.ts';
import { contentSecurityPolicy, SECURITY_HEADERS } from './csp.ts';
import { registerReadForwards } from './read-forward.ts';
import { acceptanceSchema, createTermsRecords, TermsAcceptanceRefused } from './terms-records.ts';

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * Builds (does not start) the server.
 *
 * @example
 * const app = await createDappServer(config, logger, metrics);
 * await app.listen({ host: config.host, port: config.port });
 */
export async function createDappServer(
  config: DappConfig,
  logger: Logger,
  metrics: Metrics,
): Promise<ServiceServer> {
  const terms = { version: config.termsVersion, text: await readFile(config.termsFile, 'utf8') };
  const publicConfig = publicConfigOf(config);
  const bundleIndex = join(config.distDir, 'index.html');
  const geofenceDecisions = metrics.counter(
    'geofence_decisions_total',
    'Geofence decisions by outcome',
    ['allowed', 'source'],
  );
  const forwards = metrics.counter(
    'forward_responses_total',
    'Read-only forwards by target and status',
    ['target', 'status'],
  );

  const acceptances = metrics.counter(
    'terms_acceptances_total',
    'Terms acceptances posted, by outcome',
    ['outcome'],
  );
  const records = config.databaseUrl
    ? await createTermsRecords(config.databaseUrl, terms, (error) =>
        logger.warn({ err: error }, 'terms record database connection lost'),
      )
    : null;

  const app = createServiceServer({
    logger,
    metrics,
    readiness: [
      { name: 'bundle', check: () => existsSync(bundleIndex) },
      ...(records ? [{ name: 'database', check: () => records.ping() }] : []),
    ],
  });
  if (records) app.addHook('onClose', async () => records.close());
  const csp = contentSecurityPolicy({ connectOrigins: [config.rpcUrl, config.wsUrl] });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    return payload;
  });

  app.get('/api/session', async (request, reply) => {
    const geofence = decideGeofence(request.headers[config.countryHeader], {
      blocked: config.blockedCountries,
      whenUnknown: config.whenCountryUnknown,
    });
    geofenceDecisions.inc({ allowed: String(geofence.allowed), source: geofence.source });
    // The decision depends on a request header: never cache it across visitors.
    reply.header('cache-control', 'no-store');
    const session: Session = {
      config: publicConfig,
      terms,
      termsRecording: records !== null,
      geofence,
    };
    return session;
  });

  // The page posts the wallet's signed acceptance; the server verifies it and keeps it.
  app.post('/api/terms-acceptances', async (request, reply) => {
    if (!records) return reply.code(404).send({ error: 'this deployment keeps no record' });
    const country = request.headers[config.countryHeader];
    const geofence = decideGeofence(country, {
      blocked: config.blockedCountries,
      whenUnknown: config.whenCountryUnknown,
    });
    if (!geofence.allowed) {
      acceptances.inc({ outcome: 'blocked' });
      return reply.code(403).send({ error: geofence.message });
    }
    const parsed = acceptanceSchema.safeParse(request.body);
    if (!parsed.success) {
      acceptances.inc({ outcome: 'refused' });
      return reply.code(400).send({ error: parsed.error.issues.map((i) => i.message).join('; ') });
    }
    try {
      const fresh = await records.record(parsed.data, {
        country: typeof country === 'string' ? country.toUpperCase() : null,
        receivedAt: new Date(),
      });
      acceptances.inc({ outcome: fresh ? 'recorded' : 'repeated' });
      return reply.code(fresh ? 201 : 200).send({ recorded: true });
    } catch (error) {
      if (!(error instanceof TermsAcceptanceRefused)) throw error;
      acceptances.inc({ outcome: 'refused' });
      return reply.code(400).send({ error: error.message });
    }
  });

  app.get<{ Params: { wallet: string } }>('/api/claims/:wallet', async (request, reply) => {
    if (!ADDRESS.test(request.params.wallet))
      return reply.code(400).send({ error: 'not a base58 address' });
    return {
      claims: await claimsOf(
        config.distributionsDir,
        request.params.wallet,
        config.deployment.programs.rewards,
      ),
    };
  });

  registerReadForwards(
    app,
    [
      {
        from: '/asset-api/api/v2/',
        to: config.tokenizedApiUrl,
        // Public asset data and the oracle routes only; never /client, /trades, /bridges.
        allow: ['public/', 'v2/oracles'],
      },
      { from: '/indexer/', to: config.indexerUrl, allow: ['api/skus', 'api/wallets/'] },
    ],
    {
      timeoutMs: 10_000,
      onForward: (rule, status) => forwards.inc({ target: rule.from, status: String(status) }),
    },
  );

  if (existsSync(config.distDir)) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      index: ['index.html'],
      wildcard: false,
    });
  } else {
    logger.warn(
      { distDir: config.distDir },
      'no built bundle: run `npm run build -w @basket/dapp`',
    );
  }
  // Client-side routes (/vaults/TECH6, /portfolio ...) all load the same page.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ error: 'not found' });
    }
    if (!existsSync(bundleIndex))
      return reply.code(503).type('text/plain').send('the dapp bundle is not built');
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(await readFile(bundleIndex));
  });
  return app;
}
