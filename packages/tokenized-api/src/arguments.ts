import { NETWORK_PATTERN } from './client-options.ts';
import { TOKENIZED_API_ERROR__INVALID_ARGUMENT, TokenizedApiError } from './errors.ts';
import { symbolField } from './schemas/fields.ts';

/**
 * Validates a symbol argument (it becomes a path segment).
 *
 * @example
 * ```ts
 * checkSymbol('getPrice', 'AAPLx'); // 'AAPLx'
 * ```
 */
export function checkSymbol(operation: string, symbol: string): string {
  if (typeof symbol !== 'string' || !symbolField.safeParse(symbol).success) {
    throw invalidArgument(operation, 'symbol', 'is not a valid symbol');
  }
  return symbol;
}

/**
 * Validates a network name for the `network` query parameter.
 *
 * @example
 * ```ts
 * checkNetwork('getMultiplier', 'solana'); // 'solana'
 * ```
 */
export function checkNetwork(operation: string, network: string): string {
  if (typeof network !== 'string' || !NETWORK_PATTERN.test(network)) {
    throw invalidArgument(operation, 'network', 'is not a valid network name');
  }
  return network;
}

/**
 * The optional `symbol` filter of the corporate-action lists as a query.
 *
 * @example
 * ```ts
 * symbolQuery('getUpcomingCorpActions', { symbol: 'TSLAx' }); // { symbol: 'TSLAx' }
 * ```
 */
export function symbolQuery(
  operation: string,
  options: { symbol?: string } | undefined,
): Readonly<Record<string, string>> {
  return options?.symbol === undefined ? {} : { symbol: checkSymbol(operation, options.symbol) };
}

/**
 * Builds an `INVALID_ARGUMENT` error.
 *
 * @example
 * ```ts
 * throw invalidArgument('getQuote', 'id', 'is not a quote identifier');
 * ```
 */
export function invalidArgument(operation: string, argument: string, reason: string) {
  return new TokenizedApiError(TOKENIZED_API_ERROR__INVALID_ARGUMENT, {
    operation,
    argument,
    reason,
  });
}
