import { ApiKey } from './api-key.ts';
import { TOKENIZED_API_ERROR__INVALID_CONFIG, TokenizedApiError } from './errors.ts';

/** Default per-attempt request timeout (spec: client request timeout 5000 ms). */
export const DEFAULT_TIMEOUT_MS = 5_000;
const MIN_TIMEOUT_MS = 100;
const MAX_TIMEOUT_MS = 120_000;
const VERSION_PREFIX = '/api/v2';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Validated client configuration. */
export type TokenizedApiConfig = Readonly<{
  /** `{base_url}`: absolute, ends in `/api/v2`, no trailing slash. */
  baseUrl: string;
  /** Needed only for `/client/*`, `/trades/*` and `/bridges/*`. */
  apiKey: ApiKey | null;
  timeoutMs: number;
}>;

/** The environment variables read by `loadTokenizedApiConfig`. */
export type TokenizedApiEnv = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates `TOKENIZED_API_URL`, `TOKENIZED_API_KEY` and `TOKENIZED_TIMEOUT_MS`.
 * Throws `TOKENIZED_API_ERROR__INVALID_CONFIG` naming the variable (never its value when it
 * is the key). The environment is passed in, so this works where `process` does not exist.
 *
 * @example
 * ```ts
 * const config = loadTokenizedApiConfig(process.env);
 * const client = createTokenizedApiClient(config);
 * ```
 */
export function loadTokenizedApiConfig(env: TokenizedApiEnv): TokenizedApiConfig {
  const rawUrl = env.TOKENIZED_API_URL;
  if (rawUrl === undefined || rawUrl.trim() === '') {
    throw configError('TOKENIZED_API_URL', 'is required (the per-environment {base_url})');
  }
  return {
    baseUrl: validateBaseUrl(rawUrl.trim(), 'TOKENIZED_API_URL'),
    apiKey: parseApiKey(env.TOKENIZED_API_KEY),
    timeoutMs: parseTimeout(env.TOKENIZED_TIMEOUT_MS),
  };
}

/**
 * Checks a base URL: absolute http(s), path ending in `/api/v2` (one trailing slash allowed
 * and removed), no credentials, query or fragment; plain `http` only for loopback hosts so
 * the key never crosses a network unencrypted. Returns the normalised URL.
 *
 * @example
 * ```ts
 * validateBaseUrl('http://127.0.0.1:7407/api/v2/'); // 'http://127.0.0.1:7407/api/v2'
 * ```
 */
export function validateBaseUrl(raw: string, variable = 'baseUrl'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw configError(variable, 'is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw configError(variable, 'must use https (or http on a loopback host)');
  }
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw configError(variable, 'must use https unless the host is loopback');
  }
  if (url.username !== '' || url.password !== '') {
    throw configError(variable, 'must not embed credentials');
  }
  if (url.search !== '' || url.hash !== '') {
    throw configError(variable, 'must not have a query or fragment');
  }
  const path = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
  if (!path.endsWith(VERSION_PREFIX)) {
    throw configError(variable, `must end in the version prefix ${VERSION_PREFIX}`);
  }
  return `${url.origin}${path}`;
}

function parseApiKey(raw: string | undefined): ApiKey | null {
  // An empty variable (common in env files) means "no key", like an absent one.
  if (raw === undefined || raw === '') return null;
  try {
    return ApiKey.from(raw);
  } catch {
    throw configError(
      'TOKENIZED_API_KEY',
      'must be 8 to 512 printable ASCII characters without spaces (value not shown)',
    );
  }
}

function parseTimeout(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_TIMEOUT_MS;
  const text = raw.trim();
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS) {
    throw configError(
      'TOKENIZED_TIMEOUT_MS',
      `must be an integer number of milliseconds in [${MIN_TIMEOUT_MS}, ${MAX_TIMEOUT_MS}]`,
    );
  }
  return value;
}

/**
 * Checks a timeout given in code (same bounds as `TOKENIZED_TIMEOUT_MS`).
 *
 * @example
 * ```ts
 * validateTimeoutMs(5_000, 'timeoutMs'); // 5000
 * ```
 */
export function validateTimeoutMs(value: number, variable = 'timeoutMs'): number {
  if (!Number.isInteger(value) || value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS) {
    throw configError(
      variable,
      `must be an integer number of milliseconds in [${MIN_TIMEOUT_MS}, ${MAX_TIMEOUT_MS}]`,
    );
  }
  return value;
}

function configError(variable: string, reason: string) {
  return new TokenizedApiError(TOKENIZED_API_ERROR__INVALID_CONFIG, { variable, reason });
}
