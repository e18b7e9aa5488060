import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  createTokenizedApiClient,
  createTokenizedApiClientFromEnv,
  DEFAULT_TIMEOUT_MS,
  isTokenizedApiError,
  loadTokenizedApiConfig,
  TOKENIZED_API_ERROR__INVALID_CONFIG,
} from '../src/index.ts';

const KEY = 'cfg-key-SECRET-abcdef0123';

function configError(env: Record<string, string | undefined>) {
  try {
    loadTokenizedApiConfig(env);
  } catch (error) {
    if (isTokenizedApiError(error, TOKENIZED_API_ERROR__INVALID_CONFIG)) return error;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('configuration from the environment', () => {
  it('reads the three variables and applies the 5000 ms default timeout', () => {
    // Given a staging-like environment
    const config = loadTokenizedApiConfig({
      TOKENIZED_API_URL: 'https://staging.tokenized.example/api/v2/',
      TOKENIZED_API_KEY: KEY,
    });
    // Then the URL is normalised, the key wrapped, the default timeout applied
    expect(config.baseUrl).toBe('https://staging.tokenized.example/api/v2');
    expect(config.apiKey?.reveal()).toBe(KEY);
    expect(config.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });

  it('allows no key at all (public endpoints only) and treats an empty key as none', () => {
    const base = { TOKENIZED_API_URL: 'http://127.0.0.1:7407/api/v2' };
    expect(loadTokenizedApiConfig(base).apiKey).toBeNull();
    expect(loadTokenizedApiConfig({ ...base, TOKENIZED_API_KEY: '' }).apiKey).toBeNull();
  });

  it.each([
    [{}, 'TOKENIZED_API_URL', /required/],
    [{ TOKENIZED_API_URL: 'not a url' }, 'TOKENIZED_API_URL', /absolute/],
    [{ TOKENIZED_API_URL: 'https://x.example/api/v1' }, 'TOKENIZED_API_URL', /\/api\/v2/],
    [{ TOKENIZED_API_URL: 'http://x.example/api/v2' }, 'TOKENIZED_API_URL', /https/],
    [{ TOKENIZED_API_URL: 'ftp://x.example/api/v2' }, 'TOKENIZED_API_URL', /https/],
    [{ TOKENIZED_API_URL: 'https://u:p@x.example/api/v2' }, 'TOKENIZED_API_URL', /credentials/],
    [{ TOKENIZED_API_URL: 'https://x.example/api/v2?a=1' }, 'TOKENIZED_API_URL', /query/],
    [
      { TOKENIZED_API_URL: 'https://x.example/api/v2', TOKENIZED_TIMEOUT_MS: 'soon' },
      'TOKENIZED_TIMEOUT_MS',
      /integer/,
    ],
    [
      { TOKENIZED_API_URL: 'https://x.example/api/v2', TOKENIZED_TIMEOUT_MS: '5' },
      'TOKENIZED_TIMEOUT_MS',
      /integer/,
    ],
    [
      { TOKENIZED_API_URL: 'https://x.example/api/v2', TOKENIZED_TIMEOUT_MS: '2.5' },
      'TOKENIZED_TIMEOUT_MS',
      /integer/,
    ],
  ])('rejects %o at startup naming %s', (env, variable, reason) => {
    const error = configError(env);
    expect(error.context.variable).toBe(variable);
    expect(error.message).toMatch(reason);
  });

  it('rejects a malformed key without ever echoing it', () => {
    // Given a key with a space in it (a typical copy-paste slip)
    const bad = 'SECRET key with spaces';
    const error = configError({
      TOKENIZED_API_URL: 'https://x.example/api/v2',
      TOKENIZED_API_KEY: bad,
    });
    // Then the error names the variable and hides the value
    expect(error.context.variable).toBe('TOKENIZED_API_KEY');
    expect(JSON.stringify(error)).not.toContain('SECRET');
    expect(inspect(error)).not.toContain('SECRET');
    expect(error.message).not.toContain('SECRET');
  });

  it('never shows the key when the configuration is printed', () => {
    const config = loadTokenizedApiConfig({
      TOKENIZED_API_URL: 'https://x.example/api/v2',
      TOKENIZED_API_KEY: KEY,
    });
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(inspect(config, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(`${config.apiKey}`).toBe('[REDACTED]');
  });

  it('builds a client from the environment and validates options given in code', () => {
    expect(() =>
      createTokenizedApiClientFromEnv({ TOKENIZED_API_URL: 'https://x.example/api/v2' }),
    ).not.toThrow();
    expect(() =>
      createTokenizedApiClient({ baseUrl: 'https://x.example/api/v2', timeoutMs: 0 }),
    ).toThrow(/timeoutMs/);
    expect(() =>
      createTokenizedApiClient({
        baseUrl: 'https://x.example/api/v2',
        swapRoutePrefix: '/public/x',
      }),
    ).toThrow(/swapRoutePrefix/);
    expect(() =>
      createTokenizedApiClient({ baseUrl: 'https://x.example/api/v2', retry: { maxAttempts: 0 } }),
    ).toThrow(/maxAttempts/);
  });
});
