import {
  getRewardsConfigDecoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__INVALID_KEEPER_SET,
  REWARDS_ERROR__NOT_KEEPER,
} from '@basket/rewards-client';
import { accountBytes, fund } from '@basket/test-harness';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  distributeIx,
  epochPda,
  type Fixture,
  fundEpoch,
  rotateKeepersIx,
  setup,
} from './fixture.ts';
import { send } from './measured.ts';

const ROOT = new Uint8Array(32).fill(3);

async function post(f: Fixture, epochId: bigint, keeper: KeyPairSigner) {
  const holdings = await fundEpoch(f, epochId, [f.xStock], [10n]);
  return send(
    f.svm,
    [
      await distributeIx(f, {
        epochId,
        root: ROOT,
        totals: [10n],
        mints: [f.xStock],
        holdings,
        keeper,
      }),
    ],
    keeper,
  );
}

describe('rotate_keepers', () => {
  let f: Fixture;
  let next: KeyPairSigner;
  beforeEach(async () => {
    // Given the configured program with one keeper, and a new keeper key
    f = await setup();
    next = await generateKeyPairSigner();
    fund(f.svm, next.address);
  });

  it('replaces the keeper set when 3 of 5 admins sign: the old keeper is refused, the new one posts', async () => {
    // When admins 2, 3 and 4 rotate the set to the new keeper
    const r = await send(
      f.svm,
      [rotateKeepersIx(f, [next.address], f.admins.slice(2, 5))],
      f.payer,
    );
    // Then the config lists it alone
    expect(r.error).toBeNull();
    console.info(`rotate_keepers (1 keeper): ${r.computeUnits} CU`);
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config missing');
    const c = getRewardsConfigDecoder().decode(Uint8Array.from(acc.data));
    expect(c.keeperCount).toBe(1);
    expect(c.keepers[0]).toBe(next.address);
    // And the removed keeper can no longer post an epoch, while the new one can
    const before = accountBytes(f.svm, [f.config, await epochPda(1n)]);
    const old = await post(f, 1n, f.keeper);
    expect(old.customError).toBe(REWARDS_ERROR__NOT_KEEPER);
    expect(accountBytes(f.svm, [f.config, await epochPda(1n)])).toEqual(before);
    expect((await post(f, 2n, next)).error).toBeNull();
  });

  it('rejects 2 of 5 admins and changes nothing', async () => {
    const before = accountBytes(f.svm, [f.config]);
    const r = await send(
      f.svm,
      [rotateKeepersIx(f, [next.address], f.admins.slice(0, 2))],
      f.payer,
    );
    expect(r.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
  });

  it('counts an admin listed twice once', async () => {
    // Given admin 0 passed twice next to admin 1: three signer entries, two admins
    const [a0, a1, a2] = f.admins as [KeyPairSigner, KeyPairSigner, KeyPairSigner];
    const before = accountBytes(f.svm, [f.config]);
    const twice = await send(f.svm, [rotateKeepersIx(f, [next.address], [a0, a0, a1])], f.payer);
    expect(twice.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
    // And a non-admin signer adds nothing either
    const stranger = await generateKeyPairSigner();
    const foreign = await send(
      f.svm,
      [rotateKeepersIx(f, [next.address], [a0, a1, stranger])],
      f.payer,
    );
    expect(foreign.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
    // When a third distinct admin joins, the same duplicate list passes
    const ok = await send(f.svm, [rotateKeepersIx(f, [next.address], [a0, a0, a1, a2])], f.payer);
    expect(ok.error).toBeNull();
  });

  it('rejects a keeper set with a repeated key', async () => {
    const before = accountBytes(f.svm, [f.config]);
    const r = await send(
      f.svm,
      [rotateKeepersIx(f, [next.address, next.address], f.admins.slice(0, 3))],
      f.payer,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_KEEPER_SET);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
  });
});
