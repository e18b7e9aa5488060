import { parseArgs } from 'node:util';
import type { RfqOutcome } from './quote-book.ts';
import { DEFAULT_WHITELISTED_WALLET, SEED_ASSETS } from './seed-data.ts';

/** The only interface the simulator listens on. */
export const SIM_HOST = '127.0.0.1';
/** Default port (documented in the README); 0 picks a free one. */
export const DEFAULT_SIM_PORT = 7407;
/**
 * The development key used when none is configured. Not a secret: it only unlocks the local
 * simulator, and it is printed in the README so the keeper can be pointed at it.
 */
export const DEFAULT_SIM_API_KEY = 'sim-local-dev-key-not-secret';

/** Fault injection, by request count (deterministic): 0 disables a fault. */
export type FaultConfig = Readonly<{
  /** Every Nth request answers 429 with Retry-After. */
  rateLimitEvery: number;
  retryAfterSeconds: number;
  retryAfterFormat: 'seconds' | 'http-date';
  /** Every N requests, the last `serverErrorBurst` of them answer `serverErrorStatus`. */
  serverErrorEvery: number;
  serverErrorBurst: number;
  serverErrorStatus: number;
  /** Every Nth request is delayed by `slowMs` (past the client's 5 s timeout by default). */
  slowEvery: number;
  slowMs: number;
  /** Every Nth successful JSON answer is corrupted (truncated, wrong type, missing field, not JSON). */
  malformedEvery: number;
  /** Only requests whose path (after /api/v2) starts with this are counted; '' = all. */
  pathPrefix: string;
}>;

/** Complete simulator configuration. */
export type SimulatorConfig = Readonly<{
  port: number;
  apiKey: string;
  /** True when the key is the documented development key. */
  usesDefaultApiKey: boolean;
  swapRoutePrefix: string;
  maxPageSize: number;
  rfqOutcome: RfqOutcome;
  whitelistedWallets: readonly string[];
  haltOverrides: Readonly<Record<string, Readonly<{ market: boolean; atomic: boolean }>>>;
  /** Anchor of the seeded schedules; null = the simulator's start time. */
  anchorMs: number | null;
  faults: FaultConfig;
  logRequests: boolean;
  /**
   * The local world backing the simulator (`WORLD_MANIFEST`, with `SOLANA_RPC_URL` and
   * `SOLANA_WS_URL` overriding the manifest's endpoints); null = no chain (RFQ answers 501).
   */
  world: Readonly<{ manifestPath: string; rpcUrl: string | null; wsUrl: string | null }> | null;
  /**
   * World mode: write the built-in corporate actions on chain (issuer key, ScaledUiAmount).
   * Off, the API in world mode lists none of them (it never announces what the chain won't do).
   */
  chainCorporateActions: boolean;
  /**
   * World mode: the simulator's "now" (market hours, intraday prices, quotes, schedules) follows
   * the chain's Clock sysvar, so a world whose clock is moved sees the market of its own time.
   * Off: this machine's clock. Applied by the CLI (`main.ts`); embedders pass `deps.clock`.
   */
  chainClock: boolean;
}>;

/** The defaults: no faults, default port and key. */
export const DEFAULT_SIM_CONFIG: SimulatorConfig = {
  port: DEFAULT_SIM_PORT,
  apiKey: DEFAULT_SIM_API_KEY,
  usesDefaultApiKey: true,
  swapRoutePrefix: '/trades/swap',
  maxPageSize: 50,
  rfqOutcome: 'expire',
  whitelistedWallets: [DEFAULT_WHITELISTED_WALLET],
  haltOverrides: {},
  anchorMs: null,
  faults: {
    rateLimitEvery: 0,
    retryAfterSeconds: 1,
    retryAfterFormat: 'seconds',
    serverErrorEvery: 0,
    serverErrorBurst: 3,
    serverErrorStatus: 503,
    slowEvery: 0,
    slowMs: 6_000,
    malformedEvery: 0,
    pathPrefix: '',
  },
  logRequests: true,
  world: null,
  chainCorporateActions: false,
  chainClock: false,
};

/** Result of parsing the command line and environment. */
export type ParsedCommand = { kind: 'help' } | { kind: 'run'; config: SimulatorConfig };

/** A configuration error; the message names the flag or variable. */
export class SimulatorConfigError extends Error {
  override readonly name = 'SimulatorConfigError';
}

