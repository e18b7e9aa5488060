// The keeper's configuration as its config tests give it: a JSON config file (programs and one
// SKU, plus whatever the suite adds) in a fresh temporary directory, the endpoint variables
// that point at it, and the lines of the ConfigError a bad configuration is refused with.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@basket/service-kit';

/** Two well-formed addresses for the config files' fields (the System and wrapped-SOL ids). */
export const ADDRESS_A = '11111111111111111111111111111111';
export const ADDRESS_B = 'So11111111111111111111111111111111111111112';

/** The keeper's environment over a config file holding programs, one SKU and `extra`. */
export function keeperConfigEnv(
  prefix: string,
  extra: Record<string, unknown> = {},
): {
  /** The temporary directory the config file is in. */
  dir: string;
  /** Writes `value` as JSON to `name` in `dir`; returns its path. */
  file: (name: string, value: unknown) => string;
  env: Record<string, string>;
} {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const file = (name: string, value: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const config = file('keeper.json', {
    programs: { oracle: ADDRESS_A, vault: ADDRESS_A, rewards: ADDRESS_A },
    skus: [
      {
        skuId: 'TECH6',
        vault: ADDRESS_B,
        snapshot: ADDRESS_B,
        assets: [{ symbol: 'AAPLx', mint: ADDRESS_B }],
      },
    ],
    ...extra,
  });
  const env = {
    KEEPER_CONFIG: config,
    SOLANA_RPC_URL: 'http://127.0.0.1:8899',
    SOLANA_WS_URL: 'ws://127.0.0.1:8900',
    TOKENIZED_API_URL: 'http://127.0.0.1:7407/api/v2',
  };
  return { dir, file, env };
}

/** The lines of the ConfigError `fn` throws; fails when it throws none or another error. */
export function errorLines(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
