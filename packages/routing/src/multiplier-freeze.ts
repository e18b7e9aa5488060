import { type Instant, toEpochMillis } from '@basket/market-calendar';
import { InvalidMultiplierStateError } from './errors.ts';
import {
  type ExactDecimal,
  exactDecimalEquals,
  exactDecimalFromScaled,
  formatExactDecimal,
  isZeroDecimal,
  parseExactDecimal,
} from './exact-decimal.ts';

/**
 * The multiplier freeze window (spec, Limits): 1 h before activation, in milliseconds.
 *
 * @example
 * MULTIPLIER_FREEZE_WINDOW_MS; // 3600000
 */
export const MULTIPLIER_FREEZE_WINDOW_MS = 3_600_000;

/**
 * Why a multiplier changes (tokenized-asset API, Multiplier state).
 *
 * @example
 * const reason: MultiplierChangeReason = 'Split';
 */
export type MultiplierChangeReason =
  | 'FeeAccrual'
  | 'Dividend'
  | 'Split'
  | 'ReverseSplit'
  | 'Administrative';

const REASONS: readonly MultiplierChangeReason[] = [
  'FeeAccrual',
  'Dividend',
  'Split',
  'ReverseSplit',
  'Administrative',
];

/**
 * The polled multiplier state of one asset. Multipliers are exact decimal strings as the API sends
 * them; `activationDateTime` is null when no change is scheduled.
 *
 * @example
 * const state: MultiplierState = {
 *   currentMultiplier: '1.00000000',
 *   newMultiplier: '2.00000000',
 *   activationDateTime: new Date('2026-06-01T13:30:00Z'),
 *   reason: 'Split',
 * };
 */
export interface MultiplierState {
  readonly currentMultiplier: string;
  readonly newMultiplier: string;
  readonly activationDateTime: Date | null;
  readonly reason: MultiplierChangeReason | null;
}

/**
 * The multiplier the oracle snapshot holds: a decimal string, or a scaled integer
 * `raw / 10^decimals`.
 *
 * @example
 * const onChain: OnChainMultiplier = { raw: 100_000_000n, decimals: 8 };
 */
export type OnChainMultiplier = string | { readonly raw: bigint; readonly decimals: number };

/**
 * Where an asset stands with respect to a multiplier change:
 * - open: `NoChangePending`, `ChangeUnscheduled` (new differs, no activation time),
 *   `ChangeScheduled` (activation 1 h or more away), `Settled` (on-chain equals the new multiplier
 *   once inside the window);
 * - frozen: `FreezeWindow` (activation less than 1 h ahead), `AwaitingSettlement` (activation
 *   passed, on-chain not yet updated), `OnChainMismatch` (outside any window the on-chain
 *   multiplier differs from the API's current one, such as just after the API rolled over).
 *
 * @example
 * const status: MultiplierFreezeStatus = 'FreezeWindow';
 */
export type MultiplierFreezeStatus =
  | 'NoChangePending'
  | 'ChangeUnscheduled'
  | 'ChangeScheduled'
  | 'Settled'
  | 'FreezeWindow'
  | 'AwaitingSettlement'
  | 'OnChainMismatch';

/**
 * The freeze decision for new deposits and withdrawals of one asset, with what the UI banner shows.
 *
 * @example
 * const decision: MultiplierFreezeDecision = decideMultiplierFreeze(input);
 * if (decision.frozen) showBanner(decision.reason, decision.activationDateTime);
 */
export interface MultiplierFreezeDecision {
  readonly frozen: boolean;
  readonly status: MultiplierFreezeStatus;
  readonly reason: MultiplierChangeReason | null;
  readonly activationDateTime: Date | null;
  /** When the freeze starts (activation - 1 h) for a change scheduled further ahead, else null. */
  readonly freezesAt: Date | null;
  /** Multipliers in shortest exact form. */
  readonly currentMultiplier: string;
  readonly newMultiplier: string;
  readonly onChainMultiplier: string;
  readonly message: string;
}

/**
 * Input of {@link decideMultiplierFreeze}.
 *
 * @example
 * const input: MultiplierFreezeInput = { state, now: Date.now(), onChainMultiplier: '1.0' };
 */
export interface MultiplierFreezeInput {
  readonly state: MultiplierState;
  readonly now: Instant;
  readonly onChainMultiplier: OnChainMultiplier;
}

