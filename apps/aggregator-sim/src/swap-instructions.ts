// The instructions of a swap for a user, in the API's two forms: the instruction set of
// /swap-instructions (JSON: program id, accounts, base64 data) and the unsigned v0
// transaction of /swap (base64), fee payer the user, with a recent blockhash.

import { type AccountDataFetcher, resolveTransferHookAccounts } from '@basket/sdk';
import {
  associatedTokenAddress,
  getCreateAssociatedTokenIdempotentInstruction,
  getSwapInstruction,
  SwapDirection,
} from '@basket/test-swap-client';
import type { Instruction as ApiInstruction, SwapInstructionsResponse } from '@jup-ag/api';
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import type { SwapPlan } from './quote-response.ts';

/** The venue's swap costs ~6,200 CU; the limit leaves room for the idempotent ATA creation. */
export const SWAP_COMPUTE_UNITS = 60_000;

/** A kit instruction in the API's JSON form (base58 keys with their flags, base64 data). */
export const toApi = (ix: Instruction): ApiInstruction => ({
  programId: ix.programAddress,
  accounts: (ix.accounts ?? []).map((a) => ({
    pubkey: a.address,
    isSigner: a.role === AccountRole.READONLY_SIGNER || a.role === AccountRole.WRITABLE_SIGNER,
    isWritable: a.role === AccountRole.WRITABLE || a.role === AccountRole.WRITABLE_SIGNER,
  })),
  data: Buffer.from(ix.data ?? new Uint8Array()).toString('base64'),
});

/** What the caller may choose about a swap's transaction (the API's request fields). */
export type SwapOptions = Readonly<{
  /** Pays the fee and the output account's rent when it is not the user. */
  payer?: Address;
  /** Where the output goes instead of the user's associated token account. */
  destinationTokenAccount?: Address;
  /** A compute-unit price, for a priority fee. */
  computeUnitPriceMicroLamports?: bigint;
  /**
   * Reads accounts (the stock's mint, its hook's extra-account-meta list): with it, a stock
   * whose transfer-hook program is set gets the hook's accounts after the swap's own, which
   * the venue forwards to its TransferChecked.
   */
  accountData?: AccountDataFetcher;
}>;

/** The hook accounts of the swap's stock transfer (none without a hook or a reader). */
async function stockHookAccounts(
  plan: SwapPlan,
  user: Address,
  userStock: Address,
  accountData: AccountDataFetcher | undefined,
) {
  if (accountData === undefined) return [];
  const p = plan.pool;
  const mintData = await accountData(p.stockMint as Address);
  if (mintData === null) return [];
  const buying = plan.direction === SwapDirection.BuyStock;
  return resolveTransferHookAccounts(
    {
      mint: p.stockMint as Address,
      mintData,
      // Buying, the pool (its PDA signs) pays the stock out; selling, the user pays it in.
      source: buying ? (p.stockVault as Address) : userStock,
      destination: buying ? userStock : (p.stockVault as Address),
      authority: buying ? (p.pool as Address) : user,
      amount: buying ? plan.minAmountOut : plan.amountIn,
    },
    accountData,
  );
}

/** The kit instructions of a swap: budget, the user's output account, the swap. */
export async function swapInstructions(
  plan: SwapPlan,
  user: Address,
  options: SwapOptions = {},
): Promise<{ budget: Instruction[]; setup: Instruction[]; swap: Instruction }> {
  const p = plan.pool;
  const signer = createNoopSigner(user);
  const payer = options.payer ? createNoopSigner(options.payer) : signer;
  const buying = plan.direction === SwapDirection.BuyStock;
  const userStock =
    buying && options.destinationTokenAccount
      ? options.destinationTokenAccount
      : await associatedTokenAddress({
          owner: user,
          mint: p.stockMint as Address,
          tokenProgram: p.stockTokenProgram as Address,
        });
  const userUsd =
    !buying && options.destinationTokenAccount
      ? options.destinationTokenAccount
      : await associatedTokenAddress({
          owner: user,
          mint: p.usdMint as Address,
          tokenProgram: p.usdTokenProgram as Address,
        });
  const [outMint, outProgram, outAccount] = buying
    ? [p.stockMint, p.stockTokenProgram, userStock]
    : [p.usdMint, p.usdTokenProgram, userUsd];
  const setup = options.destinationTokenAccount
    ? []
    : [
        getCreateAssociatedTokenIdempotentInstruction({
          payer,
          account: outAccount as Address,
          owner: user,
          mint: outMint as Address,
          tokenProgram: outProgram as Address,
        }),
      ];
  const swap = getSwapInstruction({
    programAddress: p.program as Address,
    pool: p.pool as Address,
    stockMint: p.stockMint as Address,
    usdMint: p.usdMint as Address,
    stockVault: p.stockVault as Address,
    usdVault: p.usdVault as Address,
    stockTokenProgram: p.stockTokenProgram as Address,
    usdTokenProgram: p.usdTokenProgram as Address,
    user: signer,
    userStock: userStock as Address,
    userUsd: userUsd as Address,
    direction: plan.direction,
    amountIn: plan.amountIn,
    minAmountOut: plan.minAmountOut,
    hookAccounts: await stockHookAccounts(plan, user, userStock as Address, options.accountData),
  });
  const price = options.computeUnitPriceMicroLamports;
  return {
    budget: [
      getSetComputeUnitLimitInstruction({ units: SWAP_COMPUTE_UNITS }),
      ...(price ? [getSetComputeUnitPriceInstruction({ microLamports: price })] : []),
    ],
    setup,
    swap,
  };
}

/** The /swap-instructions answer. */
export async function swapInstructionsResponse(
  plan: SwapPlan,
  user: Address,
  options: SwapOptions = {},
): Promise<SwapInstructionsResponse> {
  const ix = await swapInstructions(plan, user, options);
  return {
    otherInstructions: [],
    computeBudgetInstructions: ix.budget.map(toApi),
    setupInstructions: ix.setup.map(toApi),
    swapInstruction: toApi(ix.swap),
    addressLookupTableAddresses: [],
  };
}

/** The /swap answer's transaction: unsigned, base64; the payer (the user unless named) pays. */
export async function swapTransaction(
  plan: SwapPlan,
  user: Address,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  options: SwapOptions & { legacy?: boolean } = {},
): Promise<string> {
  const ix = await swapInstructions(plan, user, options);
  const message = pipe(
    createTransactionMessage({ version: options.legacy ? 'legacy' : 0 }),
    (m) => setTransactionMessageFeePayer(options.payer ?? user, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions([...ix.budget, ...ix.setup, ix.swap], m),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}
