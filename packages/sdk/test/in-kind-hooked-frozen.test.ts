// The SDK's in-kind flows on a basket whose first stock has the issuer's transfer hook set
// (the test hook program, recording every transfer) and whose third stock the issuer can
// freeze or pause, against the real programs in LiteSVM. Non-unit multipliers (1.0571 on the
// hooked stock, 2.5 on the third); both are issuer mints with every extension.
import {
  createIssuerMint,
  createTestHookedMint,
  createTokenAccount,
  freezeInstruction,
  type IssuerMint,
  isFrozen,
  pauseInstruction,
  send,
  testHookRecord,
  tokenAmount,
} from '@basket/test-harness';
import { VAULT_ERROR__UNPAID_NOT_ACCEPTED, VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  newDepositor,
  pda,
  SKU,
  setupBasket,
  stockHoldings,
  type TestAsset,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  getBeginRedemptionInstructionFor,
  getNavQuote,
  getPayRedemptionInstructionsFor,
  getWithdrawInKindInstructionsFor,
  isSdkError,
  quoteInKindWithdrawal,
  readAccounts,
  readInKindTransfers,
  redemptionClaimAccount,
  SDK_ERROR__IN_KIND_SLOTS_NOT_PAID,
  type UnpaidReason,
  unpaidReason,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { readVault, run, USDC } from './support/vault-world.ts';

const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
const SHARES = 1_000n * USDC;

let b: Basket;
let alice: Depositor;
let hooked: IssuerMint;

async function ok(ixs: Instruction[]) {
  const r = await send(b.svm, ixs, b.payer);
  expect(r.error).toBeNull();
}

const third = () => (b.assets[2] as TestAsset).mint as IssuerMint;

/** The in-kind quote for alice, with what each transfer would meet. */
async function quoteForAlice() {
  const rpc = svmRpc(b.svm);
  const transfers = await readInKindTransfers(rpc, await readVault(b), alice.signer.address);
  const q = quoteInKindWithdrawal(await getNavQuote(rpc, SKU), SHARES, { transfers });
  if (!q.ok) throw new Error(q.refusal.message);
  return q;
}

/**
 * Alice withdraws a few shares in kind, which creates her ATAs (so a blocked mint's account
 * is not created while it is blocked); returns the flow (its accounts).
 */
async function withdrawAFewShares() {
  const flow = await getWithdrawInKindInstructionsFor(
    {
      owner: alice.signer,
      vault: await readVault(b),
      shares: USDC,
      shareSource: alice.shareAccount,
    },
    { rpc: svmRpc(b.svm) },
  );
  expect((await run(b, alice.signer, flow.instructions)).error).toBeNull();
  return flow;
}

async function refusalOf(acceptUnpaidSlots: boolean): Promise<unknown> {
  try {
    await getWithdrawInKindInstructionsFor(
      {
        owner: alice.signer,
        vault: await readVault(b),
        shares: SHARES,
        shareSource: alice.shareAccount,
        acceptUnpaidSlots,
      },
      { rpc: svmRpc(b.svm) },
    );
  } catch (e) {
    return e;
  }
  return null;
}

beforeEach(async () => {
  b = await setupBasket();
  hooked = await createTestHookedMint(b.svm, b.payer, { decimals: 8, multiplier: 1.0571 });
  (b.assets[0] as TestAsset).mint = hooked;
  b.holdings[0] = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, hooked.address]);
  await initVault(b);
  writeSnapshot(b);
  alice = await newDepositor(b, 100_000n * USDC);
  await ok([depositIx(b, alice, 10_000n * USDC)]);
  await stockHoldings(b, BOOKS);
});

