/**
 * The tokenized-stock issuer's FeeAccrual: a management fee charged by decaying each mint's
 * ScaledUiAmount multiplier in steps (the API reports each step as a multiplier change with
 * reason `FeeAccrual`; the simulator and the issuer step daily at 00:00 UTC). One step of
 * `stepSecs` at `bpsPerYear` multiplies the multiplier by
 * `(BPS x SECONDS_PER_YEAR - bpsPerYear x stepSecs) / (BPS x SECONDS_PER_YEAR)`, which for a
 * daily step is `1 - bpsPerYear / 3,650,000`. The API does not publish the rate itself, so it
 * is read back from a FeeAccrual change (`previousMultiplier` -> `newMultiplier`).
 */

import { BPS, SECONDS_PER_YEAR } from './share-math.ts';

/**
 * Seconds between two FeeAccrual steps of the issuer (one day).
 *
 * @example
 * FEE_ACCRUAL_STEP_SECS; // 86_400n
 */
export const FEE_ACCRUAL_STEP_SECS = 86_400n;

/**
 * A decimal as the tokenized-asset API client returns it (`{ value, scale }`), or its string.
 *
 * @example
 * const m: ApiDecimal = { value: 99_999_315n, scale: 8 }; // 0.99999315
 */
export type ApiDecimal = string | { readonly value: bigint; readonly scale: number };

/**
 * One mint's FeeAccrual schedule for a projection.
 *
 * @example
 * const schedule: FeeAccrualSchedule = { bpsPerYear: 25 }; // daily steps at 00:00 UTC
 */
export interface FeeAccrualSchedule {
  /** The issuer's fee rate in basis points a year (0-10,000). */
  readonly bpsPerYear: number;
  /** Seconds between steps (default one day); at least 60. */
  readonly stepSecs?: bigint;
  /**
   * Unix seconds of a step (the API's `activationDateTime` of a pending FeeAccrual change);
   * steps follow every `stepSecs` from it. Default: multiples of `stepSecs` (00:00 UTC for
   * days). A time at or before the quote's counts from the next step after it.
   */
  readonly firstStepAt?: bigint;
}

/**
 * The exact factor one step multiplies the multiplier by, as `num / den`.
 *
 * @throws {RangeError} for a rate outside 0-10,000 bps or a step under 60 s or over a year.
 * @example
 * feeAccrualStepFactor({ bpsPerYear: 25 }); // { num: 315_357_840_000n, den: 315_360_000_000n }
 */
export function feeAccrualStepFactor(schedule: FeeAccrualSchedule): { num: bigint; den: bigint } {
  const step = schedule.stepSecs ?? FEE_ACCRUAL_STEP_SECS;
  if (
    !Number.isInteger(schedule.bpsPerYear) ||
    schedule.bpsPerYear < 0 ||
    schedule.bpsPerYear > 10_000
  ) {
    throw new RangeError(`FeeAccrual rate ${schedule.bpsPerYear} bps a year is outside 0-10,000`);
  }
  if (step < 60n || step > SECONDS_PER_YEAR) {
    throw new RangeError(`FeeAccrual step ${step} s is outside 60 s - one year`);
  }
  const den = BPS * SECONDS_PER_YEAR;
  return { num: den - BigInt(schedule.bpsPerYear) * step, den };
}

/**
 * Steps of `schedule` in `(from, at]` (a step at exactly `at` counts: a multiplier is in
 * force from its effective timestamp on).
 *
 * @example
 * feeAccrualSteps({ bpsPerYear: 25 }, 0n, 86_400n * 3n); // 3
 */
export function feeAccrualSteps(schedule: FeeAccrualSchedule, from: bigint, at: bigint): bigint {
  const step = schedule.stepSecs ?? FEE_ACCRUAL_STEP_SECS;
  let first = schedule.firstStepAt ?? (from / step + 1n) * step;
  // An activation already past (the API announced it before `from`): the next step of the
  // same cadence is the first one still ahead.
  if (first <= from) first += ((from - first) / step + 1n) * step;
  return at < first ? 0n : (at - first) / step + 1n;
}

function toRational(value: ApiDecimal): { num: bigint; den: bigint } {
  if (typeof value !== 'string') return { num: value.value, den: 10n ** BigInt(value.scale) };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new RangeError(`${JSON.stringify(value)} is not a non-negative decimal`);
  const fraction = match[2] ?? '';
  return { num: BigInt((match[1] ?? '0') + fraction), den: 10n ** BigInt(fraction.length) };
}

