import { redactSecrets } from './errors.ts';

/** What the client keeps of an upstream error body (spec: "error body shape: not shown"). */
export type UpstreamError = Readonly<{
  code: string | null;
  message: string | null;
  /** Scalar members of `details` only (e.g. `quoteId`); nested values are dropped. */
  details: Readonly<Record<string, string | number | boolean>>;
}>;

const MAX_TEXT = 300;

/**
 * Reads an error body leniently: `{ "error": { "code", "message", "details" } }` (the shape
 * the simulator uses and docs/decisions/0323-error-body-shape.md records), a flat `{ "code", "message" }`, or
 * anything else (all fields `null`). Text is truncated, stripped of control characters and
 * redacted of `secrets`, so an upstream that echoes the key cannot leak it into an error.
 *
 * @example
 * ```ts
 * parseUpstreamError('{"error":{"code":"LimitExceeded","message":"daily limit"}}', []);
 * // { code: 'LimitExceeded', message: 'daily limit', details: {} }
 * ```
 */
export function parseUpstreamError(body: string, secrets: readonly string[]): UpstreamError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { code: null, message: null, details: {} };
  }
  const outer = asRecord(parsed);
  const inner = asRecord(outer?.error) ?? outer;
  if (inner === null) return { code: null, message: null, details: {} };
  const details: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(asRecord(inner.details) ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,40}$/.test(key)) continue;
    if (typeof value === 'string') details[key] = clean(value, secrets);
    else if (typeof value === 'number' || typeof value === 'boolean') details[key] = value;
  }
  return {
    code: typeof inner.code === 'string' ? clean(inner.code, secrets) : null,
    message: typeof inner.message === 'string' ? clean(inner.message, secrets) : null,
    details,
  };
}

function clean(text: string, secrets: readonly string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const printable = redactSecrets(text, secrets).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return printable.length > MAX_TEXT ? `${printable.slice(0, MAX_TEXT)}…` : printable;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
