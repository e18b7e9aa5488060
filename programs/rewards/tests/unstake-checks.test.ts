// unstake's own refusals (mutation testing found them unneeded by the other suites): it takes
// no instruction data, and the staking mint, the stake holding and the token program must be
// the ones the
// configuration names. The token program matters most: the unstake transfer is signed by the
// configuration's PDA, which owns every staked token, so any other program invoked in its
// place would be handed that signature. Each substitution is refused by name with nothing
// changed, and the exact unstake then returns the stake.
import {
  REWARDS_ERROR__INVALID_INSTRUCTION_DATA,
  REWARDS_ERROR__STAKING_ACCOUNT_MISMATCH,
} from '@basket/rewards-client';
import {
  accountBytes,
  createMint,
  createTokenAccount,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DAY,
  type Fixture,
  setup,
  stakeIx,
  stakeRecordPda,
  staker,
  T0,
  unstakeIx,
} from './fixture.ts';
import { send } from './measured.ts';

describe('unstake checks', () => {
  let f: Fixture;
  let s: { signer: KeyPairSigner; tokens: Address };
  let rec: Address;

  beforeEach(async () => {
    // Given 500 raw units staked at T0 for 30 days, and the lock over
    f = await setup();
    s = await staker(f, 500n);
    expect((await send(f.svm, [await stakeIx(f, s, 500n, 30)], s.signer)).ok).toBe(true);
    rec = await stakeRecordPda(s.signer.address, 0n);
    setUnixTime(f.svm, T0 + 30n * DAY);
  });

  /** The unstake with the account at `from` replaced by `to`. */
  async function substituted(from: Address, to: Address): Promise<Instruction> {
    const ix = await unstakeIx(f, s.signer, rec, s.tokens);
    expect(ix.accounts?.some((a) => a.address === from)).toBe(true);
    const accounts = ix.accounts?.map((a) => (a.address === from ? { ...a, address: to } : a));
    return { ...ix, accounts };
  }

  async function refused(
    ix: Instruction,
    extra: Address[] = [],
    code = REWARDS_ERROR__STAKING_ACCOUNT_MISMATCH,
  ): Promise<void> {
    const watched = [rec, s.tokens, f.stakeHolding, f.config, ...extra];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [ix], s.signer);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  }

  it('refuses another token program, another mint and another holding, then unstakes', async () => {
    const configured = f.stakingMint.tokenProgram;
    const other =
      configured === TOKEN_2022_PROGRAM_ADDRESS
        ? TOKEN_PROGRAM_ADDRESS
        : TOKEN_2022_PROGRAM_ADDRESS;
    await refused(await substituted(configured, other));

    const mint = await createMint(f.svm, f.payer, {
      tokenProgram: configured,
      decimals: f.stakingMint.decimals,
    });
    await refused(await substituted(f.stakingMint.address, mint.address));

    // A token account of the staking mint the staker owns, in the holding's place.
    const fake = await createTokenAccount(f.svm, f.payer, f.stakingMint, s.signer.address);
    await refused(await substituted(f.stakeHolding, fake), [fake]);

    const r = await send(f.svm, [await unstakeIx(f, s.signer, rec, s.tokens)], s.signer);
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, s.tokens)).toBe(500n);
  });

  it('refuses instruction data, then unstakes without it', async () => {
    const ix = await unstakeIx(f, s.signer, rec, s.tokens);
    const padded = { ...ix, data: Uint8Array.from([...(ix.data ?? []), 0]) };
    await refused(padded, [], REWARDS_ERROR__INVALID_INSTRUCTION_DATA);
    expect((await send(f.svm, [ix], s.signer)).error).toBeNull();
    expect(tokenAmount(f.svm, s.tokens)).toBe(500n);
  });
});
