import {
  findStakeRecordPda,
  getStakeInstruction,
  REWARDS_ERROR__INVALID_TIER,
} from '@basket/rewards-client';
import { SYSTEM_PROGRAM_ADDRESS } from '@basket/test-harness';
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { BasketTransactionError, simulateTransactionMessage } from '../src/index.ts';
import { type RewardsWorld, rewardsWorld, staker } from './support/rewards-world.ts';
import { svmRpc } from './support/svm-rpc.ts';

let w: RewardsWorld;

function message(feePayer: TransactionSigner, instructions: Instruction[]) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: w.svm.latestBlockhash() as Blockhash, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
}

async function stake(tierDays: number) {
  const s = await staker(w);
  const [stakeRecord] = await findStakeRecordPda({ owner: s.signer.address, stakeIndex: 0n });
  const ix = getStakeInstruction({
    owner: s.signer,
    config: w.config,
    stakeRecord,
    stakingMint: w.stakingMint.address,
    ownerTokenAccount: s.tokens,
    stakeHolding: w.stakeHolding,
    tokenProgram: w.stakingMint.tokenProgram,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    amount: 1_000n,
    tierDays,
    stakeIndex: 0n,
  });
  return message(s.signer, [ix]);
}

describe('simulateTransactionMessage', () => {
  beforeAll(async () => {
    w = await rewardsWorld();
  });

  it('surfaces a program failure as a typed BasketTransactionError', async () => {
    // Given a stake with a tier the program refuses
    const rpc = svmRpc(w.svm);
    // When it is simulated
    const error = await simulateTransactionMessage(rpc, await stake(45)).catch((e: unknown) => e);
    // Then the error names the rewards program's generated constant, with its logs
    expect(error).toBeInstanceOf(BasketTransactionError);
    const failure = (error as BasketTransactionError).failure;
    expect(failure).toMatchObject({
      kind: 'custom',
      program: 'rewards',
      code: REWARDS_ERROR__INVALID_TIER,
      constant: 'REWARDS_ERROR__INVALID_TIER',
      instructionIndex: 0,
      known: true,
    });
    expect((error as BasketTransactionError).logs.length).toBeGreaterThan(0);
  });

  it('returns the compute units of a transaction that would succeed', async () => {
    const rpc = svmRpc(w.svm);
    const result = await simulateTransactionMessage(rpc, await stake(30));
    expect(result.unitsConsumed).toBeGreaterThan(0n);
    expect(rpc.calls.simulateTransaction).toBe(1);
  });
});
