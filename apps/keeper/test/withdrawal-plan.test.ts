import { describe, expect, it } from 'vitest';
import { planWithdrawals } from '../src/decisions/withdrawal-plan.ts';

// The fee is taken from the buffer too: gross = payout + 1 here.
const req = (address: string, requestedAt: bigint, payoutRaw: bigint, minOut = 1n) => ({
  address,
  requestedAt,
  payoutRaw,
  grossRaw: payoutRaw + 1n,
  minOut,
});

describe('withdrawal-router plan', () => {
  it('fulfils only at a snapshot published after the request (forward pricing)', () => {
    expect(
      planWithdrawals([req('a', 100n, 5n)], { cashRaw: 10n, snapshotPublishTime: 100n }),
    ).toEqual([{ address: 'a', action: 'wait-snapshot' }]);
    expect(
      planWithdrawals([req('a', 100n, 5n)], { cashRaw: 10n, snapshotPublishTime: 101n }),
    ).toEqual([{ address: 'a', action: 'fulfil' }]);
    expect(
      planWithdrawals([req('a', 100n, 5n)], { cashRaw: 10n, snapshotPublishTime: null }),
    ).toEqual([{ address: 'a', action: 'wait-snapshot' }]);
  });

  it('serves the oldest first and never offers its cash to a later request', () => {
    const plan = planWithdrawals([req('late', 200n, 6n), req('early', 100n, 6n)], {
      cashRaw: 10n,
      snapshotPublishTime: 300n,
    });
    expect(plan).toEqual([
      { address: 'early', action: 'fulfil' },
      // The late request's 7 plus the early one's 7 are paid from the 10 held.
      { address: 'late', action: 'raise-cash', shortRaw: 4n, paysRaw: 14n },
    ]);
  });

  it('raises exactly the shortfall, and leaves a request below its minimum to the owner', () => {
    expect(planWithdrawals([req('a', 1n, 25n)], { cashRaw: 7n, snapshotPublishTime: 2n })).toEqual([
      { address: 'a', action: 'raise-cash', shortRaw: 19n, paysRaw: 26n },
    ]);
    expect(
      planWithdrawals([req('a', 1n, 25n, 26n)], { cashRaw: 99n, snapshotPublishTime: 2n }),
    ).toEqual([{ address: 'a', action: 'below-min-out' }]);
  });
});
