import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createMetrics, createServiceServer, type Logger } from '@basket/service-kit';
import type { FastifyReply } from 'fastify';
import { scheduleBuiltInActions } from './chain/built-in-actions.ts';
import { createChainBackend } from './chain/chain-backend.ts';
import { connectWorldChain } from './chain/world-chain.ts';
import { DEFAULT_SIM_CONFIG, SIM_HOST, type SimulatorConfig } from './config.ts';
import { corruptBody, createFaultInjector } from './faults.ts';
import { createMarketModel } from './market-model.ts';
import { createQuoteBook } from './quote-book.ts';
import { MAX_RFQ_BODY_BYTES } from './rfq.ts';
import { buildRoutes, type SimRoute } from './routes.ts';
import { apiError, type SimResponse } from './sim-response.ts';

/** The version prefix every endpoint lives under (spec: Versioning). */
export const API_PREFIX = '/api/v2';
const AUTHENTICATED = ['/client/', '/trades/', '/bridges/', '/admin/'];

/** What the simulator records of each request (never header values). */
export type RequestLogEntry = Readonly<{
  at: number;
  method: string;
  path: string;
  status: number;
  /** Whether an X-API-Key header was present (its value is never recorded). */
  hadApiKey: boolean;
  fault: 'rate-limited' | 'server-error' | 'slow' | 'malformed' | null;
}>;

/** Injectable dependencies (tests control time and identifiers). */
export type SimulatorDeps = Readonly<{
  clock?: { now(): number };
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  newQuoteId?: () => string;
  log?: (line: string) => void;
  /** The service's JSON logger (silent when absent, e.g. in tests). */
  logger?: Logger;
}>;

/** A running simulator. */
export type RunningSimulator = Readonly<{
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `http://127.0.0.1:<port>/api/v2`: the value for TOKENIZED_API_URL. */
  baseUrl: string;
  port: number;
  anchorMs: number;
  config: SimulatorConfig;
  /** Requests served so far, oldest first (bounded to the last 10,000). */
  requests: readonly RequestLogEntry[];
  close(): Promise<void>;
}>;

const realSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Starts the simulator on 127.0.0.1 (port 0 picks a free one).
 *
 * @example
 * ```ts
 * const sim = await startSimulator({ ...DEFAULT_SIM_CONFIG, port: 0, logRequests: false });
 * const client = createTokenizedApiClient({ baseUrl: sim.baseUrl });
 * await sim.close();
 * ```
 */
