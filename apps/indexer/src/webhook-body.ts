// The body a hosted provider posts for raw-transaction webhooks (docs/webhooks.md): a JSON
// array of `getTransaction` results (encoding json). Only what the indexer reads is checked;
// everything else in an item is kept as received in the delivery. Every field read is bounded
// to what its column (and a JavaScript number) can hold, so an item that passes here is one
// Postgres can store: a bad one is a 400 naming its path, before anything is acknowledged.
import { z } from 'zod';

const signature = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'not a base58 signature');

/**
 * Largest block time accepted: 9999-12-31T23:59:59Z, inside both a JavaScript Date and a
 * Postgres timestamptz (and far past any block a cluster will make).
 */
export const MAX_BLOCK_TIME = 253_402_300_799;

/** Lines of one transaction's logs: the runtime keeps 10,000 bytes, each line at least 1. */
const MAX_LOG_LINES = 10_000;

/**
 * A string Postgres can store in text and jsonb: no NUL (jsonb refuses `\u0000`) and no lone
 * UTF-16 surrogate (not valid Unicode).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storableText = (max: number) =>
  z
    .string()
    .max(max)
    .refine(
      (s) => !s.includes('\u0000') && !LONE_SURROGATE.test(s),
      'holds a NUL or a lone surrogate',
    );

export const transactionItemSchema = z.looseObject({
  // A slot is a u64 on chain; here it is a JSON number, exact up to 2^53 - 1 (the chain is at
  // ~4e8), and a Postgres bigint.
  slot: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  blockTime: z.number().int().min(0).max(MAX_BLOCK_TIME).nullable().optional(),
  meta: z.looseObject({
    err: z.unknown().optional(),
    logMessages: z.array(storableText(10_000)).max(MAX_LOG_LINES).nullable().optional(),
  }),
  transaction: z.looseObject({
    // A transaction of at most 1,232 bytes carries at most 19 signatures.
    signatures: z.array(signature).min(1).max(32),
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
