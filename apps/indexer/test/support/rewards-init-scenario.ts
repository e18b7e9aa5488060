// The rewards program's `initialized` event from a real transaction: a fresh LiteSVM chain
// with the program deployed upgradeable (the payer its upgrade authority), initialized by
// the SDK's builder with 5 admins (threshold 3), two keepers, a Token-2022 staking mint with
// a non-unit multiplier and an issuer stock as the one reward mint; as a webhook item.
import { findRewardsConfigPda, REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import { getRewardsInitializeInstructionFor } from '@basket/sdk';
import {
  createIssuerMint,
  createMint,
  createTokenAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { generateKeyPairSigner } from '@solana/kit';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { chainWith, land } from './svm-items.ts';

export async function rewardsInitItem(): Promise<{
  item: TransactionItem;
  sent: { threshold: number; keepers: number; rewardMints: number };
}> {
  const { svm, payer } = await chainWith('rewards', REWARDS_PROGRAM_ADDRESS);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  const keepers = await Promise.all(
    [0, 1].map(async () => (await generateKeyPairSigner()).address),
  );
  const stakingMint = await createMint(svm, payer, {
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 6,
    scaledUiAmountMultiplier: 1.25,
  });
  const xStock = await createIssuerMint(svm, payer, { decimals: 8, multiplier: 1.0571 });
  const built = await getRewardsInitializeInstructionFor({
    payer,
    stakingMint: stakingMint.address,
    stakingTokenProgram: stakingMint.tokenProgram,
    // The stake holding is a token account of the config PDA.
    stakeHolding: await createTokenAccount(
      svm,
      payer,
      stakingMint,
      (await findRewardsConfigPda())[0],
    ),
    admins: admins.map((a) => a.address),
    threshold: 3,
    keepers,
    rewardMints: [xStock.address],
    adminSigners: admins.slice(0, 3),
  });
  const r = await land({ svm, payer }, [built.instruction]);
  if (!r.ok) throw new Error(`initialize failed\n${r.logs.join('\n')}`);
  return { item: r.item, sent: { threshold: 3, keepers: keepers.length, rewardMints: 1 } };
}
