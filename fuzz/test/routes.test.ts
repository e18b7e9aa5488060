import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import * as routes from '../src/commands/routes.ts';
import * as users from '../src/commands/users.ts';
import { replay } from '../src/run.ts';

// The route-shape commands land a fair fill and are refused otherwise, every invariant
// checked after each step (a refusal that changed anything, or a fill that made anyone
// richer than the valuation's rounding allows, would throw here).
describe('fuzz: rebalance legs through the venue and an RFQ provider', () => {
  it('lands fair fills both ways and refuses short and below-bound ones', async () => {
    const mix = await replay('routes', [
      users.deposit(0, 20_000_000_000n),
      routes.venueLeg(true, 1_000, 'fair'),
      routes.venueLeg(false, 5_000, 'fair'),
      routes.rfqLeg(1_000, 10_000, 'fair'),
      routes.venueLeg(true, 1_000, 'short'),
      routes.venueLeg(true, 1_000, 'below-bound'),
      routes.rfqLeg(1_000, 10_000, 'short'),
      routes.rfqLeg(1_000, 10_000, 'below-bound'),
      ops.refreshNav(),
    ]);
    expect(mix['rebalance_leg venue(fair)']).toMatchObject({ ok: 2, refused: 0 });
    expect(mix['rebalance_leg rfq(fair)']).toMatchObject({ ok: 1, refused: 0 });
    for (const name of [
      'rebalance_leg venue(short)',
      'rebalance_leg venue(below-bound)',
      'rebalance_leg rfq(short)',
      'rebalance_leg rfq(below-bound)',
    ])
      expect(mix[name], name).toMatchObject({ ok: 0, refused: 1 });
  });
});
