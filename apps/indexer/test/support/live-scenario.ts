// Every live-operation and issuer event from real transactions in LiteSVM, recorded as the
// webhook items a provider would post: withdrawal requests (fulfilled, cancelled, open, and
// a nonce used again once closed), a rebalance leg and its settle, a holding burned below its
// book, a changed permanent delegate, a frozen holding and a paused mint skipped in kind,
// a batched redemption begun and paid, keeper and trade-authority rotations (applied,
// cancelled), a management fee and the withdrawal fees collected, a pause and unpause, and
// one failed transaction.
import {
  DEFAULT_PROGRAM_ADDRESSES,
  getApplyRotationInstructionFor,
  getBeginRedemptionInstructionFor,
  getCancelRotationInstructionFor,
  getCancelWithdrawalInstructionFor,
  getCollectWithdrawFeesInstructionFor,
  getFulfilWithdrawalInstructionFor,
  getPayRedemptionInstructionFor,
  getQueueRotationInstructionFor,
  getRequestWithdrawUsdcInstructionFor,
  getSetPausedInstructionFor,
  ROTATION_KIND,
  readAccounts,
  redemptionClaimAccount,
} from '@basket/sdk';
import {
  delegateBurnInstruction,
  freezeInstruction,
  type IssuerMint,
  newKeyPairSigner,
  pauseInstruction,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import { getCollectMgmtFeeInstruction, getRefreshNavInstruction } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { svmRpc } from '../../../../packages/sdk/test/support/svm-rpc.ts';
import { fundedVault, readVault } from '../../../../packages/sdk/test/support/vault-world.ts';
import {
  assetPairs,
  type Basket,
  depositIx,
  MONDAY_15H,
  newDepositor,
  newRedeemerAccounts,
  treasuryAccounts,
  withdrawInKindIx,
  writeSnapshot,
} from '../../../../programs/vault/tests/fixture.ts';
import {
  type Leg,
  minAcceptedIn,
  newCounterparty,
  swapIxs,
} from '../../../../programs/vault/tests/rebalance-fixture.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { land, setPermanentDelegateInstruction } from './svm-items.ts';

export const PROGRAMS = DEFAULT_PROGRAM_ADDRESSES;
export const LIVE_SKU = 'TECH-01';
const USDC = 1_000_000n;

export type LiveScenario = Readonly<{
  b: Basket;
  owner: Address;
  /** Every transaction, in the order the chain ran them. */
  items: TransactionItem[];
  /** Signatures of the transactions the assertions name. */
  sig: Record<string, string>;
  /** What the chain did, measured on the accounts (not read from the events). */
  measured: Readonly<{
    requestShares: bigint;
    /** The wallet's share balance at the end, and the stablecoin it received in kind. */
    sharesHeld: bigint;
    inKindCash: bigint;
    fulfilledNet: bigint;
    fulfilledFee: bigint;
    settledIncrease: bigint;
    payAmount: bigint;
    legMint: Address;
    book0: bigint;
    newDelegate: Address;
    issuer: Address;
    newKeeper: Address;
    rotationEta: bigint;
    mgmtFeeShares: bigint;
    /** Stablecoin collect_withdraw_fees paid to the treasury. */
    withdrawFeesCollected: bigint;
    /** Stablecoin the redemption's payment delivered. */
    redemptionCash: bigint;
  }>;
}>;

/** Runs the scenario on a fresh basket; every transaction but the named failure succeeds. */
export async function liveScenario(): Promise<LiveScenario> {
  const { b } = await fundedVault();
  // The wallet whose whole history is indexed (the fixture's first depositor provides the
  // vault's liquidity, before anything is recorded).
  const alice = await newDepositor(b, 20_000n * USDC);
  const items: TransactionItem[] = [];
  const sig: Record<string, string> = {};
  const step = async (name: string, ixs: Parameters<typeof land>[1], expectOk = true) => {
    const r = await land(b, ixs);
    if (r.ok !== expectOk) throw new Error(`${name}: ok=${r.ok}\n${r.logs.join('\n')}`);
    items.push(r.item);
    sig[name] = r.item.transaction.signatures[0] as string;
  };
  const vault = () => readVault(b);
  await step('deposit', [depositIx(b, alice, 10_000n * USDC)]);
  const treasury = await treasuryAccounts(b);
  const shares = tokenAmount(b.svm, alice.shareAccount) / 8n;
  const request = async (name: string, nonce: bigint) =>
    step(name, [
      (
        await getRequestWithdrawUsdcInstructionFor({
          owner: alice.signer,
          vault: await vault(),
          shareSource: alice.shareAccount,
          shares,
          minOut: 1n,
          nonce,
        })
      ).instruction,
    ]);
  const fulfil = async () =>
    (
      await getFulfilWithdrawalInstructionFor({
        keeper: b.keeper,
        vault: await vault(),
        owner: alice.signer.address,
        nonce: 7n,
        destination: alice.usdcAccount,
        treasuryStable: treasury.usdc,
      })
    ).instruction;

  await request('request7', 7n);
  // Forward pricing: a fulfilment at the snapshot the request saw fails (a real failed tx).
  await step('fulfilTooEarly', [await fulfil()], false);
  setUnixTime(b.svm, MONDAY_15H + 30n);
  writeSnapshot(b);
  const usdc0 = tokenAmount(b.svm, alice.usdcAccount);
  // The fee stays in the cash buffer, owed to the treasury (collect_withdraw_fees pays it).
  const fee0 = (await vault()).data.withdrawFeesOwed;
  await step('fulfil7', [await fulfil()]);
  const fulfilledNet = tokenAmount(b.svm, alice.usdcAccount) - usdc0;
  const fulfilledFee = (await vault()).data.withdrawFeesOwed - fee0;
  await request('request8', 8n);
  const cancel = await getCancelWithdrawalInstructionFor({
    caller: alice.signer,
    vault: await vault(),
    owner: alice.signer.address,
    nonce: 8n,
    shareDestination: alice.shareAccount,
  });
  await step('cancel8', [cancel.instruction]);
  await request('request9', 9n);
  // Nonce 7's request account was closed when it was paid: the nonce can be used again.
  await request('request7again', 7n);

  // A batched redemption: the claim fixes what is owed, anyone pays it.
  const begin = await getBeginRedemptionInstructionFor({
    owner: alice.signer,
    vault: await vault(),
    shareSource: alice.shareAccount,
    shares,
    nonce: 0n,
  });
  await step('beginRedemption', [begin.instruction]);
  const [claim] = await readAccounts(svmRpc(b.svm), [redemptionClaimAccount(begin.claim)]);
  if (!claim.exists) throw new Error('redemption claim missing');
  const redeemed = await newRedeemerAccounts(b, alice.signer.address);
  const pay = await getPayRedemptionInstructionFor({
    vault: await vault(),
    claim: { address: claim.address, data: claim.data },
    slots: [0, 1, 2],
    cash: true,
    destinations: new Map(redeemed.assetAccounts.map((account, i) => [i, account])),
    stableDestination: redeemed.usdcAccount,
  });
  await step('payRedemption', [pay.instruction]);
  const redemptionCash = tokenAmount(b.svm, redeemed.usdcAccount);

  // A rebalance: cash pays for asset 1 through the test venue, then the settle books it.
  const c = await newCounterparty(b);
  const payAmount = 50n * USDC;
  const leg: Leg = {
    pay: 'cash',
    receive: 1,
    payAmount,
    receiveAmount: minAcceptedIn(b, 'cash', 1, payAmount, 50n),
  };
  const held1 = tokenAmount(b.svm, b.holdings[1] as Address);
  await step('rebalance', swapIxs(b, c, leg));
  const settledIncrease = tokenAmount(b.svm, b.holdings[1] as Address) - held1;

  // The issuer: burns half of asset 0's holding, then names a new delegate for asset 2.
  const refresh = () =>
    getRefreshNavInstruction({
      vault: b.vault,
      navSnapshot: b.snapshot,
      assetAccounts: assetPairs(b),
    });
  const xStock = b.assets[0]?.mint as IssuerMint;
  const split = b.assets[2]?.mint as IssuerMint;
  const book0 = (await vault()).data.assets[0]?.holdingsRaw ?? 0n;
  await land(b, [delegateBurnInstruction(xStock, b.holdings[0] as Address, book0 / 2n)]);
  await step('refreshAfterBurn', [refresh()]);
  const newDelegate = (await newKeyPairSigner()).address;
  await land(b, [setPermanentDelegateInstruction(split, newDelegate)]);
  await step('refreshAfterDelegate', [refresh()]);
  // A frozen holding (asset 0) and a paused mint (asset 2): in kind pays only asset 1.
  await land(b, [freezeInstruction(xStock, b.holdings[0] as Address, true)]);
  await land(b, [pauseInstruction(split, true)]);
  const out = await newRedeemerAccounts(b, alice.signer.address);
  // The owner's signed consent names the two slots left to the other holders.
  await step('inKind', [
    withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares, undefined, 0b101),
  ]);
  const inKindCash = tokenAmount(b.svm, out.usdcAccount);

  // Rotations: a new keeper applied after the 48 h timelock, a trade authority cancelled.
  const adminSigners = b.admins.slice(0, 3);
  const newKeeper = (await newKeyPairSigner()).address;
  const queuedAt = b.svm.getClock().unixTimestamp;
  const queue = async (kind: 1 | 2) =>
    getQueueRotationInstructionFor({ vault: await vault(), kind, newKey: newKeeper, adminSigners })
      .instruction;
  await step('queueKeeper', [await queue(ROTATION_KIND.keeper)]);
  setUnixTime(b.svm, queuedAt + 48n * 3600n);
  await step('applyKeeper', [
    getApplyRotationInstructionFor({ vault: await vault(), kind: ROTATION_KIND.keeper })
      .instruction,
  ]);
  await step('queueTrade', [await queue(ROTATION_KIND.tradeAuthority)]);
  await step('cancelTrade', [
    getCancelRotationInstructionFor({
      vault: await vault(),
      kind: ROTATION_KIND.tradeAuthority,
      adminSigners,
    }).instruction,
  ]);
  // Two days on, the management fee accrued since the last collection is minted.
  const feeShares0 = tokenAmount(b.svm, treasury.shares);
  await step('collectMgmtFee', [
    getCollectMgmtFeeInstruction({
      vault: b.vault,
      shareMint: b.shareMint,
      treasuryShares: treasury.shares,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    }),
  ]);
  const mgmtFeeShares = tokenAmount(b.svm, treasury.shares) - feeShares0;
  // The withdrawal fees the buffer kept, paid to the treasury's stablecoin account.
  const stable0 = tokenAmount(b.svm, treasury.usdc);
  await step('collectWithdrawFees', [
    (
      await getCollectWithdrawFeesInstructionFor({
        vault: await vault(),
        treasuryStable: treasury.usdc,
      })
    ).instruction,
  ]);
  const withdrawFeesCollected = tokenAmount(b.svm, treasury.usdc) - stable0;
  // The circuit breaker, on and off.
  for (const paused of [true, false]) {
    await step(paused ? 'pause' : 'unpause', [
      getSetPausedInstructionFor({ vault: b.vault, paused, adminSigners }).instruction,
    ]);
  }
  return {
    b,
    owner: alice.signer.address,
    items,
    sig,
    measured: {
      requestShares: shares,
      sharesHeld: tokenAmount(b.svm, alice.shareAccount),
      inKindCash,
      fulfilledNet,
      fulfilledFee,
      settledIncrease,
      payAmount,
      legMint: b.assets[1]?.mint.address as Address,
      book0,
      newDelegate,
      issuer: split.issuer.address,
      newKeeper,
      rotationEta: queuedAt + 48n * 3600n,
      mgmtFeeShares,
      withdrawFeesCollected,
      redemptionCash,
    },
  };
}
