import { describe, expect, it } from 'vitest';
import {
  decideMultiplierFreeze,
  InvalidDecimalError,
  InvalidMultiplierStateError,
  type MultiplierFreezeStatus,
  type MultiplierState,
  type OnChainMultiplier,
} from '../src/index.ts';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;

const ACTIVATIONS = {
  none: null,
  'in 2 h': NOW + 2 * HOUR,
  'in exactly 1 h': NOW + HOUR,
  'in 1 h minus 1 ms': NOW + HOUR - 1,
  'in 1 ms': NOW + 1,
  now: NOW,
  '1 ms ago': NOW - 1,
  '2 h ago': NOW - 2 * HOUR,
} as const;
type Activation = keyof typeof ACTIVATIONS;

// A pending 2-for-1 split: current "1.00000000", new "2.00000000".
// Columns: on-chain multiplier equal to current ("1"), to new ("2.0"), or to neither ("1.5").
const PENDING_TABLE: Record<
  Activation,
  readonly [MultiplierFreezeStatus, MultiplierFreezeStatus, MultiplierFreezeStatus]
> = {
  none: ['ChangeUnscheduled', 'OnChainMismatch', 'OnChainMismatch'],
  'in 2 h': ['ChangeScheduled', 'OnChainMismatch', 'OnChainMismatch'],
  'in exactly 1 h': ['ChangeScheduled', 'OnChainMismatch', 'OnChainMismatch'],
  'in 1 h minus 1 ms': ['FreezeWindow', 'Settled', 'FreezeWindow'],
  'in 1 ms': ['FreezeWindow', 'Settled', 'FreezeWindow'],
  now: ['AwaitingSettlement', 'Settled', 'AwaitingSettlement'],
  '1 ms ago': ['AwaitingSettlement', 'Settled', 'AwaitingSettlement'],
  '2 h ago': ['AwaitingSettlement', 'Settled', 'AwaitingSettlement'],
};

const FROZEN: ReadonlySet<MultiplierFreezeStatus> = new Set([
  'FreezeWindow',
  'AwaitingSettlement',
  'OnChainMismatch',
]);

const stateOf = (current: string, next: string, activation: number | null): MultiplierState => ({
  currentMultiplier: current,
  newMultiplier: next,
  activationDateTime: activation === null ? null : new Date(activation),
  reason: 'Split',
});

const ON_CHAIN = [
  ['current', '1'],
  ['new', '2.0'],
  ['neither', '1.5'],
] as const;

describe('multiplier freeze table: a change pending', () => {
  const rows = (Object.keys(PENDING_TABLE) as Activation[]).flatMap((activation) =>
    ON_CHAIN.map(([label, value], column) => ({
      activation,
      onChain: label,
      value,
      status: PENDING_TABLE[activation][column] as MultiplierFreezeStatus,
    })),
  );

  it.each(rows)('activation $activation, on-chain equals $onChain -> $status', (row) => {
    // Given a pending change and the on-chain multiplier of the row
    const decision = decideMultiplierFreeze({
      state: stateOf('1.00000000', '2.00000000', ACTIVATIONS[row.activation]),
      now: NOW,
      onChainMultiplier: row.value,
    });
    // Then the status and the frozen flag are the table's
    expect(decision.status).toBe(row.status);
    expect(decision.frozen).toBe(FROZEN.has(row.status));
  });
});

describe('multiplier freeze table: no change pending', () => {
  const rows = (Object.keys(ACTIVATIONS) as Activation[]).flatMap((activation) => [
    { activation, onChain: '1.0', status: 'NoChangePending' as const },
    { activation, onChain: '0.9999', status: 'OnChainMismatch' as const },
  ]);

  it.each(rows)('activation $activation, on-chain $onChain -> $status', (row) => {
    // Given current and new multipliers written differently but equal
    const decision = decideMultiplierFreeze({
      state: stateOf('1.00000000', '1', ACTIVATIONS[row.activation]),
      now: NOW,
      onChainMultiplier: row.onChain,
    });
    // Then no freeze window applies; only an on-chain mismatch freezes
    expect(decision.status).toBe(row.status);
    expect(decision.frozen).toBe(row.status === 'OnChainMismatch');
  });
});

