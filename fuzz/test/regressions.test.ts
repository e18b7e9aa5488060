import { seedKeys } from '@basket/test-harness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import * as oracle from '../src/commands/oracle-admin.ts';
import { perfPeriodEnd } from '../src/commands/perf-fee.ts';
import * as routes from '../src/commands/routes.ts';
import * as users from '../src/commands/users.ts';
import type { Mix } from '../src/harness.ts';
import * as rewards from '../src/rewards/commands.ts';
import { sequenceKeys } from '../src/rewards/run.ts';
import { restoreRewardsWorld, rewardsTemplate } from '../src/rewards/world.ts';
import { replay } from '../src/run.ts';

// The shrunk counterexamples the fuzzer found, each replayed as found. Both were flaws of the
// free-money check, not of the programs; each sequence must now run clean with its key step
// landing (a refusal would make the case vacuous).
describe('fuzz regressions', () => {
  it("a generous fill is the trade authority's gift to the holders, not free money", async () => {
    // seed 1: deposit $1, then a cash -> stock leg whose counterparty delivers 1% more than the
    // slippage bound needs; the holders gained 42 micro-USD, all of it from the trade
    // authority's wallet, which the check now counts as a party.
    const mix = await replay('generous-fill', [
      users.deposit(0, 1_000_000n),
      ops.rebalanceLeg(3, 0, 160, 'generous'),
    ]);
    expect(mix['rebalance_leg(generous)']?.ok).toBe(1);
  });

  it("minting management-fee shares shrinks the virtual shares' claim, which is no one's money", async () => {
    // seed 103: after a week of accrual the fee shares raise the supply, the virtual share's
    // slice of the NAV shrinks and the real holders together were valued 51 micro-USD higher;
    // the virtual shares' claim is now a party of the sum.
    const mix = await replay('mgmt-fee-virtual-shares', [
      users.deposit(0, 18_550_000n),
      ops.clockMove(86_400),
      ops.clockMove(172_801),
      ops.clockMove(172_801),
      ops.clockMove(172_801),
      ops.clockMove(172_801),
      ops.clockMove(86_400),
      ops.collectMgmtFee(),
    ]);
    expect(mix.collect_mgmt_fee?.ok).toBe(1);
  });

  it('a claim paid in kind moves raw units from the claim to the wallet: valued together, not floored apart', async () => {
    // seed 25 of the long run, shrunk (fast-check, then by hand): a redemption claim owing
    // 122,221 raw of the 6-decimal stock (after its multiplier went x1.1) paid into the
    // wallet; the owner "gained" 94 micro-USD because the claim and the wallet were each
    // floored to whole scaled units (about 93 micro-USD each at that price). The program paid
    // exactly what was owed; the check now values a user's raw units of a stock once.
    const mix = await replay(
      'claim-paid-in-kind',
      [
        users.deposit(2, 1_085_620_000n),
        ops.clockMove(172_801),
        ops.clockMove(172_801),
        ops.navPush([-218, 842, 249], null),
        ops.rebalanceLeg(3, 2, 5_000, 'fair'),
        ops.clockMove(86_400),
        ops.navPush([-573, 218, -155], 0),
        users.deposit(2, 1_504_110_000n),
        users.beginRedemption(2, 174),
        ops.multiplierChange(2, 110, 0),
        ops.navPush([119, 78, 146], null),
        users.withdrawInKind(2, 3_748),
        users.payRedemption(0, 0b100, false),
      ],
      'fuzz/25',
    );
    expect(mix.pay_redemption?.ok).toBe(1);
  });

  it("a rewards sequence's keys never repeat its world's (the first sequence's epoch holding was the payer's key)", async () => {
    // seed 1 of the first rewards run, shrunk to its first command: the epoch's new holdings
    // took keys of the label the world was made under (the payer's among them) and kit
    // refused two signers for one address before anything was sent. The sequence's keys now
    // have a label of their own, and the command meets the program (ZeroAmount: no legacy).
    expect(sequenceKeys(1)).not.toBe('fuzz/rewards/1');
    const template = await rewardsTemplate('fuzz/rewards/1');
    seedKeys(sequenceKeys(1));
    const w = restoreRewardsWorld(template);
    const mix: Mix = {};
    const model = {
      epochs: [],
      stakes: [],
      nextStakeIndex: [0n, 0n, 0n],
      claimStatuses: [],
      keeperSet: [0],
    };
    const real = { w, mix, steps: { count: 0, shrinking: 0 }, shrinking: false };
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        // The shrunk command: now the program's own refusal (nothing of the legacy mint).
        rewards.distribute([
          [1n, 0n],
          [1n, 0n],
          [0n, 0n],
        ]),
        rewards.distribute([
          [1n, 1n],
          [1n, 0n],
          [0n, 0n],
        ]),
      ],
    );
    expect(mix['rewards distribute_epoch']).toEqual({ ok: 1, refused: 1, codes: { '0xfa2': 1 } });
  });

  it('a venue leg too small for the venue to pay anything is sent promising nothing, and refused', async () => {
    // seed 17 of the first v2 run (vault world, world keys fuzz/1), shrunk: after a generous
    // fill and a withdrawal in kind, a 1 bps sale of asset 0's book is one raw unit, for which
    // the venue's client quote throws ZeroAmountOut; the sequence stopped in the fuzzer's own
    // command. The leg is now sent promising 0 and the vault refuses it (nothing changed).
    const mix = await replay(
      'venue-zero-out',
      [
        users.deposit(2, 704_970_000n),
        ops.rebalanceLeg(3, 1, 9_416, 'generous'),
        users.deposit(0, 2_295_570_000n),
        users.withdrawInKind(0, 7_230),
        ops.rebalanceLeg(1, 0, 1, 'generous'),
        routes.venueLeg(false, 1, 'fair'),
      ],
      'fuzz/1',
    );
    expect(mix['rebalance_leg venue(fair)']?.refused).toBe(1);
  });

  it('reset_sequence never lowers the sequence: a deposit after it is priced at the new push, not the stale price memory', async () => {
    // seed 23 of the first v2 run (vault world, world keys fuzz/1), shrunk to 5 commands (seeds
    // 10 and 21 found the same): the admins' reset_sequence set the snapshot 3 below the last
    // (decision 0619), the keeper pushed prices 2.3% up at a sequence at or below the vault's
    // memo_sequence, so price_memo::roll skipped it and the vault kept pricing with the old
    // snapshot's units (the NAV cache of decision 0343 also assumes sequences only rise);
    // Carol's deposit of $455.95 bought at the old, lower NAV and gained $0.072 from the
    // holders ($0.90 on $3,276 at seed 10). A program bug: reset_sequence now only raises the
    // sequence (decision 0995, SequenceNotRaised 2025), so the push continues the old numbering,
    // the memory rolls, and the deposit is priced at the new prices.
    const mix = await replay(
      'reset-sequence-back',
      [
        users.deposit(0, 3_110_000n),
        routes.rfqLeg(10_000, 10_083, 'fair'),
        oracle.oracleResetSequence('back', 3),
        ops.navPush([232, 242, -158], null),
        users.deposit(2, 455_950_000n),
      ],
      'fuzz/1',
    );
    expect(mix['oracle reset_sequence']).toEqual({ ok: 0, refused: 1, codes: { '0x7e9': 1 } });
    expect(mix['oracle push_snapshot']?.ok).toBe(1);
    expect(mix.deposit?.ok).toBe(2);
  });
  it("a performance fee after a seizure with an open claim is the SDK's quote of it: the book rounds up on both sides", async () => {
    // seed 900232 of the long v2 run (world keys fuzz/900216), shrunk to 5 commands (seed
    // 900539 found the same): the issuer moved 1 bps of a holding while a redemption claim was
    // open, so the split of decision 0996 ran, rounding the holders' book up; the SDK's copy
    // (reconciledBook) still rounded it down, so its NAV, and the performance fee's mark it
    // quoted, were a few units low (mark 1011133075355 on chain, 1011133015154 quoted). An SDK
    // bug (the dapp's and the keeper's quotes after a seizure): the SDK now rounds as the
    // program does.
    const mix = await replay(
      'perf-fee-after-seizure-split',
      [
        users.deposit(0, 34_260_000n),
        routes.rfqLeg(2_456, 9_901, 'fair'),
        users.beginRedemption(0, 611),
        ops.issuerPower('move', 0, 1),
        perfPeriodEnd(172_800, [516, -229, 834], true),
      ],
      'fuzz/900216',
    );
    expect(mix['issuer move']?.ok).toBe(1);
    expect(mix.collect_perf_fee?.ok).toBe(1);
  });
});