/**
 * The rate in bps a year implied by one FeeAccrual change (a history item or a pending
 * multiplier state), rounded to the nearest bp: `(previous - next) / previous x BPS x YEAR /
 * stepSecs`. The API's 8-decimal multipliers are truncated, so one step carries about
 * `1e-8 / previous` of noise: at 25 bps a year a daily step reads 25.0025.
 *
 * @example
 * feeAccrualBpsPerYear({ previousMultiplier: '1.00000000', newMultiplier: '0.99999315' }); // 25
 */
export function feeAccrualBpsPerYear(
  change: { readonly previousMultiplier: ApiDecimal; readonly newMultiplier: ApiDecimal },
  stepSecs: bigint = FEE_ACCRUAL_STEP_SECS,
): number {
  const prev = toRational(change.previousMultiplier);
  const next = toRational(change.newMultiplier);
  if (prev.num === 0n) throw new RangeError('previous multiplier is zero');
  // (1 - next/prev) x BPS x YEAR / step = (prev - next) / prev x ...
  const num = (prev.num * next.den - next.num * prev.den) * BPS * SECONDS_PER_YEAR;
  const den = prev.num * next.den * stepSecs;
  if (num < 0n) throw new RangeError('the multiplier grew: not a FeeAccrual decay');
  return Number((2n * num + den) / (2n * den));
}

/**
 * A {@link FeeAccrualSchedule} from the API's multiplier state of a mint when its pending
 * change is a FeeAccrual step (rate from current -> new, first step at its activation time),
 * else `null`.
 *
 * @example
 * const schedule = feeAccrualScheduleFromState(await api.getMultiplier('AAPLx'));
 */
export function feeAccrualScheduleFromState(state: {
  readonly currentMultiplier: ApiDecimal;
  readonly newMultiplier: ApiDecimal;
  readonly activationDateTime: Date | null;
  readonly reason: string | null;
}): FeeAccrualSchedule | null {
  if (state.reason !== 'FeeAccrual' || state.activationDateTime === null) return null;
  return {
    bpsPerYear: feeAccrualBpsPerYear({
      previousMultiplier: state.currentMultiplier,
      newMultiplier: state.newMultiplier,
    }),
    firstStepAt: BigInt(Math.ceil(state.activationDateTime.getTime() / 1000)),
  };
}

/**
 * A value-neutral multiplier change (split, reverse split, dividend as a multiplier): from
 * `at` on the multiplier is multiplied by `num / den` and the price per token divided by it, so
 * `raw x multiplier x price` is unchanged.
 *
 * @example
 * const split: MultiplierAction = { at: 1_795_478_400n, num: 2n, den: 1n };
 */
export interface MultiplierAction {
  readonly at: bigint;
  readonly num: bigint;
  readonly den: bigint;
}

/**
 * The {@link MultiplierAction} of a pending corporate action in the API's multiplier state
 * (Split, ReverseSplit, Dividend: current -> new at its activation), or `null` for none, a
 * FeeAccrual step (see {@link feeAccrualScheduleFromState}) or an Administrative change (whose
 * effect on value the API does not state).
 *
 * @example
 * multiplierActionFromState({ currentMultiplier: '1.0', newMultiplier: '2.0', activationDateTime: new Date(0), reason: 'Split' });
 * // { at: 0n, num: 20n, den: 10n }
 */
export function multiplierActionFromState(state: {
  readonly currentMultiplier: ApiDecimal;
  readonly newMultiplier: ApiDecimal;
  readonly activationDateTime: Date | null;
  readonly reason: string | null;
}): MultiplierAction | null {
  const valueNeutral = ['Split', 'ReverseSplit', 'Dividend'];
  if (!valueNeutral.includes(state.reason ?? '') || state.activationDateTime === null) return null;
  const current = toRational(state.currentMultiplier);
  const next = toRational(state.newMultiplier);
  if (current.num === 0n || next.num === 0n) throw new RangeError('a multiplier is zero');
  return {
    at: BigInt(Math.ceil(state.activationDateTime.getTime() / 1000)),
    num: next.num * current.den,
    den: current.num * next.den,
  };
}
