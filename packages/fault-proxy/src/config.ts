// The fault proxy's configuration: where it listens (loopback only), what it forwards to, the
// seed, and the faults it starts with (changed later through PUT /admin/faults). Read once from
// an optional JSON file (FAULT_PROXY_CONFIG) overridden by the environment.
import { readFileSync } from 'node:fs';
import { parseConfig } from '@basket/service-kit';
import { z } from 'zod';

const percent = z.coerce.number().int().min(0).max(100);
const ms = z.coerce.number().int().min(0).max(60_000);

/**
 * The faults in force; every share is a whole percent of the requests it applies to.
 *
 * @example
 * const faults = faultsSchema.parse({ dropSendPercent: 50 });
 */
export const faultsSchema = z
  .object({
    /** sendTransaction calls answered with their signature but never forwarded. */
    dropSendPercent: percent.default(0),
    /** Requests answered 429 with a Retry-After header, not forwarded. */
    rateLimitPercent: percent.default(0),
    retryAfterSeconds: z.coerce.number().int().min(0).max(3_600).default(1),
    /** Every request waits this long, plus up to jitterMs more. */
    latencyMs: ms.default(0),
    jitterMs: ms.default(0),
    /** getLatestBlockhash answered with the oldest answer the proxy kept. */
    staleBlockhashPercent: percent.default(0),
    /** Forwarded, but the connection is cut halfway through the answer. */
    cutPercent: percent.default(0),
    /** JSON-RPC methods the 429s, latency and cuts apply to; empty: every request. */
    methods: z.array(z.string().min(1)).default([]),
  })
  .strict();

export type Faults = z.infer<typeof faultsSchema>;

const schema = z.object({
  host: z.enum(['127.0.0.1', 'localhost', '::1'], { message: 'loopback addresses only' }),
  port: z.coerce.number().int().min(0).max(65_535),
  /** The admin listener (127.0.0.1): /metrics and /admin/faults; 0 = any free port. */
  adminPort: z.coerce.number().int().min(0).max(65_535),
  upstream: z.url(),
  /** The upstream's WebSocket (PubSub) URL: upgrades are passed through untouched. */
  wsUpstream: z
    .string()
    .regex(/^wss?:\/\//, 'not a ws:// URL')
    .optional(),
  seed: z.coerce.number().int().min(0).max(0xffff_ffff),
  faults: faultsSchema,
});

export type FaultProxyConfig = z.infer<typeof schema>;

const NAMES: Record<string, string> = {
  host: 'FAULT_PROXY_HOST',
  port: 'FAULT_PROXY_PORT',
  adminPort: 'FAULT_PROXY_ADMIN_PORT',
  upstream: 'FAULT_PROXY_UPSTREAM',
  wsUpstream: 'FAULT_PROXY_WS_UPSTREAM',
  seed: 'FAULT_PROXY_SEED',
  'faults.dropSendPercent': 'FAULT_PROXY_DROP_SEND_PERCENT',
  'faults.rateLimitPercent': 'FAULT_PROXY_429_PERCENT',
  'faults.retryAfterSeconds': 'FAULT_PROXY_RETRY_AFTER_SECONDS',
  'faults.latencyMs': 'FAULT_PROXY_LATENCY_MS',
  'faults.jitterMs': 'FAULT_PROXY_JITTER_MS',
  'faults.staleBlockhashPercent': 'FAULT_PROXY_STALE_BLOCKHASH_PERCENT',
  'faults.cutPercent': 'FAULT_PROXY_CUT_PERCENT',
  'faults.methods': 'FAULT_PROXY_METHODS',
};

/**
 * Reads the configuration once.
 *
 * @throws {ConfigError} naming every bad field, one per line.
 * @example
 * const config = loadFaultProxyConfig({ FAULT_PROXY_UPSTREAM: 'http://127.0.0.1:8899', FAULT_PROXY_DROP_SEND_PERCENT: '50' });
 */
export function loadFaultProxyConfig(env: NodeJS.ProcessEnv = process.env): FaultProxyConfig {
  const file = env.FAULT_PROXY_CONFIG
    ? (JSON.parse(readFileSync(env.FAULT_PROXY_CONFIG, 'utf8')) as Record<string, unknown>)
    : {};
  const fileFaults = (file.faults ?? {}) as Record<string, unknown>;
  const defined = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return parseConfig(
    'fault-proxy',
    schema,
    {
      host: env.FAULT_PROXY_HOST ?? file.host ?? '127.0.0.1',
      port: env.FAULT_PROXY_PORT ?? file.port ?? '7440',
      adminPort: env.FAULT_PROXY_ADMIN_PORT ?? file.adminPort ?? '7441',
      upstream: env.FAULT_PROXY_UPSTREAM ?? file.upstream,
      wsUpstream: env.FAULT_PROXY_WS_UPSTREAM ?? file.wsUpstream,
      seed: env.FAULT_PROXY_SEED ?? file.seed ?? '1',
      faults: {
        ...fileFaults,
        ...defined({
          dropSendPercent: env.FAULT_PROXY_DROP_SEND_PERCENT,
          rateLimitPercent: env.FAULT_PROXY_429_PERCENT,
          retryAfterSeconds: env.FAULT_PROXY_RETRY_AFTER_SECONDS,
          latencyMs: env.FAULT_PROXY_LATENCY_MS,
          jitterMs: env.FAULT_PROXY_JITTER_MS,
          staleBlockhashPercent: env.FAULT_PROXY_STALE_BLOCKHASH_PERCENT,
          cutPercent: env.FAULT_PROXY_CUT_PERCENT,
          methods: env.FAULT_PROXY_METHODS?.split(',')
            .map((m) => m.trim())
            .filter((m) => m.length > 0),
        }),
      },
    },
    NAMES,
  );
}
