// The portfolio's History: the indexer's rows for the wallet, and, for what the indexer has not
// listed yet (it follows the chain by seconds, or is down), the chain's own list of the
// wallet's recent signatures, named from what this browser recorded when it confirmed them.
import type { Activity } from './activity.ts';
import type { DappContext } from './context.ts';
import { fetchWalletHistory, type WalletHistory } from './indexer.ts';

/** One line of the History, newest first. */
export type HistoryEntry = Readonly<{
  signature: string;
  label: string;
  skuId: string | null;
  /** Block time (unix seconds), when known. */
  unixTime: bigint | null;
  /** Where the line comes from: the indexer, or the chain while the indexer has not listed it. */
  source: 'indexer' | 'chain';
}>;

/** A recent signature of the wallet as the RPC's getSignaturesForAddress lists it. */
export type ChainSignature = Readonly<{
  signature: string;
  blockTime: bigint | null;
  failed: boolean;
}>;

const timeOf = (v: unknown): bigint | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'bigint') return v;
  if (/^\d+$/.test(String(v))) return BigInt(String(v));
  const ms = Date.parse(String(v));
  return Number.isNaN(ms) ? null : BigInt(Math.floor(ms / 1000));
};

/**
 * The History's lines: every indexer row, then each successful chain signature the indexer does
 * not list (named from `activity`, else "Transaction"), newest first.
 *
 * @example
 * mergeHistory(indexerAnswer, chainSignatures, readActivity(localStorage, owner));
 */
export function mergeHistory(
  indexer: WalletHistory | null,
  chain: readonly ChainSignature[],
  activity: readonly Activity[],
): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const row = (label: string, r: Record<string, unknown>): HistoryEntry => ({
    signature: String(r.signature ?? ''),
    label,
    skuId: r.sku === undefined || r.sku === null ? null : String(r.sku),
    unixTime: timeOf(r.block_time ?? r.blockTime),
    source: 'indexer',
  });
  if (indexer) {
    for (const r of indexer.deposits) out.push(row('Deposit', r));
    for (const r of indexer.withdrawals) out.push(row(`Withdrawal (${String(r.kind ?? '')})`, r));
    for (const r of indexer.stakes) out.push(row(`Stake (${String(r.kind ?? '')})`, r));
    for (const r of indexer.claims) out.push(row('Claim', r));
  }
  const listed = new Set(out.map((e) => e.signature));
  const named = new Map(activity.map((a) => [a.signature, a]));
  for (const s of chain) {
    if (s.failed || listed.has(s.signature)) continue;
    const a = named.get(s.signature);
    out.push({
      signature: s.signature,
      label: a?.label ?? 'Transaction',
      skuId: a?.skuId ?? null,
      unixTime: s.blockTime,
      source: 'chain',
    });
  }
  // Newest first; a line without a time (rare) last. Equal times keep a stable order.
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => {
      const x = a.e.unixTime;
      const y = b.e.unixTime;
      if (x === y) return a.i - b.i;
      if (x === null) return 1;
      if (y === null) return -1;
      return x > y ? -1 : 1;
    })
    .map(({ e }) => e);
}

/** How many of the wallet's recent chain signatures the fallback reads. */
export const CHAIN_SIGNATURES = 20;

/**
 * Loads the History: the indexer and the chain at once; either may fail alone (the other's
 * lines still show, with `indexerError` set when it was the indexer); both failing throws.
 *
 * @example
 * const { entries } = await loadWalletActivity(ctx, owner, readActivity(localStorage, owner));
 */
export async function loadWalletActivity(
  ctx: DappContext,
  owner: string,
  activity: readonly Activity[],
): Promise<{ entries: HistoryEntry[]; indexerError: string | null; wallet: WalletHistory | null }> {
  const [indexer, chain] = await Promise.allSettled([
    fetchWalletHistory(ctx.session.config.indexerBase, owner),
    ctx.rpc
      .getSignaturesForAddress(
        owner as Parameters<DappContext['rpc']['getSignaturesForAddress']>[0],
        {
          limit: CHAIN_SIGNATURES,
          commitment: 'confirmed',
        },
      )
      .send(),
  ]);
  if (indexer.status === 'rejected' && chain.status === 'rejected') throw indexer.reason;
  const wallet = indexer.status === 'fulfilled' ? indexer.value : null;
  const signatures =
    chain.status === 'fulfilled'
      ? chain.value.map((s) => ({
          signature: String(s.signature),
          blockTime: s.blockTime === null ? null : BigInt(s.blockTime),
          failed: s.err !== null,
        }))
      : [];
  return {
    entries: mergeHistory(wallet, signatures, activity),
    indexerError:
      indexer.status === 'rejected'
        ? indexer.reason instanceof Error
          ? indexer.reason.message
          : String(indexer.reason)
        : null,
    wallet,
  };
}
