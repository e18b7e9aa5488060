/**
 * Rebalance-leg helpers: a wallet (by default the trade authority) with token accounts for
 * every mint of the basket, the direct route's transaction (rebalance_leg paying the trade
 * authority, its TransferChecked into the holding, rebalance_settle) and the BigInt
 * reference of the slippage bound.
 */

import {
  createTokenAccount,
  fund,
  getTransferCheckedInstruction,
  mintTo,
  type TestMint,
} from '@basket/test-harness';
import { getRebalanceLegInstruction, getRebalanceSettleInstruction } from '@basket/vault-client';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import {
  assetValueDown,
  assetValueUp,
  type Basket,
  multiplierNum,
  type TestAsset,
} from './fixture.ts';

export const INSTRUCTIONS_SYSVAR = 'Sysvar1nstructions1111111111111111111111111' as Address;

/** One side of a leg: the cash buffer (`'cash'`) or an asset index. */
export type Slot = 'cash' | number;

export interface Counterparty {
  signer: KeyPairSigner;
  /** Token account per asset, then the stablecoin account. */
  assets: Address[];
  usdc: Address;
}

export function mintOf(b: Basket, slot: Slot): TestMint {
  return slot === 'cash' ? b.usdc : (b.assets[slot] as TestAsset).mint;
}

export function holdingOf(b: Basket, slot: Slot): Address {
  return slot === 'cash' ? b.cashHolding : (b.holdings[slot] as Address);
}

export function accountOf(c: Counterparty, slot: Slot): Address {
  return slot === 'cash' ? c.usdc : (c.assets[slot] as Address);
}

/**
 * A wallet holding plenty of every mint; by default the vault's trade authority (the
 * company wallet of the direct route: it receives the vault's side and delivers its own).
 */
export async function newCounterparty(
  b: Basket,
  signer: KeyPairSigner = b.tradeAuthority,
): Promise<Counterparty> {
  if (signer !== b.tradeAuthority) fund(b.svm, signer.address, 10n);
  const assets: Address[] = [];
  for (const a of b.assets) {
    const account = await createTokenAccount(b.svm, b.payer, a.mint, signer.address);
    await mintTo(b.svm, b.payer, a.mint, account, 10n ** BigInt(a.mint.decimals + 6));
    assets.push(account);
  }
  const usdc = await createTokenAccount(b.svm, b.payer, b.usdc, signer.address);
  await mintTo(b.svm, b.payer, b.usdc, usdc, 10n ** 12n);
  return { signer, assets, usdc };
}

export interface Leg {
  pay: Slot;
  receive: Slot;
  payAmount: bigint;
  receiveAmount: bigint;
}

export function legIx(
  b: Basket,
  c: Counterparty,
  leg: Leg,
  o: {
    keeper?: KeyPairSigner;
    expectedMint?: Address;
    expectedAmount?: bigint;
    tradeAccount?: Address;
  } = {},
): Instruction {
  const pay = mintOf(b, leg.pay);
  const receive = mintOf(b, leg.receive);
  return getRebalanceLegInstruction({
    keeper: o.keeper ?? b.keeper,
    vault: b.vault,
    navSnapshot: b.snapshot,
    instructionsSysvar: INSTRUCTIONS_SYSVAR,
    payMint: pay.address,
    payHolding: holdingOf(b, leg.pay),
    tradeAccount: o.tradeAccount ?? accountOf(c, leg.pay),
    payTokenProgram: pay.tokenProgram,
    receiveMint: receive.address,
    receiveHolding: holdingOf(b, leg.receive),
    expectedMint: o.expectedMint ?? receive.address,
    expectedAmountRaw: o.expectedAmount ?? leg.receiveAmount,
    payAmountRaw: leg.payAmount,
  });
}

/** The counterparty's incoming transfer; `o` forges one field at a time. */
export function incomingIx(
  b: Basket,
  c: Counterparty,
  leg: Leg,
  o: { mint?: TestMint; source?: Address; destination?: Address; amount?: bigint } = {},
): Instruction {
  const mint = o.mint ?? mintOf(b, leg.receive);
  return getTransferCheckedInstruction({
    source:
      o.source ??
      (o.mint
        ? (c.assets[b.assets.findIndex((a) => a.mint === o.mint)] as Address)
        : accountOf(c, leg.receive)),
    mint: mint.address,
    destination: o.destination ?? holdingOf(b, leg.receive),
    authority: c.signer,
    amount: o.amount ?? leg.receiveAmount,
    decimals: mint.decimals,
    tokenProgram: mint.tokenProgram,
  });
}

export function settleIx(b: Basket, receive: Slot): Instruction {
  return getRebalanceSettleInstruction({ vault: b.vault, receiveHolding: holdingOf(b, receive) });
}

/** The whole swap transaction. */
export function swapIxs(b: Basket, c: Counterparty, leg: Leg): Instruction[] {
  return [legIx(b, c, leg), incomingIx(b, c, leg), settleIx(b, leg.receive)];
}

/** The program's value of `raw` units of a side (1e-6 USD), rounded up or down. */
export function sideValue(b: Basket, slot: Slot, raw: bigint, up: boolean): bigint {
  if (slot === 'cash') return raw;
  const a = b.assets[slot] as TestAsset;
  const f = up ? assetValueUp : assetValueDown;
  return f(raw, multiplierNum(a.multiplier), a.priceUsd1e8, a.mint.decimals);
}

/** A leg buying `asset` with `payAmount` of cash for the least the 50 bps bound accepts. */
export function buyLeg(b: Basket, asset: number, payAmount: bigint): Leg {
  const receiveAmount = minAcceptedIn(b, 'cash', asset, payAmount, 50n);
  return { pay: 'cash', receive: asset, payAmount, receiveAmount };
}

/** The smallest incoming raw amount the program accepts for `payAmount` at `slipBps`. */
export function minAcceptedIn(
  b: Basket,
  pay: Slot,
  receive: Slot,
  payAmount: bigint,
  slipBps: bigint,
): bigint {
  const out = sideValue(b, pay, payAmount, true);
  const floor = (out * (10_000n - slipBps) + 9_999n) / 10_000n;
  // Binary search on the monotone value function.
  let lo = 0n;
  let hi = 1n;
  while (sideValue(b, receive, hi, false) < floor) hi *= 2n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (sideValue(b, receive, mid, false) >= floor) hi = mid;
    else lo = mid + 1n;
  }
  return lo;
}
