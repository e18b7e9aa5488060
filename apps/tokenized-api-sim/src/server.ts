import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SIM_CONFIG, SIM_HOST, type SimulatorConfig } from './config.ts';
import { corruptBody, createFaultInjector } from './faults.ts';
import { createMarketModel } from './market-model.ts';
import { createQuoteBook } from './quote-book.ts';
import { MAX_RFQ_BODY_BYTES } from './rfq.ts';
import { buildRoutes, type SimRoute } from './routes.ts';
import { apiError, type SimResponse } from './sim-response.ts';

/** The version prefix every endpoint lives under (spec: Versioning). */
export const API_PREFIX = '/api/v2';
const AUTHENTICATED = ['/client/', '/trades/', '/bridges/'];

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
  const market = createMarketModel(anchorMs);
  const quotes = createQuoteBook();
  const faults = createFaultInjector(config.faults);
  const requests: RequestLogEntry[] = [];
  const shutdown = new AbortController();
  const keyDigest = digest(config.apiKey);
  const routes: SimRoute[] = buildRoutes(config, {
    market,
    quotes,
    haltOverrides: config.haltOverrides,
    whitelistedWallets: config.whitelistedWallets,
    rfqOutcome: config.rfqOutcome,
    newQuoteId: deps.newQuoteId ?? (() => `q_${randomBytes(12).toString('hex')}`),
    quotePath: (id) => `${API_PREFIX}${config.swapRoutePrefix}/quote/${id}`,
  });

  async function handle(
    req: IncomingMessage,
  ): Promise<{ response: SimResponse; raw?: string; fault: RequestLogEntry['fault'] }> {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    if (url.pathname === '/healthz')
      return { response: { status: 200, body: { status: 'ok' } }, fault: null };
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
      return {
        response: apiError(404, 'NotFound', `every endpoint is under ${API_PREFIX}`),
        fault: null,
      };
    }
    const path = url.pathname.slice(API_PREFIX.length);
    const body = await readBody(req);
    if (body === null) {
      return {
        response: apiError(
          413,
          'PayloadTooLarge',
          `bodies are limited to ${MAX_RFQ_BODY_BYTES} bytes`,
        ),
        fault: null,
      };
    }

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
    const response = found.route.handle({
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

  const server = createServer((req, res) => {
    const started = clock.now();
    handle(req)
      .then(({ response, raw, fault }) => {
        send(res, response, raw);
        const entry: RequestLogEntry = {
          at: started,
          method: req.method ?? '?',
          path: (req.url ?? '').split('?')[0] ?? '',
          status: response.status,
          hadApiKey: req.headers['x-api-key'] !== undefined,
          fault,
        };
        requests.push(entry);
        if (requests.length > 10_000) requests.shift();
        log(
          `${entry.method} ${req.url} ${entry.status}${fault === null ? '' : ` [${fault}]`} ${clock.now() - started}ms`,
        );
      })
      .catch(() => {
        if (!res.headersSent) send(res, apiError(500, 'InternalError', 'simulator error'));
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, SIM_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${SIM_HOST}:${port}`;

  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    port,
    anchorMs,
    config,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_RFQ_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, response: SimResponse, raw?: string): void {
  if (res.destroyed) return;
  const text = raw ?? JSON.stringify(response.body);
  res.writeHead(response.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...response.headers,
  });
  res.end(text);
}
