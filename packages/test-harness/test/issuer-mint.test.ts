// The issuer mint factory against the real Token-2022 program in LiteSVM: the full extension
// set of the live tokenized stocks, the default-state and hook options, token accounts sized
// for what the mint requires, and the issuer's powers (burn by the permanent delegate,
// freeze and thaw).
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import {
  createIssuerMint,
  createTokenAccount,
  delegateBurnInstruction,
  freezeInstruction,
  fund,
  isFrozen,
  MINT_EXTENSION,
  mintExtensionTypes,
  mintTo,
  newKeyPairSigner,
  scaledUiAmountOf,
  send,
  TEST_HOOK_PROGRAM_ADDRESS,
  tokenAccountSpace,
  tokenAmount,
} from '../src/index.ts';

async function world() {
  const svm = new LiteSVM();
  const payer = await newKeyPairSigner();
  fund(svm, payer.address);
  return { svm, payer };
}

describe('createIssuerMint', () => {
  it('creates a mint with the issuer extension set, multiplier and metadata', async () => {
    const { svm, payer } = await world();
    const mint = await createIssuerMint(svm, payer, { multiplier: 1.0571 });
    expect(new Set(mintExtensionTypes(svm, mint.address))).toEqual(
      new Set([
        MINT_EXTENSION.scaledUiAmount,
        MINT_EXTENSION.permanentDelegate,
        MINT_EXTENSION.pausable,
        MINT_EXTENSION.defaultAccountState,
        MINT_EXTENSION.confidentialTransferMint,
        MINT_EXTENSION.transferHook,
        MINT_EXTENSION.metadataPointer,
        MINT_EXTENSION.tokenMetadata,
      ]),
    );
    expect(scaledUiAmountOf(svm, mint.address)?.multiplier).toBe(1.0571);
    expect(mint.hookProgram).toBeNull();
    // Token accounts carry PausableAccount and TransferHookAccount.
    expect(tokenAccountSpace(svm, mint.address)).toBe(166 + 4 + 4 + 1);
  });

  it('lets the permanent delegate burn from any holder, and the issuer freeze and thaw', async () => {
    const { svm, payer } = await world();
    const mint = await createIssuerMint(svm, payer, { multiplier: 2.5, decimals: 9 });
    const holder = await newKeyPairSigner();
    const account = await createTokenAccount(svm, payer, mint, holder.address);
    await mintTo(svm, payer, mint, account, 1_000n);
    expect((await send(svm, [delegateBurnInstruction(mint, account, 400n)], payer)).ok).toBe(true);
    expect(tokenAmount(svm, account)).toBe(600n);
    expect((await send(svm, [freezeInstruction(mint, account, true)], payer)).ok).toBe(true);
    expect(isFrozen(svm, account)).toBe(true);
    expect((await send(svm, [freezeInstruction(mint, account, false)], payer)).ok).toBe(true);
    expect(isFrozen(svm, account)).toBe(false);
  });

  it('starts new accounts frozen when asked, and sets a hook program when given', async () => {
    const { svm, payer } = await world();
    const mint = await createIssuerMint(svm, payer, {
      multiplier: 1.25,
      defaultState: 'frozen',
      hookProgram: TEST_HOOK_PROGRAM_ADDRESS,
    });
    expect(mint.hookProgram).toBe(TEST_HOOK_PROGRAM_ADDRESS);
    expect(mintExtensionTypes(svm, mint.address)).toContain(MINT_EXTENSION.defaultAccountState);
    // createTokenAccount thaws an account of a default-frozen mint (the issuer's KYC step).
    const owner = await newKeyPairSigner();
    const account = await createTokenAccount(svm, payer, mint, owner.address);
    expect(isFrozen(svm, account)).toBe(false);
  });
});
