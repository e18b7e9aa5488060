// The indexer's RPC: Kit's client behind one rate limiter (bottleneck) at the provider's
// budget, with transient failures retried by cockatiel. Only the calls the indexer makes.
import { getNavQuote, type ProgramAddresses } from '@basket/sdk';
import { type Address, createSolanaRpc, type Signature } from '@solana/kit';
import Bottleneck from 'bottleneck';
import { ExponentialBackoff, handleAll, retry } from 'cockatiel';
import type { SignatureStatus } from './finality.ts';
import type { TransactionItem } from './webhook-body.ts';

export type IndexerRpc = ReturnType<typeof createIndexerRpc>;

/**
 * Bottleneck priorities (0 first): the indexer's own work (finality, reconciliation,
 * backfill) before reads made for an API answer, which are the first refused when the queue
 * is full.
 */
export const RPC_PRIORITY = Object.freeze({ indexing: 1, answer: 8 });

/**
 * The one limiter in front of the RPC: `perSecond` calls a second, at most `queueMax`
 * waiting. Past that a new call is refused at once unless it outranks a waiting one, which
 * is dropped instead (OVERFLOW_PRIORITY): a flood of API reads can neither starve the
 * finality pass nor grow memory.
 *
 * @example
 * const limiter = rpcLimiter(50, 200);
 * await limiter.schedule({ priority: RPC_PRIORITY.indexing }, () => rpc.getSlot().send());
 */
export function rpcLimiter(perSecond: number, queueMax: number): Bottleneck {
  return new Bottleneck({
    reservoir: perSecond,
    reservoirRefreshAmount: perSecond,
    reservoirRefreshInterval: 1_000,
    maxConcurrent: Math.min(perSecond, 10),
    highWater: queueMax,
    strategy: Bottleneck.strategy.OVERFLOW_PRIORITY,
  });
}

/**
 * @example
 * const rpc = createIndexerRpc('http://127.0.0.1:8899', 50);
 * const statuses = await rpc.signatureStatuses([sig]);
 */
export function createIndexerRpc(url: string, perSecond: number, queueMax = 200) {
  const rpc = createSolanaRpc(url);
  const limiter = rpcLimiter(perSecond, queueMax);
  const policy = retry(handleAll, {
    maxAttempts: 4,
    backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 4_000 }),
  });
  const call = <T>(fn: () => Promise<T>) =>
    limiter.schedule({ priority: RPC_PRIORITY.indexing }, () => policy.execute(fn));
  return {
    async signatureStatuses(signatures: string[]): Promise<SignatureStatus[]> {
      const { value } = await call(() =>
        rpc
          .getSignatureStatuses(signatures as Signature[], { searchTransactionHistory: true })
          .send(),
      );
      return value.map((s) =>
        s === null ? null : { confirmationStatus: s.confirmationStatus, err: s.err },
      );
    },
    /** The cluster's newest confirmed slot (the head the indexer's lag is measured to). */
    async headSlot(): Promise<bigint> {
      return call(() => rpc.getSlot({ commitment: 'confirmed' }).send());
    },
    /**
     * The management fee accrued and not yet minted to the treasury (owed plus accrued since
     * the last accrual, at the cluster's clock), from the SDK's NAV quote; null when the
     * vault does not exist. Not retried: an analytics read answers without it instead.
     */
    async mgmtFeeAccruedShares(sku: string, programs: ProgramAddresses): Promise<bigint | null> {
      try {
        const quote = await limiter.schedule({ priority: RPC_PRIORITY.answer }, () =>
          getNavQuote(rpc, sku, { programs, commitment: 'confirmed' }),
        );
        return quote.supply.feeSharesOwed + quote.supply.accruedMgmtFeeShares;
      } catch {
        return null;
      }
    },
    /** One page of signatures, newest first, before `before`. */
    async signaturesPage(program: string, before: string | undefined, limit = 1_000) {
      return call(() =>
        rpc
          .getSignaturesForAddress(program as Address, {
            limit,
            commitment: 'confirmed',
            ...(before ? { before: before as Signature } : {}),
          })
          .send(),
      );
    },
    /** A transaction in the webhook item shape (getTransaction, encoding json). */
    async transaction(signature: string): Promise<TransactionItem | null> {
      const tx = await call(() =>
        rpc
          .getTransaction(signature as Signature, {
            encoding: 'json',
            commitment: 'confirmed',
            maxSupportedTransactionVersion: 0,
          })
          .send(),
      );
      if (!tx) return null;
      // bigints (slot, lamports) become numbers: the item is what a webhook body carries.
      return JSON.parse(
        JSON.stringify(tx, (_k, v) => (typeof v === 'bigint' ? Number(v) : v)),
      ) as TransactionItem;
    },
    limiter,
    /** The Kit client behind the limiter (reads the caller schedules on `limiter` itself). */
    rpc,
  };
}
