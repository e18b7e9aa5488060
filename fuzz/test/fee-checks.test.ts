import {
  accountBytes,
  createTokenAccount,
  send,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import {
  getCollectMgmtFeeInstruction,
  getCollectPerfFeeInstruction,
  VAULT_ERROR__INVALID_INSTRUCTION_DATA,
  VAULT_ERROR__WRONG_SHARE_MINT,
} from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import {
  assetPairs,
  depositIx,
  initVault,
  MONDAY_15H,
  newDepositor,
  setupBasket,
  treasuryAccounts,
  writeSnapshot,
} from '../../programs/vault/tests/fixture.ts';

// Kills three mutants the mutation run left alive (docs/mutants.md): collect_mgmt_fee's
// instruction-data and share-mint checks and collect_perf_fee's instruction-data check
// removed. Each refusal is asserted by its own error and leaves every account as it was.
async function vaultWithFeeDue() {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 1_000_000_000n);
  expect((await send(b.svm, [depositIx(b, alice, 1_000_000_000n)], b.payer)).ok).toBe(true);
  const treasury = await treasuryAccounts(b);
  setUnixTime(b.svm, MONDAY_15H + 30n * 86_400n);
  return { b, treasury };
}

describe('collect_mgmt_fee checks', () => {
  it('refuses trailing instruction data (InvalidInstructionData) and changes nothing', async () => {
    const { b, treasury } = await vaultWithFeeDue();
    const ix = getCollectMgmtFeeInstruction({
      vault: b.vault,
      shareMint: b.shareMint,
      treasuryShares: treasury.shares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const padded = { ...ix, data: Uint8Array.from([...ix.data, 0]) };
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares]);
    const r = await send(b.svm, [padded], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_INSTRUCTION_DATA);
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares])).toEqual(before);
    // The same instruction without the extra byte lands (the refusal was the data's).
    expect((await send(b.svm, [ix], b.payer)).error).toBeNull();
  });

  it("refuses a share mint that is not the vault's (WrongShareMint) and changes nothing", async () => {
    const { b, treasury } = await vaultWithFeeDue();
    // Another Token-2022 mint of the world (a stock) with a treasury account of its own.
    const other = b.assets[0]?.mint;
    if (!other) throw new Error('fixture');
    const otherAccount = await createTokenAccount(b.svm, b.payer, other, b.treasury.address);
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares, otherAccount]);
    const r = await send(
      b.svm,
      [
        getCollectMgmtFeeInstruction({
          vault: b.vault,
          shareMint: other.address,
          treasuryShares: otherAccount,
          token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
        }),
      ],
      b.payer,
    );
    expect(r.customError).toBe(VAULT_ERROR__WRONG_SHARE_MINT);
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares, otherAccount])).toEqual(
      before,
    );
  });

  it('collect_perf_fee refuses trailing instruction data (InvalidInstructionData) and changes nothing', async () => {
    const { b, treasury } = await vaultWithFeeDue();
    const ix = getCollectPerfFeeInstruction({
      vault: b.vault,
      navSnapshot: b.snapshot,
      shareMint: b.shareMint,
      treasuryShares: treasury.shares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      assetAccounts: assetPairs(b),
    });
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares]);
    const r = await send(b.svm, [{ ...ix, data: Uint8Array.from([...ix.data, 0]) }], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__INVALID_INSTRUCTION_DATA);
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares])).toEqual(before);
  });
});
