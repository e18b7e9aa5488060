// Which services the world starts: the tokenized-asset API simulator always, and every other
// deployable app of the repository once it exists (each lands with its own `src/main.ts`).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceSpec } from './children.ts';

/** Apps started when present, in start order (simulators before their consumers). */
const OPTIONAL_APPS = ['aggregator-sim', 'webhook-emitter', 'indexer', 'keeper', 'dapp'] as const;

export function worldServices(input: {
  root: string;
  manifestPath: string;
  rpcUrl: string;
  wsUrl: string;
  databaseUrl: string;
  simPort: number;
}): ServiceSpec[] {
  const tokenizedApiUrl = `http://127.0.0.1:${input.simPort}/api/v2`;
  const env = {
    WORLD_MANIFEST: input.manifestPath,
    SOLANA_RPC_URL: input.rpcUrl,
    SOLANA_WS_URL: input.wsUrl,
    DATABASE_URL: input.databaseUrl,
    TOKENIZED_API_URL: tokenizedApiUrl,
  };
  const specs: ServiceSpec[] = [
    {
      name: 'tokenized-api-sim',
      entry: 'apps/tokenized-api-sim/src/main.ts',
      env: { ...env, TOKENIZED_SIM_PORT: String(input.simPort) },
      url: tokenizedApiUrl,
    },
  ];
  for (const app of OPTIONAL_APPS) {
    const entry = `apps/${app}/src/main.ts`;
    if (existsSync(join(input.root, entry))) specs.push({ name: app, entry, env });
  }
  return specs;
}

/** True when the keeper exists: then it pushes NAV, otherwise the supervisor stands in. */
export function keeperPresent(root: string): boolean {
  return existsSync(join(root, 'apps/keeper/src/main.ts'));
}
