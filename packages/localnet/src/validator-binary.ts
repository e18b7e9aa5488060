import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The validator binary to run: `BASKET_LOCALNET_BIN` when set, otherwise the one
 * `scripts/setup-localnet.sh` built into the per-machine cache (it builds it first when
 * missing, which takes minutes once per machine).
 *
 * @example
 * const bin = resolveValidatorBinary(); // ~/.cache/basket-vault/localnet/<hash>/basket-localnet
 */
export function resolveValidatorBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BASKET_LOCALNET_BIN) return env.BASKET_LOCALNET_BIN;
  const out = execFileSync('bash', [`${REPO_ROOT}scripts/setup-localnet.sh`, '--print-path'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const path = out.trim().split('\n').pop();
  if (!path) throw new Error('scripts/setup-localnet.sh printed no validator path');
  return path;
}

/** The repository's root directory (ends with a slash). */
export function repoRoot(): string {
  return REPO_ROOT;
}
