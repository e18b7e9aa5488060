// The test hook's modes against the real program in LiteSVM: record, refuse every transfer,
// refuse only the transfers touching one account (its source, destination or owner). The
// record counts exactly the transfers that happened.
import { resolveTransferHookAccounts } from '@basket/sdk';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSvm,
  createTestHookedMint,
  createTokenAccount,
  fund,
  getTransferCheckedInstruction,
  type IssuerMint,
  mintTo,
  newKeyPairSigner,
  send,
  setTestHookModeInstruction,
  TEST_HOOK_ACCOUNT_REFUSED,
  TEST_HOOK_REFUSED,
  type TestHookMode,
  TOKEN_2022_PROGRAM_ADDRESS,
  testHookRecord,
} from '../src/index.ts';

type Svm = ReturnType<typeof createSvm>;
let svm: Svm;
let payer: KeyPairSigner;
let mint: IssuerMint;
let alice: KeyPairSigner;
const accounts: Record<'alice' | 'bob' | 'carol', Address> = {} as never;

async function transfer(to: 'bob' | 'carol', amount: bigint) {
  const ix: Instruction = getTransferCheckedInstruction({
    source: accounts.alice,
    mint: mint.address,
    destination: accounts[to],
    authority: alice,
    amount,
    decimals: 8,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  });
  const mintAccount = svm.getAccount(mint.address);
  if (!mintAccount.exists) throw new Error('no mint');
  const hook = await resolveTransferHookAccounts(
    {
      mint: mint.address,
      mintData: Uint8Array.from(mintAccount.data),
      source: accounts.alice,
      destination: accounts[to],
      authority: alice.address,
      amount,
    },
    async (a) => {
      const info = svm.getAccount(a);
      return info.exists ? Uint8Array.from(info.data) : null;
    },
  );
  return send(svm, [{ ...ix, accounts: [...(ix.accounts ?? []), ...hook] }], payer);
}

async function setMode(mode: TestHookMode, signer: KeyPairSigner = mint.issuer) {
  return send(svm, [await setTestHookModeInstruction(mint.address, signer, mode)], payer);
}

beforeEach(async () => {
  svm = createSvm({});
  payer = await newKeyPairSigner();
  fund(svm, payer.address);
  mint = await createTestHookedMint(svm, payer, { decimals: 8, multiplier: 1.25 });
  alice = await newKeyPairSigner();
  accounts.alice = await createTokenAccount(svm, payer, mint, alice.address);
  accounts.bob = await createTokenAccount(svm, payer, mint, (await newKeyPairSigner()).address);
  accounts.carol = await createTokenAccount(svm, payer, mint, (await newKeyPairSigner()).address);
  await mintTo(svm, payer, mint, accounts.alice, 1_000_000n);
});

describe('test hook modes', () => {
  it('refuse-account: refuses the transfers touching the account, records the others', async () => {
    expect((await setMode({ refuseAccount: accounts.bob })).ok).toBe(true);
    const toBob = await transfer('bob', 5n);
    expect([toBob.ok, toBob.customError]).toEqual([false, TEST_HOOK_ACCOUNT_REFUSED]);
    const toCarol = await transfer('carol', 7n);
    expect(toCarol.ok, toCarol.error ?? '').toBe(true);
    expect(await testHookRecord(svm, mint.address)).toEqual({ mode: 2, count: 1n, total: 7n });

    // The owner's wallet refused: every transfer it signs is refused.
    expect((await setMode({ refuseAccount: alice.address })).ok).toBe(true);
    expect((await transfer('carol', 3n)).customError).toBe(TEST_HOOK_ACCOUNT_REFUSED);

    // Back to recording: both move, the record counts exactly the three that happened.
    expect((await setMode('record')).ok).toBe(true);
    expect((await transfer('bob', 5n)).ok).toBe(true);
    expect((await transfer('carol', 3n)).ok).toBe(true);
    expect(await testHookRecord(svm, mint.address)).toEqual({ mode: 0, count: 3n, total: 15n });
  });

  it('refuse: every transfer refused and none counted; only the authority switches modes', async () => {
    expect((await setMode('refuse')).ok).toBe(true);
    expect((await transfer('carol', 7n)).customError).toBe(TEST_HOOK_REFUSED);
    const stranger = await newKeyPairSigner();
    fund(svm, stranger.address);
    expect((await setMode('record', stranger)).ok).toBe(false);
    expect(await testHookRecord(svm, mint.address)).toEqual({ mode: 1, count: 0n, total: 0n });
  });
});
