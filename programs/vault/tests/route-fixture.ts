/**
 * Route helpers for rebalance tests: the test-swap venue loaded next to the vault with a
 * pool of asset 0 against the stablecoin seeded at the oracle price (the aggregator's
 * on-chain venue), an RFQ provider with its own accounts, and sending a transaction the
 * provider partially signed first (the RFQ sequence: decode, co-sign, submit).
 */

import {
  createTokenAccount,
  fund,
  mintTo,
  newKeyPairSigner,
  programPath,
  type SendResult,
  send,
} from '@basket/test-harness';
import {
  findPoolPda,
  getAddLiquidityInstruction,
  getInitializePoolInstruction,
  type PoolAccountsInput,
  quoteExactIn,
  TEST_SWAP_PROGRAM_ADDRESS,
} from '@basket/test-swap-client';
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { TransactionMetadata } from 'litesvm';
import type { Basket, TestAsset } from './fixture.ts';
import { sideValue } from './rebalance-fixture.ts';

export const POOL_FEE_BPS = 10;

export interface Venue {
  accounts: PoolAccountsInput;
}

/** Loads test-swap into the basket's LiteSVM and seeds a deep pool of asset 0 at the oracle price. */
export async function seedVenue(b: Basket): Promise<Venue> {
  b.svm.addProgramFromFile(TEST_SWAP_PROGRAM_ADDRESS, programPath('test-swap'));
  const owner = await newKeyPairSigner();
  fund(b.svm, owner.address, 10n);
  const stock = (b.assets[0] as TestAsset).mint;
  const [pool] = await findPoolPda({ stockMint: stock.address, usdMint: b.usdc.address });
  const accounts: PoolAccountsInput = {
    pool,
    stockMint: stock.address,
    usdMint: b.usdc.address,
    stockVault: await createTokenAccount(b.svm, b.payer, stock, pool),
    usdVault: await createTokenAccount(b.svm, b.payer, b.usdc, pool),
    stockTokenProgram: stock.tokenProgram,
    usdTokenProgram: b.usdc.tokenProgram,
  };
  const ownerStock = await createTokenAccount(b.svm, b.payer, stock, owner.address);
  const ownerUsd = await createTokenAccount(b.svm, b.payer, b.usdc, owner.address);
  // 100,000 tokens against their oracle value: a $100 trade moves the price by ~0.0004%.
  const stockAmount = 100_000n * 10n ** 8n;
  const usdAmount = sideValue(b, 0, stockAmount, false);
  await mintTo(b.svm, b.payer, stock, ownerStock, stockAmount);
  await mintTo(b.svm, b.payer, b.usdc, ownerUsd, usdAmount);
  const init = getInitializePoolInstruction({ owner, ...accounts, feeBps: POOL_FEE_BPS });
  const add = getAddLiquidityInstruction({
    ...accounts,
    owner,
    ownerStock,
    ownerUsd,
    stockAmount,
    usdAmount,
  });
  const r = await send(b.svm, [init, add], owner);
  if (!r.ok) throw new Error(`venue: ${r.error}`);
  return { accounts };
}

/** What the venue pays for `amountIn` (buying: stablecoin in; selling: stock in). */
export function venueQuote(b: Basket, v: Venue, buying: boolean, amountIn: bigint): bigint {
  const stock = balance(b, v.accounts.stockVault);
  const usd = balance(b, v.accounts.usdVault);
  return quoteExactIn({
    reserveIn: buying ? usd : stock,
    reserveOut: buying ? stock : usd,
    amountIn,
    feeBps: POOL_FEE_BPS,
  }).amountOut;
}

function balance(b: Basket, account: PoolAccountsInput['pool']): bigint {
  const info = b.svm.getAccount(account);
  if (!info.exists) throw new Error(`${account} does not exist`);
  return new DataView(Uint8Array.from(info.data).buffer).getBigUint64(64, true);
}

/** An RFQ provider: its own wallet holding asset 0 and the stablecoin. */
export async function newProvider(b: Basket) {
  const signer = await newKeyPairSigner();
  fund(b.svm, signer.address, 10n);
  const stock = (b.assets[0] as TestAsset).mint;
  const asset0 = await createTokenAccount(b.svm, b.payer, stock, signer.address);
  await mintTo(b.svm, b.payer, stock, asset0, 10n ** 14n);
  const usdc = await createTokenAccount(b.svm, b.payer, b.usdc, signer.address);
  await mintTo(b.svm, b.payer, b.usdc, usdc, 10n ** 12n);
  return { signer, asset0, usdc };
}

/**
 * The RFQ sequence: the provider signs the transaction first (its own instructions plus
 * the vault's leg and settle), then the keeper and the trade authority co-sign; the fee
 * payer is the keeper.
 */
export async function sendPartiallySigned(
  b: Basket,
  ixs: Instruction[],
  first: KeyPairSigner,
  then: KeyPairSigner[],
): Promise<SendResult> {
  b.svm.expireBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(b.keeper.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: b.svm.latestBlockhash() as never, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(ixs, m),
  );
  const quoted = await partiallySignTransaction([first.keyPair], compileTransaction(message));
  const signed = await partiallySignTransaction(
    then.map((s) => s.keyPair),
    quoted,
  );
  const result = b.svm.sendTransaction(signed as never);
  if (result instanceof TransactionMetadata) {
    return {
      ok: true,
      computeUnits: result.computeUnitsConsumed(),
      logs: result.logs(),
      customError: null,
      txBytes: 0,
      error: null,
    };
  }
  const logs = result.meta().logs();
  const custom = logs.map((l) => /custom program error: 0x([0-9a-f]+)/.exec(l)).find((m) => m);
  return {
    ok: false,
    computeUnits: result.meta().computeUnitsConsumed(),
    logs,
    customError: custom?.[1] ? Number.parseInt(custom[1], 16) : null,
    txBytes: 0,
    error: `${String(result.err())}\n${logs.join('\n')}`,
  };
}