describe('in kind on a hooked stock', () => {
  it('withdraw_in_kind and pay_redemption built by the SDK land, and the hook records exactly those transfers', async () => {
    const rpc = svmRpc(b.svm);
    const q = await quoteForAlice();
    expect(q.unpaid).toEqual([]);
    const flow = await getWithdrawInKindInstructionsFor(
      {
        owner: alice.signer,
        vault: await readVault(b),
        shares: SHARES,
        shareSource: alice.shareAccount,
      },
      { rpc },
    );
    // Priced by the SDK alone: no margin beyond the cost model.
    const r = await run(b, alice.signer, flow.instructions);
    expect(r.error).toBeNull();
    const paid = tokenAmount(b.svm, flow.accounts.assets[0] as Address);
    expect(paid).toBe(q.assets[0]?.amountRaw);
    expect(paid).toBeGreaterThan(0n);
    expect(await testHookRecord(b.svm, hooked.address)).toEqual({
      mode: 0,
      count: 1n,
      total: paid,
    });

    // A redemption claim of the same size, paid by the SDK's pay flow in one go.
    const begin = await getBeginRedemptionInstructionFor({
      owner: alice.signer,
      vault: await readVault(b),
      shareSource: alice.shareAccount,
      shares: SHARES,
      nonce: 1n,
    });
    expect((await run(b, alice.signer, [begin])).error).toBeNull();
    const [claim] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim)]);
    if (!claim.exists) throw new Error('claim missing');
    const pay = await getPayRedemptionInstructionsFor(
      { payer: alice.signer, vault: await readVault(b), claim, slots: [0, 1, 2], cash: true },
      { rpc },
    );
    expect(pay.deferred).toEqual([]);
    expect((await run(b, alice.signer, pay.instructions)).error).toBeNull();
    const owed = claim.data.owed[0] as bigint;
    expect(tokenAmount(b.svm, flow.accounts.assets[0] as Address)).toBe(paid + owed);
    expect(await testHookRecord(b.svm, hooked.address)).toEqual({
      mode: 0,
      count: 2n,
      total: paid + owed,
    });
    expect(b.svm.getAccount(begin.claim).exists).toBe(false);
  });
});

