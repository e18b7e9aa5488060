// The dapp's server: the built bundle with the CSP and security headers (HSTS in production),
// the visitor's session (public config, terms with a nonce, the geofence decided here from
// the trusted proxy's header), published claims, and the read-only forwards; every route
// limited per client (docs/operations.md, public edges).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createServiceServer,
  type Logger,
  limitPerClient,
  type Metrics,
  type ServiceServer,
} from '@basket/service-kit';
import fastifyStatic from '@fastify/static';
import type { Session } from '../shared/public-config.ts';
import { claimsIndex } from './claims.ts';
import { type DappConfig, publicConfigOf } from './config.ts';
import { contentSecurityPolicy, HSTS, SECURITY_HEADERS } from './csp.ts';
import { geofenceDecider } from './geofence-source.ts';
import { registerReadForwards } from './read-forward.ts';
import { createNonceIssuer } from './terms-nonce.ts';
import {
  acceptanceSchema,
  createTermsRecords,
  TermsAcceptanceRefused,
  TermsRowLimitReached,
} from './terms-records.ts';

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Terms acceptances one client may post per minute (each is a signature check). */
const TERMS_POSTS_PER_MINUTE = 10;

/** How long the published distributions are read once for every claimant. */
const CLAIMS_TTL_MS = 30_000;

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
  const nonces = createNonceIssuer(config.termsNonceSecret);
  const cluster = config.deployment.cluster;
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
    ? await createTermsRecords(config.databaseUrl, terms, {
        domain: config.domain,
        cluster,
        nonces,
        rowsPerSourcePerDay: config.termsRowsPerSourcePerDay,
        onIdleError: (error) =>
          logger.warn({ err: error }, 'terms record database connection lost'),
      })
    : null;

  const app = createServiceServer({
    logger,
    metrics,
    readiness: [
      { name: 'bundle', check: () => existsSync(bundleIndex) },
      ...(records ? [{ name: 'database', check: () => records.ping() }] : []),
    ],
    ...(config.trustedProxies ? { trustProxy: config.trustedProxies } : {}),
    admin: { host: config.adminHost, port: config.adminPort },
  });
  if (records) app.addHook('onClose', async () => records.close());
  // Every route registered below is limited per client (the proxy's client address when the
  // request came through a trusted proxy, the socket's otherwise).
  await limitPerClient(app, { max: config.rateLimitPerMinute, timeWindowMs: 60_000 });
  const csp = contentSecurityPolicy({
    connectOrigins: [config.rpcUrl, ...config.fallbackRpcUrls, config.wsUrl],
  });
  const production = config.environment === 'production';
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', csp);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) reply.header(k, v);
    if (production) reply.header('strict-transport-security', HSTS);
    return payload;
  });
  const geofenceOf = geofenceDecider({
    header: config.countryHeader,
    trustedProxies: config.trustedProxies,
    policy: { blocked: config.blockedCountries, whenUnknown: config.whenCountryUnknown },
  });

  app.get('/api/session', async (request, reply) => {
    const geofence = geofenceOf(request);
    geofenceDecisions.inc({ allowed: String(geofence.allowed), source: geofence.source });
    // The decision and the nonce are this visitor's: never cached across visitors.
    reply.header('cache-control', 'no-store');
    const session: Session = {
      config: publicConfig,
      terms: { ...terms, domain: config.domain, cluster, nonce: nonces.issue() },
      termsRecording: records !== null,
      geofence,
    };
    return session;
  });

  // The page posts the wallet's signed acceptance; the server verifies it and keeps it.
  const termsLimit = { rateLimit: { max: TERMS_POSTS_PER_MINUTE, timeWindow: 60_000 } };
  app.post('/api/terms-acceptances', { config: termsLimit }, async (request, reply) => {
    if (!records) return reply.code(404).send({ error: 'this deployment keeps no record' });
    const geofence = geofenceOf(request);
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
        country: geofence.country,
        receivedAt: new Date(),
        source: nonces.tag(request.ip),
      });
      acceptances.inc({ outcome: fresh ? 'recorded' : 'repeated' });
      return reply.code(fresh ? 201 : 200).send({ recorded: true });
    } catch (error) {
      if (error instanceof TermsRowLimitReached) {
        acceptances.inc({ outcome: 'limited' });
        return reply.code(429).send({ error: error.message });
      }
      if (!(error instanceof TermsAcceptanceRefused)) throw error;
      acceptances.inc({ outcome: 'refused' });
      return reply.code(400).send({ error: error.message });
    }
  });

  const claims = claimsIndex(
    config.distributionsDir,
    config.deployment.programs.rewards,
    CLAIMS_TTL_MS,
  );
  app.get<{ Params: { wallet: string } }>('/api/claims/:wallet', async (request, reply) => {
    if (!ADDRESS.test(request.params.wallet))
      return reply.code(400).send({ error: 'not a base58 address' });
    return { claims: await claims.of(request.params.wallet) };
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
      concurrency: config.forwardConcurrency,
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
