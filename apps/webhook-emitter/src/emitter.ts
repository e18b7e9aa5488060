// The delivery loop: for each webhook and each of its programs, the signatures after the
// cursor (signature listing, oldest first), each transaction fetched as `getTransaction`
// returns it, posted in batches with the webhook's Authorization; the cursor moves only after
// the receiver acknowledged (2xx), so every transaction is delivered at least once.
import type { Logger, Metrics } from '@basket/service-kit';
import type { Address, Rpc, Signature, SolanaRpcApi } from '@solana/kit';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import type { EmitterConfig, WebhookConfig } from './config.ts';
import { cursorStore } from './cursor-store.ts';
import {
  PERMANENT_STATUSES,
  PermanentRejection,
  postIsolating,
  rejectionsFile,
} from './rejections.ts';

const PAGE = 1000;

export function createEmitter(input: {
  config: EmitterConfig;
  rpc: Rpc<SolanaRpcApi>;
  logger: Logger;
  metrics: Metrics;
}) {
  const { config, rpc, logger, metrics } = input;
  const deliveries = metrics.counter('deliveries_total', 'Webhook POSTs by outcome', [
    'webhook',
    'outcome',
  ]);
  const delivered = metrics.counter('transactions_delivered_total', 'Transactions acknowledged', [
    'webhook',
  ]);
  const lag = metrics.gauge('lag_slots', 'Chain slot minus the newest delivered slot', ['webhook']);
  const rejected = metrics.counter(
    'transactions_rejected_total',
    'Transactions the receiver refused for good (400/413/422 alone), set aside in <webhook>.rejected.jsonl',
    ['webhook'],
  );
  // Short bursts of retries inside one tick; a receiver down longer is retried on later ticks
  // from the same cursor, forever. A refusal of the body itself is not retried (rejections.ts).
  const postPolicy = retry(
    handleWhen((error) => !(error instanceof PermanentRejection)),
    {
      maxAttempts: 4,
      backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 5_000 }),
    },
  );
  postPolicy.onRetry(() => deliveries.inc({ webhook: 'any', outcome: 'retry' }));
  let batchCounter = 0;

  async function signaturesAfter(
    program: Address,
    until: string | undefined,
    commitment: WebhookConfig['commitment'],
  ) {
    const found: { signature: Signature; slot: bigint }[] = [];
    let before: Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(program, {
          limit: PAGE,
          commitment,
          ...(until ? { until: until as Signature } : {}),
          ...(before ? { before } : {}),
        })
        .send();
      found.push(...page.map((p) => ({ signature: p.signature, slot: p.slot })));
      if (page.length < PAGE) break;
      before = page[page.length - 1]?.signature;
    }
    return found.reverse();
  }

  async function post(webhook: WebhookConfig, items: unknown[]) {
    await postPolicy.execute(async () => {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: webhook.authorizationValue },
        body: JSON.stringify(items, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        deliveries.inc({ webhook: webhook.name, outcome: String(response.status) });
        if (PERMANENT_STATUSES.has(response.status))
          throw new PermanentRejection(response.status, (await response.text()).slice(0, 500));
        throw new Error(`${webhook.url} answered ${response.status}`);
      }
      deliveries.inc({ webhook: webhook.name, outcome: 'ok' });
    });
  }

  async function deliverWebhook(webhook: WebhookConfig) {
    const cursors = cursorStore(config.stateDir, webhook.name);
    const deadLetters = rejectionsFile(config.stateDir, webhook.name);
    for (const program of webhook.programs) {
      const pending = await signaturesAfter(
        program as Address,
        cursors.get(program),
        webhook.commitment,
      );
      for (let i = 0; i < pending.length; i += config.batchSize) {
        const batch = pending.slice(i, i + config.batchSize);
        const items = await Promise.all(
          batch.map(({ signature }) =>
            rpc
              .getTransaction(signature, {
                encoding: 'json',
                maxSupportedTransactionVersion: 0,
                commitment: webhook.commitment,
              })
              .send(),
          ),
        );
        // A transaction not yet served at this commitment: stop here, the next tick resumes.
        const ready = items.indexOf(null);
        const sendable = (ready === -1 ? items : items.slice(0, ready)) as unknown[];
        if (sendable.length === 0) return;
        const entries = sendable.map((item, k) => ({ item, signature: batch[k]?.signature ?? '' }));
        const body = config.reorder ? [...entries].reverse() : entries;
        const postEntries = (part: readonly (typeof entries)[number][]) =>
          post(
            webhook,
            part.map((e) => e.item),
          );
        if (config.delayMs > 0) await new Promise((r) => setTimeout(r, config.delayMs));
        const refused = await postIsolating(body, postEntries);
        batchCounter += 1;
        if (config.duplicateEvery > 0 && batchCounter % config.duplicateEvery === 0)
          await postIsolating(body, postEntries);
        if (refused.length > 0) {
          deadLetters.append(
            refused.map(({ item, rejection }) => ({
              webhook: webhook.name,
              program,
              signature: item.signature,
              status: rejection.status,
              answer: rejection.answer,
            })),
          );
          rejected.inc({ webhook: webhook.name }, refused.length);
          logger.error(
            {
              webhook: webhook.name,
              program,
              signatures: refused.map((r) => r.item.signature),
              file: deadLetters.file,
            },
            'receiver refused transactions for good; set aside, delivery goes on',
          );
        }
        const last = batch[sendable.length - 1];
        if (!last) return;
        cursors.set(program, last.signature);
        delivered.inc({ webhook: webhook.name }, sendable.length - refused.length);
        const head = await rpc.getSlot({ commitment: webhook.commitment }).send();
        lag.set({ webhook: webhook.name }, Number(head - last.slot));
        if (ready !== -1) return;
      }
    }
  }

  return {
    /** One pass over every webhook; failures are logged and retried on the next pass. */
    async tick(): Promise<void> {
      await Promise.all(
        config.webhooks.map((w) =>
          deliverWebhook(w).catch((error: unknown) => {
            logger.warn(
              { webhook: w.name, err: error },
              'delivery failed; retrying from the cursor',
            );
          }),
        ),
      );
    },
  };
}