/**
 * Parses flags (which win) and `TOKENIZED_SIM_*` environment variables.
 *
 * @example
 * ```ts
 * const parsed = parseSimulatorCommand(['--port', '0', '--rate-limit-every', '5'], process.env);
 * ```
 */
export function parseSimulatorCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ParsedCommand {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: 'boolean', short: 'h' },
        quiet: { type: 'boolean' },
        port: { type: 'string' },
        'api-key': { type: 'string' },
        'swap-prefix': { type: 'string' },
        'page-size': { type: 'string' },
        'rfq-outcome': { type: 'string' },
        wallet: { type: 'string', multiple: true },
        halt: { type: 'string', multiple: true },
        anchor: { type: 'string' },
        'rate-limit-every': { type: 'string' },
        'retry-after': { type: 'string' },
        'retry-after-format': { type: 'string' },
        'error-every': { type: 'string' },
        'error-burst': { type: 'string' },
        'error-status': { type: 'string' },
        'slow-every': { type: 'string' },
        'slow-ms': { type: 'string' },
        'malformed-every': { type: 'string' },
        'fault-path': { type: 'string' },
        'chain-corporate-actions': { type: 'boolean' },
        'chain-clock': { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new SimulatorConfigError(`${(error as Error).message} (see --help)`);
  }
  if (values.help === true) return { kind: 'help' };

  const pick = (flag: string, variable: string): [string, string] | null => {
    const fromFlag = values[flag];
    if (typeof fromFlag === 'string') return [`--${flag}`, fromFlag];
    const fromEnv = env[variable];
    return fromEnv !== undefined && fromEnv !== '' ? [variable, fromEnv] : null;
  };
  const list = (flag: string, variable: string): [string, string[]] | null => {
    const fromFlag = values[flag];
    if (Array.isArray(fromFlag)) return [`--${flag}`, fromFlag.flatMap(splitList)];
    const fromEnv = env[variable];
    return fromEnv !== undefined && fromEnv !== '' ? [variable, splitList(fromEnv)] : null;
  };
  const int = (flag: string, variable: string, min: number, max: number, fallback: number) => {
    const got = pick(flag, variable);
    if (got === null) return fallback;
    const [name, text] = got;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      throw new SimulatorConfigError(`${name} must be an integer in [${min}, ${max}]`);
    }
    return value;
  };
  const oneOf = <T extends string>(
    flag: string,
    variable: string,
    allowed: readonly T[],
    fallback: T,
  ): T => {
    const got = pick(flag, variable);
    if (got === null) return fallback;
    if (!(allowed as readonly string[]).includes(got[1])) {
      throw new SimulatorConfigError(`${got[0]} must be one of ${allowed.join(', ')}`);
    }
    return got[1] as T;
  };

  const d = DEFAULT_SIM_CONFIG;
  const apiKey = pick('api-key', 'TOKENIZED_SIM_API_KEY');
  if (apiKey !== null && !/^[\x21-\x7e]{8,512}$/.test(apiKey[1])) {
    throw new SimulatorConfigError(
      `${apiKey[0]} must be 8 to 512 printable ASCII characters (value not shown)`,
    );
  }
  const swapPrefix = pick('swap-prefix', 'TOKENIZED_SIM_SWAP_PREFIX');
  if (swapPrefix !== null && !/^\/trades(\/[a-z0-9-]+)+$/.test(swapPrefix[1])) {
    throw new SimulatorConfigError(`${swapPrefix[0]} must look like /trades/<name>`);
  }
  const wallets = list('wallet', 'TOKENIZED_SIM_WALLETS');
  for (const wallet of wallets?.[1] ?? []) {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(wallet)) {
      throw new SimulatorConfigError(`${wallets?.[0]} has an entry that is not a base58 address`);
    }
  }
  const anchor = pick('anchor', 'TOKENIZED_SIM_ANCHOR');
  const anchorMs = anchor === null ? null : Date.parse(anchor[1]);
  if (anchorMs !== null && Number.isNaN(anchorMs)) {
    throw new SimulatorConfigError(`${anchor?.[0]} must be an ISO 8601 timestamp`);
  }
  const faultPath = pick('fault-path', 'TOKENIZED_SIM_FAULT_PATH');
  if (faultPath !== null && !faultPath[1].startsWith('/')) {
    throw new SimulatorConfigError(`${faultPath[0]} must start with /`);
  }

  /** A switch of the world mode: the flag, or its variable set to 1/true; needs a chain. */
  const worldSwitch = (flag: string, variable: string, why: string): boolean => {
    const text = env[variable] ?? '';
    if (!['', '0', '1', 'true', 'false'].includes(text)) {
      throw new SimulatorConfigError(`${variable} must be one of 0, 1, true, false`);
    }
    const on = values[flag] === true || ['1', 'true'].includes(text);
    if (on && !env.WORLD_MANIFEST) {
      throw new SimulatorConfigError(`--${flag} / ${variable} needs WORLD_MANIFEST (${why})`);
    }
    return on;
  };
  const chainCorporateActions = worldSwitch(
    'chain-corporate-actions',
    'TOKENIZED_SIM_CHAIN_CORPORATE_ACTIONS',
    'a chain to write on',
  );
  const chainClock = worldSwitch(
    'chain-clock',
    'TOKENIZED_SIM_CHAIN_CLOCK',
    'a chain whose clock to follow',
  );

  return {
    kind: 'run',
    config: {
      port: int('port', 'TOKENIZED_SIM_PORT', 0, 65_535, d.port),
      apiKey: apiKey?.[1] ?? d.apiKey,
      usesDefaultApiKey: apiKey === null,
      swapRoutePrefix: swapPrefix?.[1] ?? d.swapRoutePrefix,
      maxPageSize: int('page-size', 'TOKENIZED_SIM_MAX_PAGE_SIZE', 1, 1_000, d.maxPageSize),
      rfqOutcome: oneOf(
        'rfq-outcome',
        'TOKENIZED_SIM_RFQ_OUTCOME',
        ['expire', 'execute', 'fail'],
        d.rfqOutcome,
      ),
      whitelistedWallets: wallets?.[1] ?? d.whitelistedWallets,
      haltOverrides: parseHalts(list('halt', 'TOKENIZED_SIM_HALTS')),
      anchorMs,
      faults: {
        rateLimitEvery: int('rate-limit-every', 'TOKENIZED_SIM_RATE_LIMIT_EVERY', 0, 1_000_000, 0),
        retryAfterSeconds: int('retry-after', 'TOKENIZED_SIM_RETRY_AFTER_SECONDS', 0, 3_600, 1),
        retryAfterFormat: oneOf(
          'retry-after-format',
          'TOKENIZED_SIM_RETRY_AFTER_FORMAT',
          ['seconds', 'http-date'],
          'seconds',
        ),
        serverErrorEvery: int('error-every', 'TOKENIZED_SIM_ERROR_EVERY', 0, 1_000_000, 0),
        serverErrorBurst: int('error-burst', 'TOKENIZED_SIM_ERROR_BURST', 1, 1_000_000, 3),
        serverErrorStatus: int('error-status', 'TOKENIZED_SIM_ERROR_STATUS', 500, 599, 503),
        slowEvery: int('slow-every', 'TOKENIZED_SIM_SLOW_EVERY', 0, 1_000_000, 0),
        slowMs: int('slow-ms', 'TOKENIZED_SIM_SLOW_MS', 0, 600_000, 6_000),
        malformedEvery: int('malformed-every', 'TOKENIZED_SIM_MALFORMED_EVERY', 0, 1_000_000, 0),
        pathPrefix: faultPath?.[1] ?? '',
      },
      logRequests: !(values.quiet === true || env.TOKENIZED_SIM_QUIET === '1'),
      world: env.WORLD_MANIFEST
        ? {
            manifestPath: env.WORLD_MANIFEST,
            rpcUrl: env.SOLANA_RPC_URL || null,
            wsUrl: env.SOLANA_WS_URL || null,
          }
        : null,
      chainCorporateActions,
      chainClock,
    },
  };
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function parseHalts(
  entries: [string, string[]] | null,
): Record<string, { market: boolean; atomic: boolean }> {
  const out: Record<string, { market: boolean; atomic: boolean }> = {};
  if (entries === null) return out;
  const [name, list] = entries;
  for (const entry of list) {
    const [symbol, kind] = entry.split(':');
    if (symbol === undefined || !SEED_ASSETS.some((a) => a.symbol === symbol)) {
      throw new SimulatorConfigError(`${name}: unknown symbol in "${entry}"`);
    }
    if (kind !== 'market' && kind !== 'atomic' && kind !== 'both') {
      throw new SimulatorConfigError(`${name}: "${entry}" must end in :market, :atomic or :both`);
    }
    const previous = out[symbol] ?? { market: false, atomic: false };
    out[symbol] = {
      market: previous.market || kind !== 'atomic',
      atomic: previous.atomic || kind !== 'market',
    };
  }
  return out;
}
