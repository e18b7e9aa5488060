import type { TokenizedApiError } from './errors.ts';
import type { RetrySafety } from './retry-safety.ts';
import type { UpstreamError } from './upstream-error.ts';

/*
 * What one call asks of the transport. Its own module so that the transport and the
 * attempt-outcome rules can both depend on it without depending on each other.
 */

/** One logical call; the transport makes up to `retry.maxAttempts` attempts of it. */
export type RequestSpec = Readonly<{
  operation: string;
  method: 'GET' | 'POST';
  /** Filled path relative to the base URL, e.g. `/public/assets/AAPLx`. */
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  safety: RetrySafety;
  signal?: AbortSignal;
  /** Lets an operation turn a final non-2xx answer into its own error. */
  interpretFailure?: (status: number, upstream: UpstreamError) => TokenizedApiError | null;
}>;