/**
 * The multiplier freeze decision (spec, States and transitions): when newMultiplier differs
 * from currentMultiplier (compared exactly) and activationDateTime - now < 1 h (strictly; that
 * includes an activation already past), new deposits and withdrawals are frozen until the on-chain
 * multiplier equals newMultiplier (settled). Outside a freeze window, the asset is frozen too when
 * the on-chain multiplier differs from currentMultiplier, so the gap between the API rolling over
 * and the keeper's push stays frozen.
 *
 * @throws {InvalidDecimalError} for a malformed multiplier.
 * @throws {InvalidMultiplierStateError} for a zero multiplier, an invalid activation time or an
 *   unknown reason.
 * @example
 * decideMultiplierFreeze({
 *   state: { currentMultiplier: '1.00000000', newMultiplier: '2.00000000',
 *     activationDateTime: new Date('2026-06-01T13:30:00Z'), reason: 'Split' },
 *   now: new Date('2026-06-01T13:00:00Z'),
 *   onChainMultiplier: '1',
 * }).status; // 'FreezeWindow'
 */
export function decideMultiplierFreeze(input: MultiplierFreezeInput): MultiplierFreezeDecision {
  const { state } = input;
  if (typeof state !== 'object' || state === null) {
    throw new InvalidMultiplierStateError('(state)', 'must be an object', state);
  }
  const current = positive(state.currentMultiplier, 'currentMultiplier');
  const next = positive(state.newMultiplier, 'newMultiplier');
  const onChain = onChainValue(input.onChainMultiplier);
  const activation = activationMillis(state.activationDateTime);
  const reason = validReason(state.reason);
  const now = toEpochMillis(input.now);

  const shown = {
    reason,
    activationDateTime: activation === null ? null : new Date(activation),
    currentMultiplier: formatExactDecimal(current),
    newMultiplier: formatExactDecimal(next),
    onChainMultiplier: formatExactDecimal(onChain),
  };
  const pending = !exactDecimalEquals(current, next);
  const inWindow = pending && activation !== null && activation - now < MULTIPLIER_FREEZE_WINDOW_MS;

  if (inWindow) {
    if (exactDecimalEquals(onChain, next)) {
      return open(shown, 'Settled', null, `On-chain multiplier settled at ${shown.newMultiplier}.`);
    }
    const status = activation > now ? 'FreezeWindow' : 'AwaitingSettlement';
    return {
      ...shown,
      frozen: true,
      status,
      freezesAt: null,
      message:
        `Deposits and withdrawals are frozen: multiplier ${shown.currentMultiplier} -> ` +
        `${shown.newMultiplier} (${reason ?? 'no reason given'}) activates at ` +
        `${shown.activationDateTime?.toISOString()}` +
        (status === 'AwaitingSettlement' ? '; waiting for the on-chain update.' : '.'),
    };
  }
  if (!exactDecimalEquals(onChain, current)) {
    return {
      ...shown,
      frozen: true,
      status: 'OnChainMismatch',
      freezesAt: null,
      message:
        `Deposits and withdrawals are frozen: the on-chain multiplier ${shown.onChainMultiplier} ` +
        `differs from the current multiplier ${shown.currentMultiplier}.`,
    };
  }
  if (!pending) return open(shown, 'NoChangePending', null, 'No multiplier change is pending.');
  if (activation === null) {
    return open(shown, 'ChangeUnscheduled', null, 'A multiplier change has no activation time.');
  }
  const freezesAt = new Date(activation - MULTIPLIER_FREEZE_WINDOW_MS);
  return open(
    shown,
    'ChangeScheduled',
    freezesAt,
    `Multiplier change scheduled; deposits and withdrawals freeze at ${freezesAt.toISOString()}.`,
  );
}

type Shown = Omit<MultiplierFreezeDecision, 'frozen' | 'status' | 'freezesAt' | 'message'>;

function open(
  shown: Shown,
  status: MultiplierFreezeStatus,
  freezesAt: Date | null,
  message: string,
): MultiplierFreezeDecision {
  return { ...shown, frozen: false, status, freezesAt, message };
}

function positive(value: string, field: string): ExactDecimal {
  const parsed = parseExactDecimal(value, field);
  if (isZeroDecimal(parsed))
    throw new InvalidMultiplierStateError(field, 'must be positive', value);
  return parsed;
}

function onChainValue(value: OnChainMultiplier): ExactDecimal {
  const parsed =
    typeof value === 'object' && value !== null
      ? exactDecimalFromScaled(value.raw, value.decimals, 'onChainMultiplier')
      : parseExactDecimal(value, 'onChainMultiplier');
  if (isZeroDecimal(parsed)) {
    throw new InvalidMultiplierStateError('onChainMultiplier', 'must be positive', value);
  }
  return parsed;
}

function activationMillis(value: Date | null): number | null {
  if (value === null) return null;
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidMultiplierStateError(
      'activationDateTime',
      'must be a valid Date or null',
      value,
    );
  }
  return value.getTime();
}

function validReason(value: MultiplierChangeReason | null): MultiplierChangeReason | null {
  if (value === null || REASONS.includes(value)) return value;
  throw new InvalidMultiplierStateError('reason', `must be one of ${REASONS.join(', ')}`, value);
}
