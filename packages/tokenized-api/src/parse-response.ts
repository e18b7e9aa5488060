import type { z } from 'zod';
import { TOKENIZED_API_ERROR__INVALID_RESPONSE, TokenizedApiError } from './errors.ts';

/** Where a body came from, for error messages. */
export type ResponseOrigin = Readonly<{ operation: string; path: string; status: number }>;

/**
 * Parses `json` with `schema`; on failure throws `INVALID_RESPONSE` naming the endpoint and
 * the first offending field (`deployments[0].mintAddress`), prefixed by `fieldPrefix` (used
 * for list items, e.g. `data[3]`). The reason never quotes the received value.
 *
 * @example
 * ```ts
 * const state = parseResponse(multiplierStateSchema, json, origin);
 * ```
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  json: unknown,
  origin: ResponseOrigin,
  fieldPrefix = '',
): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = formatPath([...(fieldPrefix === '' ? [] : [fieldPrefix]), ...(issue?.path ?? [])]);
  throw invalidResponse(origin, path, describeIssue(issue, json));
}

/**
 * Builds an `INVALID_RESPONSE` error.
 *
 * @example
 * ```ts
 * throw invalidResponse(origin, 'symbol', 'does not match the requested symbol');
 * ```
 */
export function invalidResponse(
  origin: ResponseOrigin,
  field: string,
  reason: string,
): TokenizedApiError {
  return new TokenizedApiError(TOKENIZED_API_ERROR__INVALID_RESPONSE, {
    ...origin,
    field: field === '' ? '(body)' : field,
    reason,
  });
}

function describeIssue(issue: z.core.$ZodIssue | undefined, json: unknown): string {
  if (issue === undefined) return 'is invalid';
  if (issue.code === 'invalid_type') {
    return valueAt(json, issue.path) === undefined
      ? 'is missing'
      : `is not of type ${issue.expected}`;
  }
  if (issue.code === 'invalid_value') return 'is not one of the allowed values';
  if (issue.code === 'custom') return issue.message;
  if (issue.code === 'too_small' || issue.code === 'too_big') return 'is out of range';
  if (issue.code === 'invalid_format') return 'has an invalid format';
  return 'is invalid';
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = json;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}
