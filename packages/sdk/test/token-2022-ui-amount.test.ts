// Display math against the real Token-2022 program: its `AmountToUiAmount` instruction returns
// the UI string (same function as the RPC's uiAmountString) as return data.
import {
  createMint,
  createSvm,
  fund,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  updateMultiplier,
} from '@basket/test-harness';
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import fc from 'fast-check';
import { type LiteSVM, TransactionMetadata } from 'litesvm';
import { beforeAll, describe, expect, it } from 'vitest';
import { amountToUiAmount, decodeScaledUiAmountConfig, mintDecimals } from '../src/index.ts';

let svm: LiteSVM;
let payer: KeyPairSigner;
const NOW = 1_795_400_000n;

async function chainUiAmount(mint: Address, amount: bigint): Promise<string> {
  const data = new Uint8Array(9);
  data[0] = 23; // AmountToUiAmount
  new DataView(data.buffer).setBigUint64(1, amount, true);
  svm.expireBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: svm.latestBlockhash() as never, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: TOKEN_2022_PROGRAM_ADDRESS,
            accounts: [{ address: mint, role: AccountRole.READONLY }],
            data,
          },
        ],
        m,
      ),
  );
  const result = svm.sendTransaction(await signTransactionMessageWithSigners(message));
  if (!(result instanceof TransactionMetadata)) throw new Error(String(result.err()));
  return new TextDecoder().decode(result.returnData().data());
}

async function compare(multiplier: number, decimals: number, amounts: bigint[]) {
  const mint = await createMint(svm, payer, {
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals,
    scaledUiAmountMultiplier: multiplier,
  });
  const account = svm.getAccount(mint.address);
  if (!account.exists) throw new Error('mint missing');
  const data = Uint8Array.from(account.data);
  const config = decodeScaledUiAmountConfig(data);
  expect(config?.multiplier).toBe(multiplier);
  expect(mintDecimals(data)).toBe(decimals);
  for (const amount of amounts) {
    const want = await chainUiAmount(mint.address, amount);
    expect(amountToUiAmount(amount, decimals, config!, NOW), `${amount} x ${multiplier}`).toBe(
      want,
    );
  }
}

describe('amountToUiAmount equals Token-2022 AmountToUiAmount', () => {
  beforeAll(async () => {
    svm = createSvm({});
    payer = await generateKeyPairSigner();
    fund(svm, payer.address);
    setUnixTime(svm, NOW);
  });

  it('on hand-picked multipliers, decimals and amounts', async () => {
    const amounts = [0n, 1n, 7n, 101n, 999_999n, 10n ** 12n + 3n, 2n ** 53n + 1n, 2n ** 64n - 1n];
    await compare(1.0571, 8, amounts);
    await compare(0.99, 2, amounts);
    await compare(0.999_954_33, 6, amounts);
    await compare(3, 0, amounts);
  });

  it('on an exact tie of the decimal formatting (rounded half to even)', async () => {
    // 11258999068426242 / 10 is 2^50 + 0.2, stored as 2^50 + 0.25: a tie at one decimal
    await compare(1, 1, [11_258_999_068_426_242n]);
  });

  it('switches to a scheduled multiplier exactly at its effective timestamp', async () => {
    // Given a mint at 1.5 with 3.0 scheduled 100 s ahead
    const mint = await createMint(svm, payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
      scaledUiAmountMultiplier: 1.5,
    });
    await updateMultiplier(svm, payer, mint, 3.0, NOW + 100n);
    const account = svm.getAccount(mint.address);
    if (!account.exists) throw new Error('mint missing');
    const config = decodeScaledUiAmountConfig(Uint8Array.from(account.data))!;
    expect(config).toMatchObject({ newMultiplier: 3, newMultiplierEffectiveTimestamp: NOW + 100n });
    // Then one second before, the old multiplier shows; at the timestamp, the new one
    for (const t of [NOW + 99n, NOW + 100n]) {
      setUnixTime(svm, t);
      const want = await chainUiAmount(mint.address, 1_234_567n);
      expect(amountToUiAmount(1_234_567n, 6, config, t), String(t)).toBe(want);
    }
    expect(amountToUiAmount(1_234_567n, 6, config, NOW + 99n)).toBe('1.85185');
    expect(amountToUiAmount(1_234_567n, 6, config, NOW + 100n)).toBe('3.703701');
    setUnixTime(svm, NOW);
  });

  it('on random multipliers, decimals and amounts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
          fc.double({ min: 0.9, max: 1.1, noNaN: true }),
        ),
        fc.integer({ min: 0, max: 18 }),
        fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), { minLength: 1, maxLength: 4 }),
        (m, decimals, amounts) => compare(m, decimals, amounts),
      ),
      { numRuns: 60 },
    );
  });
});
