/**
 * The SDK's own error catalogue: one class, stable numeric codes, a typed context per code and a
 * message template per code. Program (on-chain) errors are a separate, decoded kind: see
 * `program-error.ts`.
 */

/**
 * Input that is not a decimal amount the SDK accepts.
 *
 * @example
 * SDK_ERROR__INVALID_DECIMAL_AMOUNT; // 1
 */
export const SDK_ERROR__INVALID_DECIMAL_AMOUNT = 1;
/**
 * A raw amount outside `0..2^64-1`.
 *
 * @example
 * SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE; // 2
 */
export const SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE = 2;
/**
 * A ScaledUiAmount multiplier that is not a finite positive `f64` in the supported range.
 *
 * @example
 * SDK_ERROR__INVALID_MULTIPLIER; // 3
 */
export const SDK_ERROR__INVALID_MULTIPLIER = 3;
/**
 * A token `decimals` value outside `0..=255` or not an integer.
 *
 * @example
 * SDK_ERROR__INVALID_DECIMALS; // 4
 */
export const SDK_ERROR__INVALID_DECIMALS = 4;
/**
 * An account the caller required does not exist.
 *
 * @example
 * SDK_ERROR__ACCOUNT_NOT_FOUND; // 5
 */
export const SDK_ERROR__ACCOUNT_NOT_FOUND = 5;
/**
 * An account's data could not be decoded as the expected type.
 *
 * @example
 * SDK_ERROR__ACCOUNT_DECODE_FAILED; // 6
 */
export const SDK_ERROR__ACCOUNT_DECODE_FAILED = 6;
/**
 * A compute-unit table has no entry for an instruction.
 *
 * @example
 * SDK_ERROR__UNKNOWN_COMPUTE_COST; // 7
 */
export const SDK_ERROR__UNKNOWN_COMPUTE_COST = 7;
/**
 * Share math overflowed `u64` or divided by zero, where the program fails with `MathOverflow`.
 *
 * @example
 * SDK_ERROR__MATH_OVERFLOW; // 8
 */
export const SDK_ERROR__MATH_OVERFLOW = 8;
/**
 * A mint's transfer-hook extra-account-meta list uses a form the SDK does not resolve
 * (account-data seeds, an unknown meta kind).
 *
 * @example
 * SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED; // 9
 */
export const SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED = 9;
/**
 * More transfer-hook accounts than the vault forwards to one transfer (8).
 *
 * @example
 * SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS; // 10
 */
export const SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS = 10;
/**
 * An in-kind withdrawal would not pay some slices (frozen holding, paused mint, frozen
 * destination): refused unless the caller accepts forfeiting them; `begin_redemption` keeps
 * them owed instead.
 *
 * @example
 * SDK_ERROR__IN_KIND_SLOTS_NOT_PAID; // 11
 */
export const SDK_ERROR__IN_KIND_SLOTS_NOT_PAID = 11;

/**
 * Context carried by each SDK error code.
 *
 * @example
 * const context: SdkErrorContext[typeof SDK_ERROR__INVALID_DECIMALS] = { decimals: 300 };
 */
export interface SdkErrorContext {
  [SDK_ERROR__INVALID_DECIMAL_AMOUNT]: { value: string; reason: string };
  [SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE]: { value: bigint };
  [SDK_ERROR__INVALID_MULTIPLIER]: { value: number };
  [SDK_ERROR__INVALID_DECIMALS]: { decimals: number };
  [SDK_ERROR__ACCOUNT_NOT_FOUND]: { address: string };
  [SDK_ERROR__ACCOUNT_DECODE_FAILED]: { address: string; reason: string };
  [SDK_ERROR__UNKNOWN_COMPUTE_COST]: { instruction: string };
  [SDK_ERROR__MATH_OVERFLOW]: { operation: string };
  [SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED]: { reason: string };
  [SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS]: { count: number; max: number };
  [SDK_ERROR__IN_KIND_SLOTS_NOT_PAID]: {
    slots: readonly {
      slot: number;
      mint: string;
      reason: 'HoldingFrozen' | 'MintPaused' | 'DestinationFrozen';
      amountRaw: bigint;
    }[];
    /** Whether `acceptUnpaidSlots: true` lets the withdrawal land (no frozen destination). */
    acceptable: boolean;
  };
}

