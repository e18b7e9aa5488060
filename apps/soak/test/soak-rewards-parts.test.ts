// The soak's operator and reward proofs without a world: the keeper's alert counter read per
// SKU, and reward claims matched against the chain's `claimed` and `epochDistributed` events.
import { describe, expect, it } from 'vitest';
import type { ChainTransaction } from '../src/chain-scan.ts';
import { alertCounts } from '../src/operator.ts';
import { rewardsClaimed } from '../src/rewards-check.ts';

const rewardsEvent = (name: string, event: object) =>
  ({ status: 'decoded', program: 'rewards', name, event }) as never;
const tx = (signature: string, events: unknown[], ok = true): ChainTransaction => ({
  signature,
  slot: 1n,
  ok,
  feePayer: 'user',
  events: events as never,
  fingerprint: signature,
});
const distributed = (epochId: bigint, totals: bigint[]) =>
  rewardsEvent('epochDistributed', { epochId, mintCount: totals.length, totals });
const claimed = (epochId: bigint, claimant: string, amounts: bigint[]) =>
  rewardsEvent('claimed', { epochId, claimant, amountCount: amounts.length, amounts });

describe("the operator's view of the keeper's alerts", () => {
  it('sums one kind per SKU over severities and leaves other kinds out', () => {
    const page = [
      '# TYPE keeper_alerts_total counter',
      'keeper_alerts_total{kind="nav-deviation-approval",severity="critical",sku="TECH6"} 3',
      'keeper_alerts_total{kind="nav-stale",severity="critical",sku="TECH6"} 9',
      'keeper_alerts_total{kind="nav-deviation-approval",severity="critical",sku="BROAD20"} 1',
    ].join('\n');
    expect(alertCounts(page, 'nav-deviation-approval')).toEqual(
      new Map([
        ['TECH6', 3],
        ['BROAD20', 1],
      ]),
    );
    expect(alertCounts('', 'nav-deviation-approval').size).toBe(0);
  });
});

describe('reward claims against the chain', () => {
  it('a landed claim found on chain with its published amounts: nothing lost or doubled', () => {
    const chain = new Map([
      ['d', tx('d', [distributed(1n, [100n])])],
      ['c', tx('c', [claimed(1n, 'W1', [40n])])],
    ]);
    const r = rewardsClaimed(chain, [{ epochId: '1', claimant: 'W1', amounts: ['40'] }]);
    expect(r).toMatchObject({
      epochsDistributed: 1,
      claimsOnChain: 1,
      claimsLanded: 1,
      lost: 0,
      doubled: 0,
    });
  });

  it('a landed claim missing on chain (or with other amounts, or failed) is lost', () => {
    const chain = new Map([
      ['c', tx('c', [claimed(1n, 'W1', [39n])])],
      ['f', tx('f', [claimed(2n, 'W1', [5n])], false)],
    ]);
    const r = rewardsClaimed(chain, [
      { epochId: '1', claimant: 'W1', amounts: ['40'] },
      { epochId: '2', claimant: 'W1', amounts: ['5'] },
    ]);
    expect(r.lost).toBe(2);
  });

  it('one claimant claiming an epoch twice, or an epoch paid beyond its total, is doubled', () => {
    const chain = new Map([
      ['d', tx('d', [distributed(1n, [100n])])],
      ['c1', tx('c1', [claimed(1n, 'W1', [60n])])],
      ['c2', tx('c2', [claimed(1n, 'W1', [60n])])],
    ]);
    const r = rewardsClaimed(chain, []);
    // Twice by W1, and 120 paid of 100 posted.
    expect(r.doubled).toBe(2);
  });
});
