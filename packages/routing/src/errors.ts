/**
 * Error catalogue of the routing package: a stable string `code` and a typed `context` per error,
 * so callers match on `code` (or `instanceof`), never on message text.
 */

/**
 * Stable codes of every error this package throws.
 *
 * @example
 * if (error.code === ROUTING_ERROR_CODES.swapPreCommitRefused) fallBackToAggregator();
 */
export const ROUTING_ERROR_CODES = {
  invalidRoutingInput: 'ROUTING__INVALID_ROUTING_INPUT',
  invalidDecimal: 'ROUTING__INVALID_DECIMAL',
  invalidMultiplierState: 'ROUTING__INVALID_MULTIPLIER_STATE',
  swapPreCommitRefused: 'ROUTING__SWAP_PRE_COMMIT_REFUSED',
} as const;

/**
 * One of {@link ROUTING_ERROR_CODES}.
 *
 * @example
 * const code: RoutingErrorCode = 'ROUTING__INVALID_DECIMAL';
 */
export type RoutingErrorCode = (typeof ROUTING_ERROR_CODES)[keyof typeof ROUTING_ERROR_CODES];

/**
 * Base class of every error thrown by `@basket/routing`.
 *
 * @example
 * try {
 *   decideRoute(input);
 * } catch (error) {
 *   if (error instanceof RoutingError) console.log(error.code);
 * }
 */
export class RoutingError extends Error {
  readonly code: RoutingErrorCode;

  constructor(code: RoutingErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * A field of the routing input (tradable asset entry, system status, aggregator depth) had the
 * wrong type or value.
 *
 * @example
 * new InvalidRoutingInputError('status.isAtomicTradingHalted', 'must be a boolean', 'yes').message;
 */
export class InvalidRoutingInputError extends RoutingError {
  readonly context: { readonly field: string; readonly problem: string; readonly value: unknown };

  constructor(field: string, problem: string, value: unknown) {
    super(
      ROUTING_ERROR_CODES.invalidRoutingInput,
      `Routing input ${field} ${problem}; got ${describe(value)}.`,
    );
    this.context = { field, problem, value };
  }
}

/**
 * A decimal string was not a plain non-negative decimal (`123`, `1.00000000`), or a scaled integer
 * was negative or had a bad scale.
 *
 * @example
 * new InvalidDecimalError('newMultiplier', '1e-8').message;
 */
export class InvalidDecimalError extends RoutingError {
  readonly context: { readonly field: string; readonly value: unknown };

  constructor(field: string, value: unknown) {
    super(
      ROUTING_ERROR_CODES.invalidDecimal,
      `${field} must be a plain non-negative decimal such as "1.00000000"; got ${describe(value)}.`,
    );
    this.context = { field, value };
  }
}

/**
 * A multiplier state (or the on-chain multiplier) was unusable: a zero multiplier, an invalid
 * activation time or an unknown reason.
 *
 * @example
 * new InvalidMultiplierStateError('reason', 'is not a known reason', 'Merger').message;
 */
export class InvalidMultiplierStateError extends RoutingError {
  readonly context: { readonly field: string; readonly problem: string; readonly value: unknown };

  constructor(field: string, problem: string, value: unknown) {
    super(
      ROUTING_ERROR_CODES.invalidMultiplierState,
      `Multiplier state ${field} ${problem}; got ${describe(value)}.`,
    );
    this.context = { field, problem, value };
  }
}

/**
 * The keeper's pre-commit check refused a swap-route transaction.
 *
 * @example
 * try {
 *   assertSwapPreCommit(input);
 * } catch (error) {
 *   if (error instanceof SwapPreCommitRefusedError) console.log(error.context.code);
 * }
 */
export class SwapPreCommitRefusedError extends RoutingError {
  readonly context: { readonly symbol: string; readonly code: string; readonly detail: string };

  constructor(symbol: string, code: string, detail: string) {
    super(
      ROUTING_ERROR_CODES.swapPreCommitRefused,
      `Swap-route transaction for ${symbol} refused (${code}): ${detail}`,
    );
    this.context = { symbol, code, detail };
  }
}

function describe(value: unknown): string {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? 'an invalid Date' : `Date(${value.toISOString()})`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return String(value);
}