/**
 * One of the SDK's stable error codes.
 *
 * @example
 * const code: SdkErrorCode = SDK_ERROR__INVALID_MULTIPLIER;
 */
export type SdkErrorCode = keyof SdkErrorContext;

const MESSAGES: { [C in SdkErrorCode]: (context: SdkErrorContext[C]) => string } = {
  [SDK_ERROR__INVALID_DECIMAL_AMOUNT]: (c) =>
    `${JSON.stringify(c.value)} is not a valid amount: ${c.reason}`,
  [SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE]: (c) =>
    `raw amount ${c.value} is outside the u64 range 0..18446744073709551615`,
  [SDK_ERROR__INVALID_MULTIPLIER]: (c) =>
    `ScaledUiAmount multiplier ${c.value} is not a finite positive number in the supported range`,
  [SDK_ERROR__INVALID_DECIMALS]: (c) => `token decimals ${c.decimals} must be an integer 0-255`,
  [SDK_ERROR__ACCOUNT_NOT_FOUND]: (c) => `account ${c.address} does not exist`,
  [SDK_ERROR__ACCOUNT_DECODE_FAILED]: (c) =>
    `account ${c.address} could not be decoded: ${c.reason}`,
  [SDK_ERROR__UNKNOWN_COMPUTE_COST]: (c) =>
    `no measured compute-unit cost for instruction ${JSON.stringify(c.instruction)}`,
  [SDK_ERROR__MATH_OVERFLOW]: (c) =>
    `${c.operation} overflows u64 or divides by zero (the program fails with MathOverflow)`,
  [SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED]: (c) =>
    `the mint's transfer-hook extra accounts cannot be resolved: ${c.reason}`,
  [SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS]: (c) =>
    `${c.count} transfer-hook accounts: the vault forwards at most ${c.max} to one transfer`,
  [SDK_ERROR__IN_KIND_SLOTS_NOT_PAID]: (c) =>
    `withdraw_in_kind would not pay ${c.slots
      .map((s) => `slot ${s.slot} (${s.mint}, ${s.reason}, ${s.amountRaw} raw)`)
      .join(', ')}: ${
      c.acceptable
        ? 'those slices would stay with the other holders; pass acceptUnpaidSlots: true to forfeit them'
        : 'a frozen destination fails the whole withdrawal'
    }, or redeem with begin_redemption instead (the redemption claim keeps each slot owed until it can move)`,
};

/**
 * Every error the SDK itself throws. Match on `code` with the `SDK_ERROR__*` constants (or
 * {@link isSdkError}), never on the message.
 *
 * @example
 * try {
 *   parseDecimalAmount('1,5', 6);
 * } catch (e) {
 *   if (isSdkError(e, SDK_ERROR__INVALID_DECIMAL_AMOUNT)) showInputHint(e.context.reason);
 * }
 */
export class SdkError<C extends SdkErrorCode = SdkErrorCode> extends Error {
  readonly code: C;
  readonly context: SdkErrorContext[C];

  constructor(code: C, context: SdkErrorContext[C]) {
    super(MESSAGES[code](context));
    this.name = 'SdkError';
    this.code = code;
    this.context = context;
  }
}

/**
 * Whether `error` is an {@link SdkError}, optionally with the given code.
 *
 * @example
 * if (isSdkError(e, SDK_ERROR__ACCOUNT_NOT_FOUND)) console.log(e.context.address);
 */
export function isSdkError<C extends SdkErrorCode>(error: unknown, code?: C): error is SdkError<C> {
  return error instanceof SdkError && (code === undefined || error.code === code);
}
