import {
  getRewardsConfigDecoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__ALREADY_INITIALIZED,
  REWARDS_ERROR__INVALID_TOKEN_ACCOUNT,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import { accountBytes, createTokenAccount } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import { type Fixture, initializeIx, setup } from './fixture.ts';
import { send } from './measured.ts';

describe('initialize', () => {
  let f: Fixture;

  it('creates the config when 3 of 5 admins sign', async () => {
    // Given an uninitialized program
    f = await setup({ initialize: false });
    // When 3 distinct admins sign the initialization
    const r = await send(f.svm, [initializeIx(f, f.admins.slice(0, 3))], f.payer);
    // Then the config stores admins, keeper, staking mint and holding, and reward mints
    expect(r.error).toBeNull();
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config missing');
    expect(acc.programAddress).toBe(REWARDS_PROGRAM_ADDRESS);
    const c = getRewardsConfigDecoder().decode(Uint8Array.from(acc.data));
    expect(c.admins.threshold).toBe(3);
    expect(c.keepers[0]).toBe(f.keeper.address);
    expect(c.stakingMint).toBe(f.stakingMint.address);
    expect(c.stakeHolding).toBe(f.stakeHolding);
    expect(c.stakingDecimals).toBe(6);
    expect(c.rewardMints.slice(0, 2)).toEqual([f.xStock.address, f.legacy.address]);
    expect(c.lastEpochId).toBe(0n);
    console.info(`initialize: ${r.computeUnits} CU`);
    expect(r.computeUnits).toBeLessThan(40_000n);
  });

  it('rejects 2 of 5 admins and creates nothing', async () => {
    f = await setup({ initialize: false });
    const before = accountBytes(f.svm, [f.config]);
    const r = await send(f.svm, [initializeIx(f, f.admins.slice(0, 2))], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
  });

  it('rejects a staking holding not owned by the config PDA', async () => {
    // Given a holding of the staking mint owned by the payer
    f = await setup({ initialize: false });
    const foreign = await createTokenAccount(f.svm, f.payer, f.stakingMint, f.payer.address);
    // When initializing with it
    const r = await send(
      f.svm,
      [initializeIx(f, f.admins.slice(0, 3), { stakeHolding: foreign })],
      f.payer,
    );
    // Then the token account check fails and no config exists
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_TOKEN_ACCOUNT);
    expect(f.svm.getAccount(f.config).exists).toBe(false);
  });

  it('rejects a second initialization', async () => {
    f = await setup();
    const before = accountBytes(f.svm, [f.config]);
    const r = await send(f.svm, [initializeIx(f, f.admins.slice(2, 5))], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__ALREADY_INITIALIZED);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
  });
});
