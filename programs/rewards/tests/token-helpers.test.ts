import {
  createMint,
  createTokenAccount,
  fund,
  mintTo,
  scaledUiAmountOf,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
  transferChecked,
  updateMultiplier,
} from '@basket/test-harness';
import { generateKeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';

describe('token helpers', () => {
  it.each([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS])(
    'mint, transfer and read raw amounts on %s',
    async (tokenProgram) => {
      const svm = new LiteSVM();
      const payer = await generateKeyPairSigner();
      const alice = await generateKeyPairSigner();
      fund(svm, payer.address);
      const mint = await createMint(svm, payer, { tokenProgram, decimals: 6 });
      const a = await createTokenAccount(svm, payer, mint, alice.address);
      const b = await createTokenAccount(svm, payer, mint, payer.address);
      await mintTo(svm, payer, mint, a, 1_000n);
      await transferChecked(svm, payer, mint, {
        source: a,
        destination: b,
        authority: alice,
        amount: 400n,
      });
      expect(tokenAmount(svm, a)).toBe(600n);
      expect(tokenAmount(svm, b)).toBe(400n);
      expect(scaledUiAmountOf(svm, mint.address)).toBeNull();
    },
  );

  it('creates a Token-2022 mint with a ScaledUiAmount multiplier and updates it', async () => {
    const svm = new LiteSVM();
    const payer = await generateKeyPairSigner();
    fund(svm, payer.address);
    const mint = await createMint(svm, payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 8,
      scaledUiAmountMultiplier: 1.0571,
    });
    expect(scaledUiAmountOf(svm, mint.address)?.multiplier).toBe(1.0571);
    const holder = await createTokenAccount(svm, payer, mint, payer.address);
    await mintTo(svm, payer, mint, holder, 5n);
    expect(tokenAmount(svm, holder)).toBe(5n);
    await updateMultiplier(svm, payer, mint, 2.5, 0n);
    const after = scaledUiAmountOf(svm, mint.address);
    expect(after?.newMultiplier).toBe(2.5);
  });
});
