// The flow builders with account creation, against the real programs in LiteSVM: a fresh
// wallet holding only USDC (no share, stablecoin or asset ATA) deposits, withdraws in
// stablecoin and in kind, and a third party cranks a redemption into ATAs the owner never
// created, with the SDK alone. The basket has non-unit multipliers (1.0571 and 2.5).
import { createTokenAccount, fund, mintTo, tokenAmount } from '@basket/test-harness';
import { type Address, generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { SKU, treasuryAccounts } from '../../../programs/vault/tests/fixture.ts';
import {
  type CostedInstruction,
  findAssociatedTokenAddress,
  getBeginRedemptionInstructionFor,
  getCreateAssociatedTokenAccountInstructionFor,
  getDepositInstructionsFor,
  getNavQuote,
  getPayRedemptionInstructionsFor,
  getWithdrawInKindInstructionsFor,
  getWithdrawUsdcInstructionsFor,
  measuredUnits,
  quoteDeposit,
  quoteStableWithdrawal,
  rawAmount,
  readAccounts,
  redemptionClaimAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run, USDC } from './support/vault-world.ts';

type World = Awaited<ReturnType<typeof fundedVault>>['b'];

/** A wallet with SOL and a USDC account at a random address: no ATA of anything. */
async function freshWallet(b: World, usdc: bigint) {
  const signer = await generateKeyPairSigner();
  fund(b.svm, signer.address, 10n);
  const usdcAccount = await createTokenAccount(b.svm, b.payer, b.usdc, signer.address);
  await mintTo(b.svm, b.payer, b.usdc, usdcAccount, usdc);
  return { signer, usdcAccount };
}

async function land(
  b: World,
  feePayer: World['payer'],
  instructions: readonly CostedInstruction[],
) {
  // The vault's own costs are checked in vault-builders.test.ts; margin for them here.
  const r = await run(b, feePayer, instructions, { computeMarginBps: 10_000 });
  expect(r.error).toBeNull();
  return r;
}

const exists = (b: World, address: Address) => b.svm.getAccount(address).exists;

describe('user flows create the accounts they pay into', () => {
  it('a fresh wallet without a share account deposits with the SDK alone', async () => {
    // Given a wallet holding only USDC in a non-associated account
    const { b } = await fundedVault();
    const w = await freshWallet(b, 1_000n * USDC);
    const vault = await readVault(b);
    const shareAta = await findAssociatedTokenAddress({
      owner: w.signer.address,
      mint: b.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    expect(exists(b, shareAta)).toBe(false);
    // When it quotes 250 USDC and builds the deposit flow
    const q = quoteDeposit(await getNavQuote(svmRpc(b.svm), SKU), rawAmount(250n * USDC));
    if (!q.ok) throw new Error(q.refusal.message);
    const flow = await getDepositInstructionsFor(
      {
        depositor: w.signer,
        vault,
        source: w.usdcAccount,
        rawAmount: q.rawAmount,
        minSharesOut: q.minSharesOut,
      },
      { rpc: svmRpc(b.svm) },
    );
    // Then the flow creates the share ATA first and the deposit mints into it
    expect(flow.instructions).toHaveLength(2);
    expect(flow.accounts.shares).toBe(shareAta);
    await land(b, w.signer, flow.instructions);
    expect(tokenAmount(b.svm, shareAta)).toBeGreaterThanOrEqual(q.minSharesOut);
    expect(tokenAmount(b.svm, shareAta)).toBeGreaterThan(0n);
    // and a second deposit reads the ATA and creates nothing
    const again = await getDepositInstructionsFor(
      {
        depositor: w.signer,
        vault,
        source: w.usdcAccount,
        rawAmount: rawAmount(10n * USDC),
        minSharesOut: 0n,
      },
      { rpc: svmRpc(b.svm) },
    );
    expect(again.instructions).toHaveLength(1);
    await land(b, w.signer, again.instructions);
  });

  it('withdraw_usdc creates the stablecoin ATA and pays into it; withdraw_in_kind creates one ATA per asset under its token program', async () => {
    const { b } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const w = await freshWallet(b, 1_000n * USDC);
    const vault = await readVault(b);
    const rpc = svmRpc(b.svm);
    const deposit = await getDepositInstructionsFor(
      {
        depositor: w.signer,
        vault,
        source: w.usdcAccount,
        rawAmount: rawAmount(500n * USDC),
        minSharesOut: 0n,
      },
      { rpc },
    );
    await land(b, w.signer, deposit.instructions);
    const shares = tokenAmount(b.svm, deposit.accounts.shares);
    // When it withdraws a third in stablecoin
    const q = quoteStableWithdrawal(await getNavQuote(rpc, SKU), shares / 3n);
    if (!q.ok) throw new Error(q.refusal.message);
    const usdcFlow = await getWithdrawUsdcInstructionsFor(
      {
        owner: w.signer,
        vault,
        treasuryStable: treasury.usdc,
        shares: shares / 3n,
        quotedOut: q.netUsd,
        maxSlipBps: 0,
      },
      { rpc },
    );
    expect(usdcFlow.instructions).toHaveLength(2);
    expect(exists(b, usdcFlow.accounts.stable)).toBe(false);
    await land(b, w.signer, usdcFlow.instructions);
    // Then the new stablecoin ATA holds exactly the quoted net
    expect(tokenAmount(b.svm, usdcFlow.accounts.stable)).toBe(q.netUsd);
    // When it withdraws the rest in kind
    const rest = tokenAmount(b.svm, deposit.accounts.shares);
    const inKind = await getWithdrawInKindInstructionsFor(
      { owner: w.signer, vault, shares: rest },
      { rpc },
    );
    // Then the stablecoin ATA exists (not created again) and each asset gets its ATA
    expect(inKind.instructions).toHaveLength(1 + b.assets.length);
    await land(b, w.signer, inKind.instructions);
    for (const [i, a] of b.assets.entries()) {
      const ata = inKind.accounts.assets[i] as Address;
      expect(ata).toBe(
        await findAssociatedTokenAddress({
          owner: w.signer.address,
          mint: a.mint.address,
          tokenProgram: a.mint.tokenProgram,
        }),
      );
      const account = b.svm.getAccount(ata);
      expect(account.exists && account.programAddress).toBe(a.mint.tokenProgram);
      expect(tokenAmount(b.svm, ata)).toBeGreaterThan(0n);
    }
    expect(new Set(b.assets.map((a) => a.mint.tokenProgram))).toEqual(
      new Set([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]),
    );
    expect(tokenAmount(b.svm, deposit.accounts.shares)).toBe(0n);
  });

  it('a crank pays a redemption claim into ATAs it creates for the owner', async () => {
    const { b } = await fundedVault();
    const w = await freshWallet(b, 1_000n * USDC);
    const crank = await generateKeyPairSigner();
    fund(b.svm, crank.address, 10n);
    const rpc = svmRpc(b.svm);
    const vault = await readVault(b);
    const deposit = await getDepositInstructionsFor(
      {
        depositor: w.signer,
        vault,
        source: w.usdcAccount,
        rawAmount: rawAmount(300n * USDC),
        minSharesOut: 0n,
      },
      { rpc },
    );
    await land(b, w.signer, deposit.instructions);
    const begin = await getBeginRedemptionInstructionFor({
      owner: w.signer,
      vault: await readVault(b),
      shareSource: deposit.accounts.shares,
      shares: tokenAmount(b.svm, deposit.accounts.shares),
      nonce: 0n,
    });
    await land(b, w.signer, [begin]);
    const [claim] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim)]);
    if (!claim.exists) throw new Error('claim missing');
    // When a crank first pays slot 1 alone (no cash)
    const slot1 = await getPayRedemptionInstructionsFor(
      { payer: crank, vault: await readVault(b), claim, slots: [1], cash: false },
      { rpc },
    );
    // Then it creates only that asset's ATA: the stablecoin account is not read without cash
    expect(slot1.instructions).toHaveLength(2);
    await land(b, crank, slot1.instructions);
    expect(tokenAmount(b.svm, slot1.accounts.assets.get(1) as Address)).toBe(claim.data.owed[1]);
    expect(exists(b, slot1.accounts.stable)).toBe(false);
    // When it pays slots 2 and 0 and the cash
    const [rest] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim)]);
    if (!rest.exists) throw new Error('claim closed early');
    const pay = await getPayRedemptionInstructionsFor(
      { payer: crank, vault: await readVault(b), claim: rest, slots: [2, 0], cash: true },
      { rpc },
    );
    expect(pay.instructions).toHaveLength(4);
    const usdcBefore = tokenAmount(b.svm, w.usdcAccount);
    await land(b, crank, pay.instructions);
    // Then the owner's new ATAs hold what the claim owed, and the claim is closed
    expect(pay.accounts.stable).toBe(slot1.accounts.stable);
    expect(tokenAmount(b.svm, pay.accounts.stable)).toBe(claim.data.cashOwed);
    expect(tokenAmount(b.svm, pay.accounts.assets.get(0) as Address)).toBe(claim.data.owed[0]);
    expect(tokenAmount(b.svm, pay.accounts.assets.get(2) as Address)).toBe(claim.data.owed[2]);
    expect(tokenAmount(b.svm, w.usdcAccount)).toBe(usdcBefore);
    expect(exists(b, begin.claim)).toBe(false);
  });

  it('creating an ATA costs no more than the cost model (Token-2022 share mint, then idempotent)', async () => {
    const { b } = await fundedVault();
    const w = await freshWallet(b, USDC);
    const create = await getCreateAssociatedTokenAccountInstructionFor({
      payer: w.signer,
      owner: w.signer.address,
      mint: b.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const first = await land(b, w.signer, [create]);
    const second = await land(b, w.signer, [create]);
    const model = measuredUnits(create.costs);
    const used = Number(first.computeUnits) - 150;
    expect(used).toBeLessThanOrEqual(model);
    expect(model * 2).toBeLessThanOrEqual(used * 3);
    expect(Number(second.computeUnits) - 150).toBeLessThan(used);
  });
});
