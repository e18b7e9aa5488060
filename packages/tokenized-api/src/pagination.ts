import { z } from 'zod';
import { TOKENIZED_API_ERROR__TOO_MANY_PAGES, TokenizedApiError } from './errors.ts';
import { invalidResponse, parseResponse } from './parse-response.ts';
import type { JsonResponse } from './transport.ts';

/** Page size the client asks for. */
export const PAGE_SIZE = 100;
/** Pages followed at most (10,000 items at the default size) before giving up. */
export const MAX_PAGES = 100;

const pageEnvelopeSchema = z.object({
  data: z.array(z.unknown()),
  page: z.number().int().min(1).optional(),
  pageSize: z.number().int().min(1).optional(),
  hasNextPage: z.boolean(),
});

/** How to fetch one page of a list endpoint. */
export type PageRequest = (
  query: Readonly<{ page: string; pageSize: string }>,
) => Promise<JsonResponse>;

/**
 * Reads a whole list. A list endpoint may answer a bare JSON array (not paginated) or the
 * envelope `{ data, page, pageSize, hasNextPage }`; pages are requested with `page` (from 1)
 * and `pageSize` while `hasNextPage` is true. Every item is validated with `itemSchema`; a bad
 * item is reported as `data[i].field` (`page3.data[i].field` beyond the first page).
 *
 * @example
 * ```ts
 * const assets = await collectPages(assetSchema, { operation: 'listAssets', path }, (q) =>
 *   transport.request({ ...spec, query: q }));
 * ```
 */
export async function collectPages<S extends z.ZodType>(
  itemSchema: S,
  origin: Readonly<{ operation: string; path: string }>,
  fetchPage: PageRequest,
  maxPages: number = MAX_PAGES,
): Promise<z.output<S>[]> {
  const items: z.output<S>[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { status, json } = await fetchPage({ page: String(page), pageSize: String(PAGE_SIZE) });
    const where = { ...origin, status };
    if (page === 1 && Array.isArray(json)) {
      return json.map((item, i) => parseResponse(itemSchema, item, where, `[${i}]`));
    }
    const envelope = parseResponse(pageEnvelopeSchema, json, where);
    if (envelope.page !== undefined && envelope.page !== page) {
      throw invalidResponse(where, 'page', `is ${envelope.page}, expected ${page}`);
    }
    const prefix = page === 1 ? 'data' : `page${page}.data`;
    envelope.data.forEach((item, i) => {
      items.push(parseResponse(itemSchema, item, where, `${prefix}[${i}]`));
    });
    if (!envelope.hasNextPage) return items;
    if (envelope.data.length === 0) {
      throw invalidResponse(where, 'data', 'is empty while hasNextPage is true');
    }
  }
  throw new TokenizedApiError(TOKENIZED_API_ERROR__TOO_MANY_PAGES, { ...origin, maxPages });
}
