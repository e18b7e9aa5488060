// Server state through TanStack Query: every read of the chain, the indexer and the asset API
// is a query with a key, cached and shared between the components that show it, refetched when
// the window regains focus and on an interval, retried with backoff, and invalidated when a
// transaction of this page is confirmed (so balances, positions and history move at once).
import { QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** The longest wait between reloads while they fail, and between retries of one load. */
export const MAX_REFRESH_BACKOFF_MS = 120_000;

/**
 * The wait before the next interval reload: the interval after a success, doubled per
 * consecutive failure up to {@link MAX_REFRESH_BACKOFF_MS} (never below the interval itself),
 * so a service that is down is not asked again every few seconds by every open page.
 *
 * @example
 * nextRefreshDelay(15_000, 0); // 15000
 * nextRefreshDelay(15_000, 3); // 120000
 */
export function nextRefreshDelay(refreshMs: number, failures: number): number {
  const doubled = refreshMs * 2 ** Math.min(failures, 16);
  return Math.max(refreshMs, Math.min(doubled, MAX_REFRESH_BACKOFF_MS));
}

/**
 * The wait before retry `attempt` (0 = the first retry) of one failed load: 1 s doubling.
 *
 * @example
 * retryDelay(0); // 1000
 */
export function retryDelay(attempt: number): number {
  return Math.min(1_000 * 2 ** attempt, MAX_REFRESH_BACKOFF_MS);
}

/**
 * The page's query client: a page that mounts shows what is cached at once and loads it again
 * (chain state moves with every slot and the chain's clock: a stake that was locked a moment
 * ago may be unlocked now), components on screen at the same time share one load, a failed
 * load is retried twice before the page shows the error, and unused data is dropped after 5
 * minutes.
 *
 * @example
 * const client = createQueryClient();
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 0,
        gcTime: 300_000,
        retry: 2,
        retryDelay,
        refetchOnWindowFocus: true,
        // Amounts are bigint and accounts are class instances: keep each answer as loaded.
        structuralSharing: false,
      },
    },
  });
}

/** A loaded value as the pages read it. */
export type Loaded<T> = Readonly<{
  value: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}>;

/**
 * One query: `key` names what is read (and is what invalidation matches), `load` reads it,
 * `refreshMs` reloads it on an interval that backs off while it fails.
 *
 * @example
 * const vault = useRead(['vault', sku.skuId], () => loadVault(ctx, sku), 15_000);
 */
export function useRead<T>(key: QueryKey, load: () => Promise<T>, refreshMs?: number): Loaded<T> {
  const query = useQuery({
    queryKey: key,
    queryFn: load,
    refetchInterval: refreshMs
      ? (q) => nextRefreshDelay(refreshMs, q.state.fetchFailureCount)
      : false,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    value: query.data,
    error: query.error ?? undefined,
    loading: query.isFetching,
    reload,
  };
}

/**
 * After a confirmed transaction: every query is stale (balances, positions, the vault's books,
 * history), and those on screen load again now.
 *
 * @example
 * const invalidate = useInvalidateAfterTransaction();
 * if (signature) await invalidate();
 */
export function useInvalidateAfterTransaction(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries(), [client]);
}
