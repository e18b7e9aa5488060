/**
 * The one error catalogue of the tokenized-asset API client.
 *
 * Codes are stable and append-only (range 7100-7199). Each code has a typed context and a
 * message template; `$name` in a template is replaced by `context.name`. No context ever
 * holds the API key: upstream text is redacted before it is stored (see `redactSecrets`).
 */

export const TOKENIZED_API_ERROR__INVALID_CONFIG = 7100;
export const TOKENIZED_API_ERROR__MISSING_API_KEY = 7101;
export const TOKENIZED_API_ERROR__INVALID_ARGUMENT = 7102;
export const TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST = 7103;
export const TOKENIZED_API_ERROR__INVALID_RESPONSE = 7104;
export const TOKENIZED_API_ERROR__HTTP_STATUS = 7105;
export const TOKENIZED_API_ERROR__RATE_LIMITED = 7106;
export const TOKENIZED_API_ERROR__TIMEOUT = 7107;
export const TOKENIZED_API_ERROR__NETWORK = 7108;
export const TOKENIZED_API_ERROR__ABORTED = 7109;
export const TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN = 7110;
export const TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE = 7111;
export const TOKENIZED_API_ERROR__TOO_MANY_PAGES = 7112;
export const TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT = 7113;

type HttpCall = { operation: string; method: string; path: string };

/** Typed context per error code. */
export interface TokenizedApiErrorContext {
  [TOKENIZED_API_ERROR__INVALID_CONFIG]: { variable: string; reason: string };
  [TOKENIZED_API_ERROR__MISSING_API_KEY]: { operation: string; path: string };
  [TOKENIZED_API_ERROR__INVALID_ARGUMENT]: { operation: string; argument: string; reason: string };
  [TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST]: { field: string; reason: string };
  [TOKENIZED_API_ERROR__INVALID_RESPONSE]: {
    operation: string;
    path: string;
    status: number;
    field: string;
    reason: string;
  };
  [TOKENIZED_API_ERROR__HTTP_STATUS]: HttpCall & {
    status: number;
    attempts: number;
    upstreamCode: string | null;
    upstreamMessage: string | null;
  };
  [TOKENIZED_API_ERROR__RATE_LIMITED]: HttpCall & { attempts: number; retryAfterMs: number | null };
  [TOKENIZED_API_ERROR__TIMEOUT]: HttpCall & { attempts: number; timeoutMs: number };
  [TOKENIZED_API_ERROR__NETWORK]: HttpCall & {
    attempts: number;
    phase: 'before-send' | 'unknown';
    reason: string;
  };
  [TOKENIZED_API_ERROR__ABORTED]: HttpCall & { attempts: number };
  [TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN]: HttpCall & {
    cause: 'timeout' | 'server-error' | 'connection-lost';
    status: number | null;
  };
  [TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE]: {
    quoteId: string;
    status: number;
    upstreamMessage: string | null;
  };
  [TOKENIZED_API_ERROR__TOO_MANY_PAGES]: { operation: string; path: string; maxPages: number };
  [TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT]: HttpCall & { status: number };
}

/** Any code of the catalogue. */
export type TokenizedApiErrorCode = keyof TokenizedApiErrorContext;

const MESSAGES: { readonly [C in TokenizedApiErrorCode]: string } = {
  [TOKENIZED_API_ERROR__INVALID_CONFIG]: 'Invalid configuration $variable: $reason.',
  [TOKENIZED_API_ERROR__MISSING_API_KEY]:
    '$operation calls $path, which requires an API key, but none is configured (set TOKENIZED_API_KEY); no request was sent.',
  [TOKENIZED_API_ERROR__INVALID_ARGUMENT]: 'Invalid argument $argument for $operation: $reason.',
  [TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST]:
    'Invalid RFQ request field $field: $reason; no request was sent.',
  [TOKENIZED_API_ERROR__INVALID_RESPONSE]:
    'Invalid response from $operation ($path, HTTP $status): field $field $reason.',
  [TOKENIZED_API_ERROR__HTTP_STATUS]:
    '$operation ($method $path) failed with HTTP $status after $attempts attempt(s).',
  [TOKENIZED_API_ERROR__RATE_LIMITED]:
    '$operation ($method $path) is rate limited (HTTP 429) after $attempts attempt(s).',
  [TOKENIZED_API_ERROR__TIMEOUT]:
    '$operation ($method $path) timed out after $timeoutMs ms on each of $attempts attempt(s).',
  [TOKENIZED_API_ERROR__NETWORK]:
    '$operation ($method $path) failed at the network level after $attempts attempt(s): $reason.',
  [TOKENIZED_API_ERROR__ABORTED]: '$operation ($method $path) was aborted by the caller.',
  [TOKENIZED_API_ERROR__RFQ_OUTCOME_UNKNOWN]:
    '$operation ($method $path) may have reached the server ($cause) and was not retried: a quote may exist; do not assume it failed.',
  [TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE]:
    'The upstream recorded quote $quoteId but returned no swap transaction (HTTP $status); poll getQuote for its status.',
  [TOKENIZED_API_ERROR__TOO_MANY_PAGES]:
    '$operation ($path) still reported a next page after $maxPages pages; stopped following.',
  [TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT]:
    '$operation ($method $path) answered with a redirect (HTTP $status), which is never followed.',
};

function renderMessage(template: string, context: Record<string, unknown>): string {
  return template.replace(/\$([a-zA-Z]+)/g, (whole, name: string) =>
    name in context ? String(context[name]) : whole,
  );
}

/**
 * The only error type thrown by this package.
 *
 * @example
 * ```ts
 * try {
 *   await client.getQuote(id);
 * } catch (error) {
 *   if (isTokenizedApiError(error, TOKENIZED_API_ERROR__HTTP_STATUS)) {
 *     console.log(error.context.status);
 *   }
 * }
 * ```
 */
export class TokenizedApiError<
  TCode extends TokenizedApiErrorCode = TokenizedApiErrorCode,
> extends Error {
  override readonly name = 'TokenizedApiError';
  readonly code: TCode;
  readonly context: Readonly<TokenizedApiErrorContext[TCode]>;

  constructor(code: TCode, context: TokenizedApiErrorContext[TCode]) {
    super(renderMessage(MESSAGES[code], context as Record<string, unknown>));
    this.code = code;
    this.context = Object.freeze({ ...context });
  }
}

/**
 * Type guard for catalogue errors, optionally narrowed to one code.
 *
 * @example
 * ```ts
 * if (isTokenizedApiError(error, TOKENIZED_API_ERROR__TIMEOUT)) retryLater();
 * ```
 */
export function isTokenizedApiError<TCode extends TokenizedApiErrorCode>(
  error: unknown,
  code?: TCode,
): error is TokenizedApiError<TCode> {
  return error instanceof TokenizedApiError && (code === undefined || error.code === code);
}

/**
 * Replaces every occurrence of each secret in `text` with `[REDACTED]`.
 *
 * @example
 * ```ts
 * redactSecrets('bad key abc123', ['abc123']); // 'bad key [REDACTED]'
 * ```
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join('[REDACTED]');
  }
  return out;
}
