// The body a hosted provider posts for raw-transaction webhooks (docs/webhooks.md): a JSON
// array of `getTransaction` results (encoding json). Only what the indexer reads is checked;
// everything else in an item is kept as received in the delivery.
import { z } from 'zod';

const signature = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a base58 signature');

export const transactionItemSchema = z.looseObject({
  slot: z.number().int().nonnegative(),
  blockTime: z.number().int().nullable().optional(),
  meta: z.looseObject({
    err: z.unknown().optional(),
    logMessages: z.array(z.string()).nullable().optional(),
  }),
  transaction: z.looseObject({
    signatures: z.array(signature).min(1),
  }),
});

export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const webhookBodySchema = z.array(transactionItemSchema).min(1).max(1_000);

/**
 * The body's items, or the first problem found (path and message) for the 400 answer.
 *
 * @example
 * const parsed = parseWebhookBody(request.body);
 * if (!parsed.ok) return reply.code(400).send({ error: parsed.error });
 */
export function parseWebhookBody(
  body: unknown,
): { ok: true; items: TransactionItem[] } | { ok: false; error: string } {
  const result = webhookBodySchema.safeParse(body);
  if (result.success) return { ok: true, items: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? `at ${issue.path.join('.')}: ` : '';
  return { ok: false, error: `${where}${issue?.message ?? 'invalid body'}` };
}
