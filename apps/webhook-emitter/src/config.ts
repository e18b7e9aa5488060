import { readFileSync } from 'node:fs';
import { readWorldManifest } from '@basket/localnet';
import { parseConfig, resolveSecret } from '@basket/service-kit';
import { z } from 'zod';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');

const webhookSchema = z.object({
  name: z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes'),
  url: z.url(),
  /** `env:NAME`, `file:/path` or the literal value (local use only). */
  authorization: z.string().min(1),
  programs: z.array(address).min(1).max(10),
  commitment: z.enum(['confirmed', 'finalized']).default('confirmed'),
});

const schema = z.object({
  rpcUrl: z.url(),
  port: z.coerce.number().int().min(0).max(65_535),
  /** The admin listener (/metrics, /status) on 127.0.0.1; unset or 0: any free port. */
  adminPort: z.coerce.number().int().min(0).max(65_535).optional(),
  stateDir: z.string().min(1),
  pollMs: z.coerce.number().int().min(100).max(60_000),
  batchSize: z.coerce.number().int().min(1).max(100),
  webhooks: z.array(webhookSchema).min(1).max(50),
  /** Test switches: every Nth batch is delivered twice; batches wait; batch order reversed. */
  duplicateEvery: z.coerce.number().int().min(0),
  delayMs: z.coerce.number().int().min(0).max(60_000),
  reorder: z.coerce.boolean(),
});

export type WebhookConfig = z.infer<typeof webhookSchema> & { authorizationValue: string };
export type EmitterConfig = Omit<z.infer<typeof schema>, 'webhooks'> & {
  webhooks: WebhookConfig[];
};

const NAMES: Record<string, string> = {
  rpcUrl: 'SOLANA_RPC_URL',
  port: 'WEBHOOK_EMITTER_PORT',
  adminPort: 'WEBHOOK_EMITTER_ADMIN_PORT',
  stateDir: 'WEBHOOK_EMITTER_STATE_DIR',
  pollMs: 'WEBHOOK_EMITTER_POLL_MS',
  batchSize: 'WEBHOOK_EMITTER_BATCH_SIZE',
  webhooks: 'WEBHOOK_EMITTER_WEBHOOKS',
  duplicateEvery: 'WEBHOOK_EMITTER_DUPLICATE_EVERY',
  delayMs: 'WEBHOOK_EMITTER_DELAY_MS',
  reorder: 'WEBHOOK_EMITTER_REORDER',
};

/**
 * The webhooks: `WEBHOOK_EMITTER_WEBHOOKS` (a JSON array, or `file:/path` to one). In the local
 * world without it, one webhook per program of the manifest to the indexer's endpoints
 * (`INDEXER_URL`, default http://127.0.0.1:7410) with `WEBHOOK_SECRET` as Authorization.
 */
function rawWebhooks(env: NodeJS.ProcessEnv): unknown {
  const raw = env.WEBHOOK_EMITTER_WEBHOOKS;
  if (raw) return JSON.parse(raw.startsWith('file:') ? readFileSync(raw.slice(5), 'utf8') : raw);
  if (!env.WORLD_MANIFEST) return undefined;
  const manifest = readWorldManifest(env.WORLD_MANIFEST);
  const base = env.INDEXER_URL ?? 'http://127.0.0.1:7410';
  return (['oracle', 'vault', 'rewards'] as const).map((program) => ({
    name: program,
    url: `${base}/webhooks/${program}`,
    authorization: 'env:WEBHOOK_SECRET',
    programs: [manifest.programs[program]],
  }));
}

/** Reads the emitter's configuration once; a bad one names each wrong variable. */
export function loadEmitterConfig(env: NodeJS.ProcessEnv = process.env): EmitterConfig {
  let webhooks: unknown;
  try {
    webhooks = rawWebhooks(env);
  } catch (error) {
    webhooks = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  const parsed = parseConfig(
    'webhook-emitter',
    schema,
    {
      rpcUrl: env.SOLANA_RPC_URL,
      port: env.WEBHOOK_EMITTER_PORT ?? '7411',
      adminPort: env.WEBHOOK_EMITTER_ADMIN_PORT ?? '0',
      stateDir: env.WEBHOOK_EMITTER_STATE_DIR ?? '.localnet/webhook-emitter',
      pollMs: env.WEBHOOK_EMITTER_POLL_MS ?? '500',
      batchSize: env.WEBHOOK_EMITTER_BATCH_SIZE ?? '20',
      webhooks,
      duplicateEvery: env.WEBHOOK_EMITTER_DUPLICATE_EVERY ?? '0',
      delayMs: env.WEBHOOK_EMITTER_DELAY_MS ?? '0',
      reorder: env.WEBHOOK_EMITTER_REORDER === 'true' ? 'true' : '',
    },
    NAMES,
  );
  return {
    ...parsed,
    webhooks: parsed.webhooks.map((w) => {
      const value = resolveSecret(w.authorization, env);
      if (!value)
        throw new Error(
          `webhook ${w.name}: authorization ${w.authorization.split(':')[0]} reference is empty`,
        );
      return { ...w, authorizationValue: value };
    }),
  };
}
