// set_reward_mints' count bound (mutation testing found it unneeded by the other suites): a
// count of 0 or above MAX_REWARD_MINTS (10) is refused as InvalidRewardMints whatever follows
// it, before the keys' length is compared with it. Each refusal changes nothing; the exact
// call then lands.
import {
  getRewardsConfigDecoder,
  REWARDS_ERROR__INVALID_REWARD_MINTS,
} from '@basket/rewards-client';
import { accountBytes } from '@basket/test-harness';
import type { Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { setRewardMintsIx, setup } from './fixture.ts';
import { send } from './measured.ts';

describe('set_reward_mints: the count bound', () => {
  it('refuses a count of 0 and of 11 over one key, then sets one mint', async () => {
    // The issuer's Token-2022 stock (multiplier 1.0571) as the one reward mint.
    const f = await setup();
    const ix = setRewardMintsIx(f, [f.xStock.address], f.admins.slice(0, 3));
    const data = ix.data ?? new Uint8Array();
    // [discriminator][count][32 bytes per key]
    expect(data).toHaveLength(1 + 1 + 32);
    const withCount = (count: number): Instruction => {
      const d = Uint8Array.from(data);
      d[1] = count;
      return { ...ix, data: d };
    };
    for (const count of [0, 11]) {
      const before = accountBytes(f.svm, [f.config]);
      const r = await send(f.svm, [withCount(count)], f.payer);
      expect(r.customError, `count ${count}: ${r.error ?? ''}`).toBe(
        REWARDS_ERROR__INVALID_REWARD_MINTS,
      );
      expect(accountBytes(f.svm, [f.config])).toEqual(before);
    }
    expect((await send(f.svm, [ix], f.payer)).error).toBeNull();
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config');
    expect(getRewardsConfigDecoder().decode(Uint8Array.from(acc.data)).rewardMintCount).toBe(1);
  });
});