describe('slices that would not be paid', () => {
  const cases: { reason: UnpaidReason; block: () => Promise<void> }[] = [
    {
      reason: 'HoldingFrozen',
      block: () => ok([freezeInstruction(third(), b.holdings[2] as Address, true)]),
    },
    { reason: 'MintPaused', block: () => ok([pauseInstruction(third(), true)]) },
  ];
  for (const { reason, block } of cases) {
    it(`${reason}: the quote marks the slot, the builder refuses unless the forfeit is accepted, then the rest is paid`, async () => {
      const first = await withdrawAFewShares();
      await block();
      const q = await quoteForAlice();
      const slice = q.assets[2]?.amountRaw as bigint;
      expect(slice).toBeGreaterThan(0n);
      expect(q.unpaid).toEqual([{ slot: 2, mint: third().address, reason, amountRaw: slice }]);

      const refused = await refusalOf(false);
      expect(isSdkError(refused, SDK_ERROR__IN_KIND_SLOTS_NOT_PAID)).toBe(true);
      if (!isSdkError(refused, SDK_ERROR__IN_KIND_SLOTS_NOT_PAID)) return;
      expect(refused.context).toEqual({ slots: q.unpaid, acceptable: true });
      expect(refused.message).toContain(third().address);
      expect(refused.message).toContain(reason);
      expect(refused.message).toContain('begin_redemption');
      expect(refused.message).toContain('acceptUnpaidSlots');

      const before = first.accounts.assets.map((a) => tokenAmount(b.svm, a));
      const accepted = await getWithdrawInKindInstructionsFor(
        {
          owner: alice.signer,
          vault: await readVault(b),
          shares: SHARES,
          shareSource: alice.shareAccount,
          acceptUnpaidSlots: true,
        },
        { rpc: svmRpc(b.svm) },
      );
      expect(accepted.unpaid).toEqual(q.unpaid);
      expect((await run(b, alice.signer, accepted.instructions)).error).toBeNull();
      const got = first.accounts.assets.map((a, i) => tokenAmount(b.svm, a) - (before[i] ?? 0n));
      expect(got).toEqual([q.assets[0]?.amountRaw, q.assets[1]?.amountRaw, 0n]);
    });
  }

  it('the consent is what was signed: a pause landing after the build is refused by the program, and a named slot list covers only its slots', async () => {
    await withdrawAFewShares();
    // Built while every slot pays (no consent needed, none given), then the issuer pauses.
    const flow = await getWithdrawInKindInstructionsFor(
      {
        owner: alice.signer,
        vault: await readVault(b),
        shares: SHARES,
        shareSource: alice.shareAccount,
        acceptUnpaidSlots: true,
      },
      { rpc: svmRpc(b.svm) },
    );
    expect(flow.unpaid).toEqual([]);
    await ok([pauseInstruction(third(), true)]);
    const shares = tokenAmount(b.svm, alice.shareAccount);
    const landed = await run(b, alice.signer, flow.instructions);
    expect(landed.failure).toMatchObject({ code: VAULT_ERROR__UNPAID_NOT_ACCEPTED });
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(shares);
    // Consent naming another slot does not cover slot 2; naming slot 2 does.
    const build = (acceptUnpaidSlots: number[]) =>
      readVault(b).then((vault) =>
        getWithdrawInKindInstructionsFor(
          {
            owner: alice.signer,
            vault,
            shares: SHARES,
            shareSource: alice.shareAccount,
            acceptUnpaidSlots,
          },
          { rpc: svmRpc(b.svm) },
        ),
      );
    const refused = await build([0]).catch((e: unknown) => e);
    expect(isSdkError(refused, SDK_ERROR__IN_KIND_SLOTS_NOT_PAID)).toBe(true);
    const accepted = await build([2]);
    expect(accepted.unpaid.map((u) => u.slot)).toEqual([2]);
    expect((await run(b, alice.signer, accepted.instructions)).error).toBeNull();
  });

  it('DestinationFrozen: a frozen receiving account is refused even with the opt-in (the transfer would fail the withdrawal)', async () => {
    const first = await withdrawAFewShares();
    await ok([freezeInstruction(third(), first.accounts.assets[2] as Address, true)]);
    const q = await quoteForAlice();
    expect(q.unpaid).toEqual([
      {
        slot: 2,
        mint: third().address,
        reason: 'DestinationFrozen',
        amountRaw: q.assets[2]?.amountRaw,
      },
    ]);
    for (const accept of [false, true]) {
      const refused = await refusalOf(accept);
      expect(isSdkError(refused, SDK_ERROR__IN_KIND_SLOTS_NOT_PAID)).toBe(true);
      if (!isSdkError(refused, SDK_ERROR__IN_KIND_SLOTS_NOT_PAID)) return;
      expect(refused.context.acceptable).toBe(false);
      expect(refused.message).toContain('begin_redemption');
    }
  });

  it('DestinationFrozen: a missing account of a mint whose accounts start frozen counts as frozen', async () => {
    const frozenByDefault = await createIssuerMint(b.svm, b.payer, {
      decimals: 9,
      multiplier: 2.5,
      defaultState: 'frozen',
    });
    // A vault view whose one asset is that mint, held in an account that is not frozen (the
    // harness's account creation thaws it when the mint starts accounts frozen).
    const holding = await createTokenAccount(b.svm, b.payer, frozenByDefault, b.payer.address);
    if (isFrozen(b.svm, holding)) await ok([freezeInstruction(frozenByDefault, holding, false)]);
    expect(isFrozen(b.svm, holding)).toBe(false);
    const real = await readVault(b);
    const vault = {
      ...real,
      data: {
        ...real.data,
        assetCount: 1,
        assets: [
          {
            ...(real.data.assets[0] as (typeof real.data.assets)[number]),
            mint: frozenByDefault.address,
            holding,
          },
        ],
      },
    };
    const [t] = (await readInKindTransfers(svmRpc(b.svm), vault, alice.signer.address)).assets;
    expect(t).toMatchObject({
      destinationExists: false,
      destinationFrozen: true,
      holdingFrozen: false,
    });
    expect(t?.mintPaused).toBe(false);
    expect(t && unpaidReason(t)).toBe('DestinationFrozen');
  });

  it('pay_redemption leaves a frozen slot owed in the claim and pays it after the thaw', async () => {
    const rpc = svmRpc(b.svm);
    const begin = await getBeginRedemptionInstructionFor({
      owner: alice.signer,
      vault: await readVault(b),
      shareSource: alice.shareAccount,
      shares: SHARES,
      nonce: 7n,
    });
    expect((await run(b, alice.signer, [begin])).error).toBeNull();
    await ok([freezeInstruction(third(), b.holdings[2] as Address, true)]);
    const [claim] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim)]);
    if (!claim.exists) throw new Error('claim missing');
    const pay = await getPayRedemptionInstructionsFor(
      { payer: alice.signer, vault: await readVault(b), claim, slots: [0, 1, 2], cash: true },
      { rpc },
    );
    expect(pay.deferred).toEqual([
      { slot: 2, mint: third().address, reason: 'HoldingFrozen', amountRaw: claim.data.owed[2] },
    ]);
    expect([...pay.accounts.assets.keys()]).toEqual([0, 1]);
    expect((await run(b, alice.signer, pay.instructions)).error).toBeNull();
    const [left] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim)]);
    if (!left.exists) throw new Error('claim closed with a slot still owed');
    expect(left.data.owed).toEqual(claim.data.owed.map((o, i) => (i === 2 ? o : 0n)));
    expect((await testHookRecord(b.svm, hooked.address)).total).toBe(claim.data.owed[0]);

    await ok([freezeInstruction(third(), b.holdings[2] as Address, false)]);
    const later = await getPayRedemptionInstructionsFor(
      { payer: alice.signer, vault: await readVault(b), claim: left, slots: [2], cash: false },
      { rpc },
    );
    expect(later.deferred).toEqual([]);
    expect((await run(b, alice.signer, later.instructions)).error).toBeNull();
    expect(tokenAmount(b.svm, later.accounts.assets.get(2) as Address)).toBe(claim.data.owed[2]);
    expect(b.svm.getAccount(begin.claim).exists).toBe(false);
  });
});
