// The one call the typed API client does not have: asking the market maker to sign the
// message that wraps its fill between the vault's rebalance_leg and rebalance_settle (the
// spec's "prepend ... co-sign" order needs the maker's signature over the final message; the
// simulator's `POST {swap}/quote/{id}/cosign`, docs/keeper.md). Through the same API budget.
import { SWAP_ROUTE_PREFIX } from '@basket/tokenized-api';
import { KeeperError } from '../decisions/errors.ts';

export type RfqCosigner = (
  quoteId: string,
  transactionBase64: string,
) => Promise<Readonly<{ transaction: string; transactionSignature: string }>>;

/**
 * @example
 * const cosign = createRfqCosigner({ baseUrl, apiKey, fetch });
 * const { transaction } = await cosign(quote.id, wrappedBase64);
 */
export function createRfqCosigner(options: {
  baseUrl: string;
  apiKey: string | undefined;
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
}): RfqCosigner {
  return async (quoteId, transactionBase64) => {
    const url = `${options.baseUrl.replace(/\/$/, '')}${SWAP_ROUTE_PREFIX}/quote/${encodeURIComponent(quoteId)}/cosign`;
    const response = await options.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { 'X-API-Key': options.apiKey } : {}),
      },
      body: JSON.stringify({ transaction: transactionBase64 }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    const body = (await response.json().catch(() => null)) as {
      signature?: unknown;
      transactionSignature?: unknown;
      error?: { code?: string; message?: string };
    } | null;
    if (
      !response.ok ||
      typeof body?.signature !== 'string' ||
      typeof body.transactionSignature !== 'string'
    ) {
      throw new KeeperError(
        'RFQ_COSIGN_REFUSED',
        `the market maker did not co-sign quote ${quoteId}: HTTP ${response.status} ${body?.error?.code ?? ''}`,
      );
    }
    return { transaction: body.signature, transactionSignature: body.transactionSignature };
  };
}