export async function startSimulator(
  config: SimulatorConfig = DEFAULT_SIM_CONFIG,
  deps: SimulatorDeps = {},
): Promise<RunningSimulator> {
  const clock = deps.clock ?? { now: () => Date.now() };
  const sleep = deps.sleep ?? realSleep;
  const log = deps.log ?? (() => {});
  const anchorMs = config.anchorMs ?? clock.now();
  // In world mode the built-in corporate actions exist only when they are written on chain.
  const market = createMarketModel(anchorMs, {
    builtInEvents: config.world === null || config.chainCorporateActions,
  });
  const quotes = createQuoteBook();
  const faults = createFaultInjector(config.faults);
  const requests: RequestLogEntry[] = [];
  const shutdown = new AbortController();
  const keyDigest = digest(config.apiKey);
  const logger = deps.logger ?? createLogger({ name: 'tokenized_api_sim', level: 'silent' });
  const world = config.world === null ? null : await connectWorldChain(config.world);
  const onChainError = (error: unknown) => logger.warn({ err: error }, 'chain operation failed');
  const chain =
    world === null
      ? null
      : createChainBackend(world, {
          quotes,
          swapPrefix: config.swapRoutePrefix,
          maxPageSize: config.maxPageSize,
          onError: onChainError,
        });
  if (world !== null && chain !== null && config.chainCorporateActions) {
    await scheduleBuiltInActions(world, chain.actions, market, clock.now(), onChainError);
  }
  const routes: SimRoute[] = buildRoutes(
    config,
    {
      market,
      quotes,
      haltOverrides: config.haltOverrides,
      whitelistedWallets: [...config.whitelistedWallets, ...(chain?.tradingWallets ?? [])],
      ...(chain ? { fill: chain.fill } : {}),
      rfqOutcome: config.rfqOutcome,
      newQuoteId: deps.newQuoteId ?? (() => `q_${randomBytes(12).toString('hex')}`),
      quotePath: (id) => `${API_PREFIX}${config.swapRoutePrefix}/quote/${id}`,
    },
    chain?.routes ?? [],
  );

  async function handle(req: {
    method: string;
    url: string;
    headers: IncomingHttpHeaders;
    body: string;
  }): Promise<{ response: SimResponse; raw?: string; fault: RequestLogEntry['fault'] }> {
    const url = new URL(req.url, 'http://sim.invalid');
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
      return {
        response: apiError(404, 'NotFound', `every endpoint is under ${API_PREFIX}`),
        fault: null,
      };
    }
    const path = url.pathname.slice(API_PREFIX.length);
    const body = req.body;

    const decision = faults.next(path);
    if (decision.slow) await sleep(config.faults.slowMs, shutdown.signal);
    if (decision.rateLimited) {
      const seconds = config.faults.retryAfterSeconds;
      const retryAfter =
        config.faults.retryAfterFormat === 'seconds'
          ? String(seconds)
          : new Date(Math.ceil(clock.now() / 1000) * 1000 + seconds * 1000).toUTCString();
      return {
        response: apiError(429, 'RateLimited', 'too many requests', {
          headers: { 'Retry-After': retryAfter },
        }),
        fault: 'rate-limited',
      };
    }
    if (decision.serverError) {
      return {
        response: apiError(
          config.faults.serverErrorStatus,
          'UpstreamUnavailable',
          'injected server error',
        ),
        fault: 'server-error',
      };
    }

    if (AUTHENTICATED.some((prefix) => path.startsWith(prefix))) {
      const presented = req.headers['x-api-key'];
      if (typeof presented !== 'string' || presented === '') {
        return {
          response: apiError(401, 'MissingApiKey', 'this path requires the X-API-Key header'),
          fault: null,
        };
      }
      if (!timingSafeEqual(digest(presented), keyDigest)) {
        return {
          response: apiError(401, 'InvalidApiKey', 'the API key is not valid'),
          fault: null,
        };
      }
    }

    const matches = routes
      .map((route) => ({ route, match: route.pattern.exec(path) }))
      .filter((m) => m.match !== null);
    if (matches.length === 0)
      return { response: apiError(404, 'NotFound', 'no such endpoint'), fault: null };
    const found = matches.find((m) => m.route.method === req.method);
    if (found === undefined) {
      const allow = matches.map((m) => m.route.method).join(', ');
      return {
        response: apiError(405, 'MethodNotAllowed', `use ${allow}`, { headers: { Allow: allow } }),
        fault: null,
      };
    }
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.match?.groups ?? {})) {
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return {
          response: apiError(400, 'InvalidPath', `path parameter ${name} is not valid`),
          fault: null,
        };
      }
    }
    const response = await found.route.handle({
      path,
      params,
      query: url.searchParams,
      contentType: req.headers['content-type'],
      body,
      now: clock.now(),
    });
    if (decision.malformed !== null && response.status >= 200 && response.status < 300) {
      return { response, raw: corruptBody(response.body, decision.malformed), fault: 'malformed' };
    }
    return { response, fault: decision.slow ? 'slow' : null };
  }

  // The HTTP framework the services use (service-kit: /healthz, /readyz, /metrics). Bodies reach
  // the handlers as raw text: the RFQ handler checks content type and JSON itself, so that its
  // errors keep the simulator's documented shape.
  const app = createServiceServer({
    logger,
    metrics: createMetrics('tokenized_api_sim'),
    bodyLimit: MAX_RFQ_BODY_BYTES,
    // In world mode the chain backs corporate actions and the clock: not ready without it.
    readiness:
      world === null
        ? []
        : [{ name: 'rpc', check: async () => (await world.rpc.getHealth().send()) === 'ok' }],
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const response =
      error.statusCode === 413
        ? apiError(413, 'PayloadTooLarge', `bodies are limited to ${MAX_RFQ_BODY_BYTES} bytes`)
        : apiError(500, 'InternalError', 'simulator error');
    send(reply, response);
  });
  app.all('/*', async (request, reply) => {
    const started = clock.now();
    const { response, raw, fault } = await handle({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    });
    const entry: RequestLogEntry = {
      at: started,
      method: request.method,
      path: request.url.split('?')[0] ?? '',
      status: response.status,
      hadApiKey: request.headers['x-api-key'] !== undefined,
      fault,
    };
    requests.push(entry);
    if (requests.length > 10_000) requests.shift();
    log(
      `${entry.method} ${request.url} ${entry.status}${fault === null ? '' : ` [${fault}]`} ${clock.now() - started}ms`,
    );
    return send(reply, response, raw);
  });

  await app.listen({ host: SIM_HOST, port: config.port });
  const port = (app.server.address() as AddressInfo).port;
  const origin = `http://${SIM_HOST}:${port}`;

  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    port,
    anchorMs,
    config,
    requests,
    close: async () => {
      shutdown.abort();
      await chain?.close();
      await app.close();
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function send(reply: FastifyReply, response: SimResponse, raw?: string): FastifyReply {
  const text = raw ?? JSON.stringify(response.body);
  return reply
    .code(response.status)
    .headers({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...response.headers,
    })
    .send(text);
}
