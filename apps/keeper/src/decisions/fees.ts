// When the permissionless fee collections are worth sending: the management fee once a day
// when shares are owed, the performance fee when the SDK's quote says it is due and pays.
import { FEE_ACCRUAL_STEP_SECS } from '@basket/sdk';

/**
 * The management fee is due once a whole accrual step (a day) has passed since the last
 * collection and something is owed; collecting earlier only spends a transaction.
 *
 * @example
 * mgmtFeeDue({ lastMgmtFeeTime: 0n, now: 86_400n, owedShares: 5n }); // true
 */
export function mgmtFeeDue(input: {
  lastMgmtFeeTime: bigint;
  now: bigint;
  owedShares: bigint;
}): boolean {
  return input.now - input.lastMgmtFeeTime >= FEE_ACCRUAL_STEP_SECS && input.owedShares > 0n;
}

/**
 * The performance fee is sent only when the SDK's quote accepts it and mints shares (the
 * program refuses before its 90-day period; below the high-water mark it would mint nothing).
 *
 * @example
 * perfFeeDue({ ok: true, feeShares: 12n, newHwmPps: 1n }); // true
 */
export function perfFeeDue(quote: { ok: boolean; feeShares?: bigint }): boolean {
  return quote.ok && (quote.feeShares ?? 0n) > 0n;
}
