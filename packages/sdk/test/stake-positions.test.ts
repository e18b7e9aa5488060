import { send, setUnixTime } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import {
  getStakeInstructionFor,
  getStakePositions,
  getUnstakeInstructionFor,
  rawAmount,
  readAccounts,
  rewardsConfigAccount,
} from '../src/index.ts';
import { rewardsWorld, staker, T0 } from './support/rewards-world.ts';
import { svmRpc } from './support/svm-rpc.ts';

describe('getStakePositions', () => {
  it('lists the stakes with display amounts, lock state and the next free index', async () => {
    // Given a staker with a 30-day and a 90-day stake, the first one unstaked after its lock
    const w = await rewardsWorld();
    const s = await staker(w);
    const [cfg] = await readAccounts(svmRpc(w.svm), [rewardsConfigAccount(w.config)]);
    if (!cfg.exists) throw new Error('no config');
    const config = { address: cfg.address, data: cfg.data };
    for (const [stakeIndex, tierDays] of [
      [0n, 30],
      [1n, 90],
    ] as const) {
      const { instruction } = await getStakeInstructionFor({
        owner: s.signer,
        config,
        ownerTokenAccount: s.tokens,
        amount: rawAmount(100_000_000n),
        tierDays,
        stakeIndex,
      });
      expect((await send(w.svm, [instruction], s.signer)).ok).toBe(true);
    }
    setUnixTime(w.svm, T0 + 30n * 86_400n);
    const { instruction } = await getUnstakeInstructionFor({
      owner: s.signer,
      config,
      ownerTokenAccount: s.tokens,
      stakeIndex: 0n,
    });
    expect((await send(w.svm, [instruction], s.signer)).ok).toBe(true);

    // When the SDK reads the positions
    const rpc = svmRpc(w.svm);
    const result = await getStakePositions(rpc, s.signer.address, { count: 8 });

    // Then two calls return both stakes (the staking mint shows x1.25) and index 2 is free
    expect(rpc.calls.getMultipleAccounts).toBe(2);
    expect(result.now).toBe(T0 + 30n * 86_400n);
    expect(result.nextStakeIndex).toBe(2n);
    expect(
      result.positions.map((p) => [p.stakeIndex, p.uiAmount, p.withdrawn, p.unlocked]),
    ).toEqual([
      [0n, '125', true, true],
      [1n, '125', false, false],
    ]);
  });
});
