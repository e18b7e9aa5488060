import { seedKeys } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import * as users from '../src/commands/users.ts';
import { rawData, watchedAddresses } from '../src/observe.ts';
import { runOn } from '../src/run.ts';
import { createWorld, restoreWorld, worldTemplate } from '../src/world.ts';

// The runs restore every sequence's world from one snapshot (decision 0940). The same
// commands on a restored world and on a world just made with the same keys must leave every
// watched account byte for byte the same, with the same instructions landing and refused.
describe('fuzz: a restored world is the world', () => {
  const sequence = () => [
    users.deposit(0, 2_500_000_000n),
    users.deposit(1, 700_000_000n),
    ops.navPush([120, -80, 40], null),
    ops.rebalanceLeg(3, 0, 2_000, 'fair'),
    ops.clockMove(86_400),
    users.requestWithdraw(0, 3_000, 100),
    users.beginRedemption(1, 5_000),
    ops.issuerPower('move', 0, 1_000),
    users.withdrawInKind(0, 2_000),
    users.payRedemption(0, 0b111, true),
    users.fulfilRequest(0),
    users.withdrawUsdc(1, 10_000),
    ops.collectMgmtFee(),
    ops.collectWithdrawFees(),
  ];

  it('runs a sequence to the same accounts and the same mix', async () => {
    const template = await worldTemplate('fuzz/restore-test');
    const restored = restoreWorld(template);
    seedKeys('fuzz/restore-test');
    const fresh = await createWorld();
    const mixRestored = await runOn(restored, sequence());
    const mixFresh = await runOn(fresh, sequence());
    expect(mixRestored).toEqual(mixFresh);
    expect(mixRestored.deposit?.ok).toBe(2);
    const bytes = (w: typeof fresh) =>
      watchedAddresses(w, [], []).map((a) => Buffer.from(rawData(w.svm, a) ?? []).toString('hex'));
    expect(bytes(restored)).toEqual(bytes(fresh));
    expect(restored.svm.getClock().unixTimestamp).toBe(fresh.svm.getClock().unixTimestamp);
    // A second copy starts where the template was, untouched by the first one's run.
    const again = restoreWorld(template);
    expect(again.pushed).toEqual(template.world.pushed);
    expect(bytes(again)).toEqual(bytes(template.world));
  });
});