describe('multiplier freeze details', () => {
  it('shows the reason and activation time while frozen', () => {
    // Given a dividend adjustment activating in 30 minutes
    const activation = new Date(NOW + 30 * 60_000);
    const decision = decideMultiplierFreeze({
      state: {
        currentMultiplier: '0.99500000',
        newMultiplier: '0.99000000',
        activationDateTime: activation,
        reason: 'Dividend',
      },
      now: new Date(NOW),
      onChainMultiplier: { raw: 99_500_000n, decimals: 8 },
    });
    // Then the banner fields are filled and multipliers are shown in shortest exact form
    expect(decision).toMatchObject({
      frozen: true,
      status: 'FreezeWindow',
      reason: 'Dividend',
      activationDateTime: activation,
      currentMultiplier: '0.995',
      newMultiplier: '0.99',
      onChainMultiplier: '0.995',
    });
    expect(decision.message).toContain('Dividend');
  });

  it('announces when a scheduled change will freeze', () => {
    // Given a change activating in 3 h
    const decision = decideMultiplierFreeze({
      state: stateOf('1', '2', NOW + 3 * HOUR),
      now: NOW,
      onChainMultiplier: '1',
    });
    // Then it is open and freezes 1 h before activation
    expect(decision.frozen).toBe(false);
    expect(decision.freezesAt?.toISOString()).toBe(new Date(NOW + 2 * HOUR).toISOString());
  });

  it('settles when a scaled on-chain multiplier equals the new one exactly', () => {
    // Given activation passed and an on-chain value 2.00000000 as a scaled integer
    const decision = decideMultiplierFreeze({
      state: stateOf('1.00000000', '2.00000000', NOW - HOUR),
      now: NOW,
      onChainMultiplier: { raw: 2_000_000_000n, decimals: 9 },
    });
    // Then the asset is settled and open
    expect(decision).toMatchObject({ frozen: false, status: 'Settled' });
  });

  it('compares digits exactly where floating point would not', () => {
    // Given multipliers that are equal as doubles but differ in the 21st decimal
    const current = '1.000000000000000000000';
    const next = '1.000000000000000000001';
    expect(Number(current)).toBe(Number(next));
    // When the change is 10 minutes away and on-chain still holds the current value
    const decision = decideMultiplierFreeze({
      state: stateOf(current, next, NOW + 10 * 60_000),
      now: NOW,
      onChainMultiplier: '1',
    });
    // Then the change is seen and the asset is frozen
    expect(decision.status).toBe('FreezeWindow');
  });

  it.each<
    [
      string,
      Partial<MultiplierState>,
      OnChainMultiplier,
      typeof InvalidDecimalError | typeof InvalidMultiplierStateError,
    ]
  >([
    ['an exponent', { newMultiplier: '1e0' }, '1', InvalidDecimalError],
    ['a negative multiplier', { currentMultiplier: '-1' }, '1', InvalidDecimalError],
    ['an empty multiplier', { newMultiplier: '' }, '1', InvalidDecimalError],
    ['surrounding space', { newMultiplier: ' 1' }, '1', InvalidDecimalError],
    ['a trailing point', { newMultiplier: '1.' }, '1', InvalidDecimalError],
    ['a zero multiplier', { newMultiplier: '0.00000000' }, '1', InvalidMultiplierStateError],
    ['a zero on-chain multiplier', {}, { raw: 0n, decimals: 8 }, InvalidMultiplierStateError],
    ['a negative scaled on-chain multiplier', {}, { raw: -1n, decimals: 8 }, InvalidDecimalError],
    ['a fractional scale', {}, { raw: 1n, decimals: 1.5 }, InvalidDecimalError],
    [
      'an invalid activation time',
      { activationDateTime: new Date('nope') },
      '1',
      InvalidMultiplierStateError,
    ],
    ['an unknown reason', { reason: 'Merger' as never }, '1', InvalidMultiplierStateError],
  ])('refuses %s', (_, patch, onChain, errorClass) => {
    // Given a state with one malformed field
    const state = { ...stateOf('1', '2', NOW + HOUR), ...patch };
    // When / Then the decision throws the typed error
    expect(() => decideMultiplierFreeze({ state, now: NOW, onChainMultiplier: onChain })).toThrow(
      errorClass,
    );
  });
});
