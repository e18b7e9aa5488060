// Backfill and gap repair from the RPC: pages of getSignaturesForAddress (newest first) down
// to a signature or a slot, each transaction not yet indexed fetched with getTransaction and
// stored as a delivery of source 'backfill' (so the same ingest writes the same rows). The
// position is saved after every page: an interrupted run resumes where it stopped.
import type pg from 'pg';
import type { IndexerRpc } from './rpc-client.ts';
import { storeDelivery } from './store.ts';
import type { TransactionItem } from './webhook-body.ts';

export type BackfillUntil = Readonly<{ signature: string } | { slot: bigint }>;

/** `--until` as given: a signature (base58, 64-88 chars) or a slot number. */
export function parseUntil(text: string): BackfillUntil {
  if (/^\d{1,20}$/.test(text)) return { slot: BigInt(text) };
  if (/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(text)) return { signature: text };
  throw new Error(`--until ${text}: neither a slot number nor a base58 signature`);
}

const marker = (until: BackfillUntil) =>
  'signature' in until ? `signature:${until.signature}` : `slot:${until.slot}`;

/** Whether a listed signature is at or past the end of the run. */
export function reachedUntil(entry: { signature: string; slot: bigint }, until: BackfillUntil) {
  return 'signature' in until ? entry.signature === until.signature : entry.slot <= until.slot;
}

export type BackfillProgress = Readonly<{
  listed: number;
  stored: number;
  oldestSlot: bigint | null;
}>;

/**
 * Runs (or resumes) a backfill of `programAddress` down to `until`.
 *
 * @example
 * await backfill({ pool, rpc, program: 'vault', programAddress, until: { slot: 0n } });
 */
export async function backfill(input: {
  pool: pg.Pool;
  rpc: IndexerRpc;
  program: string;
  programAddress: string;
  until: BackfillUntil;
  pageSize?: number;
  onProgress?: (p: BackfillProgress) => void;
}): Promise<BackfillProgress & { resumedFrom: string | null }> {
  const key = marker(input.until);
  await input.pool.query(
    `insert into backfill_runs (program, until_marker) values ($1, $2) on conflict do nothing`,
    [input.program, key],
  );
  const { rows } = await input.pool.query<{
    before_signature: string | null;
    stored: number;
    done: boolean;
  }>(
    'select before_signature, stored, done from backfill_runs where program = $1 and until_marker = $2',
    [input.program, key],
  );
  const run = rows[0];
  const resumedFrom = run?.before_signature ?? null;
  let before = resumedFrom ?? undefined;
  let stored = run?.stored ?? 0;
  let listed = 0;
  let oldestSlot: bigint | null = null;
  let done = run?.done ?? false;
  while (!done) {
    const page = await input.rpc.signaturesPage(
      input.programAddress,
      before,
      input.pageSize ?? 1_000,
    );
    const wanted: { signature: string; slot: bigint }[] = [];
    for (const entry of page) {
      const e = { signature: entry.signature as string, slot: BigInt(entry.slot) };
      if (reachedUntil(e, input.until)) {
        done = true;
        break;
      }
      wanted.push(e);
    }
    if (page.length === 0 || page.length < (input.pageSize ?? 1_000)) done = true;
    listed += wanted.length;
    const missing = await notIndexed(
      input.pool,
      wanted.map((w) => w.signature),
    );
    const items = (await Promise.all(missing.map((s) => input.rpc.transaction(s)))).filter(
      (t): t is TransactionItem => t !== null,
    );
    for (let i = 0; i < items.length; i += 100) {
      await storeDelivery(input.pool, {
        endpoint: input.program,
        source: 'backfill',
        items: items.slice(i, i + 100),
      });
    }
    stored += items.length;
    const last =
      wanted.at(-1) ??
      (page.at(-1)
        ? { signature: page.at(-1)?.signature as string, slot: BigInt(page.at(-1)?.slot ?? 0) }
        : null);
    if (last) {
      before = last.signature;
      oldestSlot = last.slot;
    }
    await input.pool.query(
      `update backfill_runs set before_signature = $3, stored = $4, done = $5, updated_at = now()
       where program = $1 and until_marker = $2`,
      [input.program, key, before ?? null, stored, done],
    );
    input.onProgress?.({ listed, stored, oldestSlot });
  }
  return { listed, stored, oldestSlot, resumedFrom };
}

async function notIndexed(pool: pg.Pool, signatures: string[]): Promise<string[]> {
  if (signatures.length === 0) return [];
  const { rows } = await pool.query<{ signature: string }>(
    'select signature from transactions where signature = any($1)',
    [signatures],
  );
  const known = new Set(rows.map((r) => r.signature));
  return signatures.filter((s) => !known.has(s));
}
