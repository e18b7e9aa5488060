/** What a handler answers; the server serialises it. */
export type SimResponse = Readonly<{
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
}>;

/**
 * A JSON success answer.
 *
 * @example
 * ```ts
 * return ok({ symbol: 'AAPLx' });
 * ```
 */
export function ok(body: unknown): SimResponse {
  return { status: 200, body };
}

/**
 * An error in the shape the simulator uses for every failure (recorded in docs/decisions/0323-error-body-shape.md):
 * `{ "error": { "code", "message", "field"?, "details"? } }`.
 *
 * @example
 * ```ts
 * return apiError(404, 'AssetNotFound', 'no asset with this symbol');
 * ```
 */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: Readonly<{
    field?: string;
    details?: Record<string, unknown>;
    headers?: Record<string, string>;
  }> = {},
): SimResponse {
  const error: Record<string, unknown> = { code, message };
  if (extra.field !== undefined) error.field = extra.field;
  if (extra.details !== undefined) error.details = extra.details;
  return { status, body: { error }, ...(extra.headers ? { headers: extra.headers } : {}) };
}

/**
 * Serves one page of `items` as `{ data, page, pageSize, hasNextPage, totalItems }`. `page`
 * starts at 1; `pageSize` defaults to and is capped at `maxPageSize`.
 *
 * @example
 * ```ts
 * return paginate(assets, query, 50);
 * ```
 */
export function paginate(
  items: readonly unknown[],
  query: URLSearchParams,
  maxPageSize: number,
): SimResponse {
  const page = positiveInt(query.get('page'), 1);
  const requested = positiveInt(query.get('pageSize'), maxPageSize);
  if (page === null)
    return apiError(400, 'InvalidQuery', 'page must be a positive integer', { field: 'page' });
  if (requested === null) {
    return apiError(400, 'InvalidQuery', 'pageSize must be a positive integer', {
      field: 'pageSize',
    });
  }
  const pageSize = Math.min(requested, maxPageSize);
  const start = (page - 1) * pageSize;
  return ok({
    data: items.slice(start, start + pageSize),
    page,
    pageSize,
    hasNextPage: start + pageSize < items.length,
    totalItems: items.length,
  });
}

function positiveInt(text: string | null, fallback: number): number | null {
  if (text === null) return fallback;
  if (!/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}
