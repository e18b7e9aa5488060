import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import { collectPerfFee, perfPeriodEnd } from '../src/commands/perf-fee.ts';
import * as users from '../src/commands/users.ts';
import { replay } from '../src/run.ts';

// The performance fee's period ends as the fuzzer reaches them (decision 0101): a vault half in
// stocks, the clock to each fixed 90-day end, the keeper's push after it, and collect_perf_fee
// checked against the SDK's quote of its second (fee shares, mark, period end, event), every
// step under every invariant. Before these commands the recorded runs never landed one.
describe('fuzz: performance-fee period ends', () => {
  it('crystallizes at each period end in the window, refuses inside a period and past the window', async () => {
    const mix = await replay('perf-fee-periods', [
      users.deposit(0, 1_000_000_000n),
      ops.rebalanceLeg(3, 0, 5_000, 'fair'),
      ops.rebalanceLeg(3, 1, 5_000, 'fair'),
      // Inside the first period: not due.
      collectPerfFee(),
      // An hour after the first end, prices up 8%: a fee, the mark to the post-fee price.
      perfPeriodEnd(3_600, [800, 800, 800], true),
      // Again in the same window: the end is crystallized, the next one is 90 days on.
      collectPerfFee(),
      // Bob enters at the new mark; at the next end the keeper puts 30% of the cash into each
      // stock, then prices rise 5%: both bear the fee alike.
      users.deposit(1, 1_000_000_000n),
      perfPeriodEnd(0, [500, 500, 500], true, 3_000),
      // One second past the next window: nothing for that period, the mark kept.
      perfPeriodEnd(172_801, [100, 100, 100], true),
      // Prices down at the following end: it lands with no fee and the mark kept.
      perfPeriodEnd(86_400, [-200, -200, -200], true),
    ]);
    expect(mix['clock to period end']?.ok).toBe(4);
    expect(mix.collect_perf_fee).toMatchObject({ ok: 3, refused: 3, codes: { '0xbd5': 3 } });
    expect(mix['collect_perf_fee (fee minted)']?.ok).toBe(2);
    expect(mix['rebalance_leg(fair)']?.ok).toBe(5);
  });
});
