import { runService } from '@basket/service-kit';
import { loadEmitterConfig } from './config.ts';
import { startEmitter } from './start-emitter.ts';

const HELP = `webhook-emitter: posts raw-transaction webhooks for configured programs, at least once

Environment:
  SOLANA_RPC_URL                   the cluster's JSON-RPC (required)
  WEBHOOK_EMITTER_WEBHOOKS         JSON array (or file:/path) of {name, url, authorization, programs[], commitment}
                                   authorization is a reference: env:NAME or file:/path (never the value in a file you commit)
  WORLD_MANIFEST                   without WEBHOOK_EMITTER_WEBHOOKS: one webhook per program of the local world
                                   to INDEXER_URL/webhooks/<program> with Authorization from WEBHOOK_SECRET
  WEBHOOK_EMITTER_PORT             health port: /healthz, /readyz (default 7411; 0 = any free port)
  WEBHOOK_EMITTER_ADMIN_PORT       admin port on 127.0.0.1: /metrics, /status (default any free port)
  WEBHOOK_EMITTER_STATE_DIR        where cursors are kept (default .localnet/webhook-emitter)
  WEBHOOK_EMITTER_POLL_MS          pass interval (default 500)
  WEBHOOK_EMITTER_BATCH_SIZE       transactions per POST (default 20)
Test switches (off by default):
  WEBHOOK_EMITTER_DUPLICATE_EVERY  deliver every Nth batch twice
  WEBHOOK_EMITTER_DELAY_MS         wait before each POST
  WEBHOOK_EMITTER_REORDER=true     reverse the transactions inside each batch

Body: see docs/webhooks.md. Endpoints: /healthz, /readyz, /metrics, /status.`;

await runService({
  name: 'webhook_emitter',
  help: HELP,
  argv: process.argv.slice(2),
  loadConfig: () => loadEmitterConfig(process.env),
  secretsOf: (c) => c.webhooks.map((w) => w.authorizationValue),
  start: async ({ config, logger, metrics }) => {
    const started = await startEmitter(config, logger, metrics);
    return { close: started.close };
  },
});
