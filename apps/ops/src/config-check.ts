/**
 * `config check`: the environment file validated, then every reference resolved (key files
 * readable and well formed, variables set) without printing any secret: the start-of-run check
 * for an operator before a deployment window.
 */
import { existsSync } from 'node:fs';
import type { EnvConfig } from './env-config.ts';
import { referencePath } from './env-config.ts';
import { signerFromReference } from './key-reference.ts';

/**
 * One line per reference: `ok` with the public key (keys) or `set` (secrets), or the problem.
 *
 * @example
 * const { lines, ok } = await checkReferences(loadEnvConfig('ops/environments/local.yaml'));
 */
export async function checkReferences(
  config: EnvConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ lines: string[]; ok: boolean }> {
  const lines: string[] = [];
  let ok = true;
  const keys: [string, string | undefined][] = [
    ['keys.feePayer', config.keys.feePayer],
    ['keys.deployer', config.keys.deployer],
    ...Object.entries(config.keys.programKeypairs).map(
      ([n, r]) => [`keys.programKeypairs.${n}`, r] as [string, string],
    ),
  ];
  for (const [field, reference] of keys) {
    if (!reference) continue;
    try {
      const signer = await signerFromReference(reference, config.baseDir, env);
      lines.push(`ok      ${field}: ${signer.address}`);
    } catch (error) {
      ok = false;
      lines.push(`MISSING ${field}: ${(error as Error).message}`);
    }
  }
  const secrets: [string, string | undefined][] = [
    ['tokenizedApi.apiKey', config.tokenizedApi.apiKey],
    ['webhooks.secret', config.webhooks.secret],
  ];
  for (const [field, reference] of secrets) {
    if (!reference) continue;
    const path = referencePath(reference, config.baseDir);
    const present = path ? existsSync(path) : Boolean(env[reference.slice(4)]);
    if (!present) ok = false;
    lines.push(`${present ? 'set    ' : 'MISSING'} ${field}: ${reference}`);
  }
  return { lines, ok };
}
