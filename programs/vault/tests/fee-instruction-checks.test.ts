/**
 * The fee collectors' own checks, each asserted by its own error on a call that would
 * otherwise land (a fee due, fees owed), with every account left as it was. Written to kill
 * three mutants the mutation run left alive (docs/mutants.md): collect_perf_fee's
 * instruction-data check and share-mint check, and collect_withdraw_fees' instruction-data
 * check, each removed. Issuer mints with non-unit multipliers, as `setupBasket` makes them.
 */

import {
  accountBytes,
  createTokenAccount,
  send,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getCollectWithdrawFeesInstruction,
  VAULT_ERROR__INVALID_INSTRUCTION_DATA,
  VAULT_ERROR__WRONG_SHARE_MINT,
} from '@basket/vault-client';
import type { Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  collectPerfFeeIx,
  depositedVault,
  MONDAY_15H,
  perfFeeDue,
  readVault,
  treasuryAccounts,
  withdrawUsdcIx,
} from './fixture.ts';

const USDC = 1_000_000n;

const withTrailingByte = (ix: Instruction): Instruction => ({
  ...ix,
  data: Uint8Array.from([...(ix.data ?? []), 0]),
});

describe('collect_perf_fee checks (a fee due)', () => {
  it('refuses trailing instruction data with InvalidInstructionData and changes nothing', async () => {
    const { b, treasury } = await perfFeeDue();
    const ix = collectPerfFeeIx(b, treasury.shares);
    const watched = [b.vault, b.shareMint, treasury.shares];
    const before = accountBytes(b.svm, watched);
    const r = await send(b.svm, [withTrailingByte(ix)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_INSTRUCTION_DATA);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    // The same call without the byte crystallizes a fee: the refusal was the data's alone.
    expect((await send(b.svm, [ix], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBeGreaterThan(0n);
  });

  it("refuses a share mint that is not the vault's with WrongShareMint and changes nothing", async () => {
    const { b, treasury } = await perfFeeDue();
    // Another Token-2022 mint of the basket (an issuer's stock) in the share mint's slot.
    const other = b.assets[1]?.mint;
    if (!other) throw new Error('fixture');
    const otherAccount = await createTokenAccount(b.svm, b.payer, other, b.treasury.address);
    const watched = [b.vault, b.shareMint, treasury.shares, other.address, otherAccount];
    const before = accountBytes(b.svm, watched);
    const r = await send(b.svm, [collectPerfFeeIx(b, treasury.shares, other.address)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__WRONG_SHARE_MINT);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    expect(readVault(b).lastPerfFeeTime).toBe(MONDAY_15H);
  });
});

describe('collect_withdraw_fees checks (fees owed)', () => {
  it('refuses trailing instruction data with InvalidInstructionData and changes nothing', async () => {
    const { b, alice } = await depositedVault();
    const treasury = await treasuryAccounts(b);
    const withdraw = withdrawUsdcIx(
      b,
      alice.signer,
      {
        shareSource: alice.shareAccount,
        destination: alice.usdcAccount,
        treasuryStable: treasury.usdc,
      },
      { shares: 1_000n * USDC },
    );
    expect((await send(b.svm, [withdraw], b.payer)).error).toBeNull();
    const owed = readVault(b).withdrawFeesOwed;
    expect(owed).toBeGreaterThan(0n);
    const ix = getCollectWithdrawFeesInstruction({
      vault: b.vault,
      stableMint: b.usdc.address,
      cashHolding: b.cashHolding,
      treasuryStable: treasury.usdc,
      stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const watched = [b.vault, b.cashHolding, treasury.usdc];
    const before = accountBytes(b.svm, watched);
    const r = await send(b.svm, [withTrailingByte(ix)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_INSTRUCTION_DATA);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    // Without the byte the fees owed are paid: the refusal was the data's alone.
    expect((await send(b.svm, [ix], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(owed);
  });
});
