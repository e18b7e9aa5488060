// Shared setup of the test-swap venue's tests: a LiteSVM with the venue loaded, a stablecoin
// on SPL Token (6 decimals) and a tokenized stock on Token-2022 (8 decimals, non-unit
// ScaledUiAmount multiplier), a pool of the two seeded by its owner, and a funded trader.

import {
  createMint,
  createSvm,
  fund,
  mintTo,
  newKeyPairSigner,
  send,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  associatedTokenAddress,
  decodePool,
  findPoolPda,
  getAddLiquidityInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializePoolInstruction,
  type PoolAccountsInput,
  TEST_SWAP_PROGRAM_ADDRESS,
} from '@basket/test-swap-client';
import type { Address, KeyPairSigner } from '@solana/kit';
import type { LiteSVM } from 'litesvm';

/** Non-unit multiplier of the stock: raw amounts move, the display changes. */
export const STOCK_MULTIPLIER = 1.0571;
export const FEE_BPS = 30;
/** Seed liquidity: 10,000 shares at $250 (raw units). */
export const SEED_STOCK = 10_000n * 10n ** 8n;
export const SEED_USD = 2_500_000n * 10n ** 6n;

export interface SwapWorld {
  svm: LiteSVM;
  payer: KeyPairSigner;
  owner: KeyPairSigner;
  trader: KeyPairSigner;
  stock: TestMint;
  usd: TestMint;
  pool: Address;
  accounts: PoolAccountsInput;
  ownerStock: Address;
  ownerUsd: Address;
  traderStock: Address;
  traderUsd: Address;
}

/** An associated token account of `owner` for `mint`, created (idempotently) by `payer`. */
export async function ata(
  svm: LiteSVM,
  payer: KeyPairSigner,
  mint: TestMint,
  owner: Address,
): Promise<Address> {
  const account = await associatedTokenAddress({
    owner,
    mint: mint.address,
    tokenProgram: mint.tokenProgram,
  });
  const ix = getCreateAssociatedTokenIdempotentInstruction({
    payer,
    account,
    owner,
    mint: mint.address,
    tokenProgram: mint.tokenProgram,
  });
  const r = await send(svm, [ix], payer);
  if (!r.ok) throw new Error(`create ATA failed: ${r.error}`);
  return account;
}

/** Builds the world; `seed: false` leaves the pool uninitialized (vaults created). */
export async function setupSwap(
  options: {
    seed?: boolean;
    stock?: (svm: LiteSVM, payer: KeyPairSigner) => Promise<TestMint>;
  } = {},
): Promise<SwapWorld> {
  const svm = createSvm({ 'test-swap': TEST_SWAP_PROGRAM_ADDRESS });
  const payer = await newKeyPairSigner();
  const owner = await newKeyPairSigner();
  const trader = await newKeyPairSigner();
  for (const k of [payer, owner, trader]) fund(svm, k.address);
  const usd = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
  const stock = options.stock
    ? await options.stock(svm, payer)
    : await createMint(svm, payer, {
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
        decimals: 8,
        scaledUiAmountMultiplier: STOCK_MULTIPLIER,
      });
  const [pool] = await findPoolPda({ stockMint: stock.address, usdMint: usd.address });
  const accounts: PoolAccountsInput = {
    pool,
    stockMint: stock.address,
    usdMint: usd.address,
    stockVault: await ata(svm, payer, stock, pool),
    usdVault: await ata(svm, payer, usd, pool),
    stockTokenProgram: stock.tokenProgram,
    usdTokenProgram: usd.tokenProgram,
  };
  const w: SwapWorld = {
    svm,
    payer,
    owner,
    trader,
    stock,
    usd,
    pool,
    accounts,
    ownerStock: await ata(svm, payer, stock, owner.address),
    ownerUsd: await ata(svm, payer, usd, owner.address),
    traderStock: await ata(svm, payer, stock, trader.address),
    traderUsd: await ata(svm, payer, usd, trader.address),
  };
  await mintTo(svm, payer, stock, w.ownerStock, SEED_STOCK * 2n);
  await mintTo(svm, payer, usd, w.ownerUsd, SEED_USD * 2n);
  await mintTo(svm, payer, stock, w.traderStock, 100n * 10n ** 8n);
  await mintTo(svm, payer, usd, w.traderUsd, 100_000n * 10n ** 6n);
  if (options.seed !== false) {
    await expectSent(w, [initializePoolIx(w)], w.owner);
    await expectSent(
      w,
      [
        getAddLiquidityInstruction({
          ...accounts,
          owner,
          ownerStock: w.ownerStock,
          ownerUsd: w.ownerUsd,
          stockAmount: SEED_STOCK,
          usdAmount: SEED_USD,
        }),
      ],
      w.owner,
    );
  }
  return w;
}

export function initializePoolIx(w: SwapWorld, feeBps = FEE_BPS) {
  return getInitializePoolInstruction({
    owner: w.owner,
    pool: w.pool,
    stockMint: w.stock.address,
    usdMint: w.usd.address,
    stockVault: w.accounts.stockVault,
    usdVault: w.accounts.usdVault,
    feeBps,
  });
}

export async function expectSent(
  w: SwapWorld,
  ixs: Parameters<typeof send>[1],
  payer: KeyPairSigner,
) {
  const r = await send(w.svm, ixs, payer);
  if (!r.ok) throw new Error(`transaction failed: ${r.error}`);
  return r;
}

/** The pool as stored, with its vaults' real balances. */
export function poolState(w: SwapWorld) {
  const account = w.svm.getAccount(w.pool);
  if (!account.exists) throw new Error(`pool ${w.pool} does not exist`);
  const pool = decodePool(Uint8Array.from(account.data));
  return {
    ...pool,
    stockReserve: tokenAmount(w.svm, pool.stockVault),
    usdReserve: tokenAmount(w.svm, pool.usdVault),
  };
}
