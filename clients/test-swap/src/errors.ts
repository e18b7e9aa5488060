/**
 * The venue's custom error codes (`programs/test-swap/src/error.rs`, append-only). Codes
 * 100-199 are the shared checks of `basket-common` (for example 117 NotEnoughAccounts).
 *
 * @example
 * expect(result.customError).toBe(TestSwapError.SlippageExceeded);
 */
export const TestSwapError = {
  WrongProgramId: 9000,
  FeeTooHigh: 9001,
  SameMint: 9002,
  InvalidVault: 9003,
  PoolAccountMismatch: 9004,
  NotPoolOwner: 9005,
  ZeroAmount: 9006,
  EmptyPool: 9007,
  ZeroAmountOut: 9008,
  SlippageExceeded: 9009,
  InvalidDirection: 9010,
  UnsupportedMint: 9011,
  TooManyExtraAccounts: 9012,
  InvalidUserAccount: 9013,
} as const;

/** A venue error name. */
export type TestSwapErrorName = keyof typeof TestSwapError;

/**
 * The name of a venue error code, or `undefined` for a code the venue does not define.
 *
 * @example
 * testSwapErrorName(9009); // 'SlippageExceeded'
 */
export function testSwapErrorName(code: number): TestSwapErrorName | undefined {
  const entry = Object.entries(TestSwapError).find(([, c]) => c === code);
  return entry?.[0] as TestSwapErrorName | undefined;
}
