import { DEFAULT_SIM_PORT, SIM_HOST } from './config.ts';

/** Flag name, environment variable, and meaning: the `--help` text and the README table. */
export const OPTIONS = [
  [
    '--port N',
    'TOKENIZED_SIM_PORT',
    `port on ${SIM_HOST} (default ${DEFAULT_SIM_PORT}; 0 = any free port)`,
  ],
  [
    '--api-key KEY',
    'TOKENIZED_SIM_API_KEY',
    'key required on /client, /trades, /bridges (default: the documented dev key)',
  ],
  [
    '--swap-prefix P',
    'TOKENIZED_SIM_SWAP_PREFIX',
    'prefix of the swap routes (default /trades/swap; e.g. /trades/xchange)',
  ],
  [
    '--page-size N',
    'TOKENIZED_SIM_MAX_PAGE_SIZE',
    'largest page served by list endpoints (default 50)',
  ],
  [
    '--rfq-outcome O',
    'TOKENIZED_SIM_RFQ_OUTCOME',
    'how quotes evolve: expire (default), execute, fail',
  ],
  [
    '--wallet ADDR',
    'TOKENIZED_SIM_WALLETS',
    'whitelisted wallet(s), repeatable / comma-separated (default: a fixed dev wallet)',
  ],
  [
    '--halt SYM:KIND',
    'TOKENIZED_SIM_HALTS',
    'force a halt; KIND is market, atomic or both; repeatable / comma-separated',
  ],
  [
    '--anchor ISO',
    'TOKENIZED_SIM_ANCHOR',
    'anchor of the seeded corporate-action schedule (default: start time)',
  ],
  [
    '--rate-limit-every N',
    'TOKENIZED_SIM_RATE_LIMIT_EVERY',
    'every Nth request answers 429 (default 0 = off)',
  ],
  [
    '--retry-after S',
    'TOKENIZED_SIM_RETRY_AFTER_SECONDS',
    'Retry-After of those 429s, seconds (default 1)',
  ],
  ['--retry-after-format F', 'TOKENIZED_SIM_RETRY_AFTER_FORMAT', 'seconds (default) or http-date'],
  [
    '--error-every N',
    'TOKENIZED_SIM_ERROR_EVERY',
    'every N requests end with a burst of 5xx (default 0 = off)',
  ],
  ['--error-burst N', 'TOKENIZED_SIM_ERROR_BURST', 'length of each 5xx burst (default 3)'],
  ['--error-status N', 'TOKENIZED_SIM_ERROR_STATUS', '5xx status of the bursts (default 503)'],
  ['--slow-every N', 'TOKENIZED_SIM_SLOW_EVERY', 'every Nth request is delayed (default 0 = off)'],
  [
    '--slow-ms N',
    'TOKENIZED_SIM_SLOW_MS',
    'delay of slow requests, ms (default 6000, past the 5 s client timeout)',
  ],
  [
    '--malformed-every N',
    'TOKENIZED_SIM_MALFORMED_EVERY',
    'every Nth JSON answer is corrupted (default 0 = off)',
  ],
  [
    '--fault-path P',
    'TOKENIZED_SIM_FAULT_PATH',
    'count and fault only paths starting with P, e.g. /public (default: all)',
  ],
  ['--quiet', 'TOKENIZED_SIM_QUIET=1', 'do not print one line per request'],
  ['', 'WORLD_MANIFEST', "back the simulator by the local world's chain (its world.json)"],
  [
    '--chain-corporate-actions',
    'TOKENIZED_SIM_CHAIN_CORPORATE_ACTIONS=1',
    'with WORLD_MANIFEST: write the built-in corporate actions on chain (off: not listed)',
  ],
  [
    '--chain-clock',
    'TOKENIZED_SIM_CHAIN_CLOCK=1',
    "with WORLD_MANIFEST: follow the chain's clock (Clock sysvar, re-read every second)",
  ],
  ['', 'SOLANA_RPC_URL, SOLANA_WS_URL', "the cluster's endpoints (default: the manifest's)"],
  ['--help', '', 'print this help and exit'],
] as const;

/**
 * The `--help` text.
 *
 * @example
 * ```ts
 * console.log(helpText());
 * ```
 */
export function helpText(): string {
  const rows = OPTIONS.map(
    ([flag, variable, meaning]) => `  ${flag.padEnd(27)}${variable.padEnd(41)}${meaning}`,
  );
  return [
    'tokenized-api-sim: a local stand-in for the tokenized-asset API (/api/v2) on 127.0.0.1.',
    '',
    'Usage: npm start -w @basket/tokenized-api-sim -- [options]',
    '',
    `  ${'flag'.padEnd(27)}${'environment variable'.padEnd(41)}meaning`,
    ...rows,
    '',
    'Flags win over environment variables. The URL to give the client (TOKENIZED_API_URL) is',
    'printed on start. Fault counters are per process and deterministic. With WORLD_MANIFEST the',
    "RFQ returns the market maker's partially signed transaction, statuses follow the chain, and",
    '/api/v2/admin/* exercises the issuer powers (docs/tokenized-api.md).',
  ].join('\n');
}
