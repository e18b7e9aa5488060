// The venue on a stock mint that carries the issuer's powers (ScaledUiAmount 1.0571,
// permanent delegate, pausable, freeze authority): vaults sized by the associated token
// program for the account extensions, exact quotes, a seizure from a pool vault moving the
// price (reserves are real balances), a paused mint stopping swaps with nothing changed.

import {
  accountBytes,
  fund,
  getCreateAccountInstruction,
  getInitializeMint2Instruction,
  getInitializeScaledUiAmountInstruction,
  newKeyPairSigner,
  send,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import { getSwapInstruction, quoteSwap, SwapDirection } from '@basket/test-swap-client';
import {
  type AccountMeta,
  AccountRole,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { beforeEach, describe, expect, it } from 'vitest';
import { poolState, STOCK_MULTIPLIER, type SwapWorld, setupSwap } from './fixture.ts';

const INITIALIZE_PERMANENT_DELEGATE = 35;
const PAUSABLE_EXTENSION = 44;
const BURN_CHECKED = 15;
/** base 165 + account type + ScaledUiAmount (4+56) + PermanentDelegate (4+32) + Pausable (4+33) */
const MINT_SPACE = 165 + 1 + 60 + 36 + 37;

const signerMeta = (s: KeyPairSigner): AccountMeta =>
  ({ address: s.address, role: AccountRole.READONLY_SIGNER, signer: s }) as AccountMeta;

function issuerStock(issuer: KeyPairSigner) {
  return async (svm: LiteSVM, payer: KeyPairSigner): Promise<TestMint> => {
    const mint = await newKeyPairSigner();
    const key = getAddressEncoder().encode(issuer.address);
    const r = await send(
      svm,
      [
        getCreateAccountInstruction({
          payer,
          newAccount: mint,
          lamports: svm.minimumBalanceForRentExemption(BigInt(MINT_SPACE)),
          space: MINT_SPACE,
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        }),
        getInitializeScaledUiAmountInstruction({
          mint: mint.address,
          authority: issuer.address,
          multiplier: STOCK_MULTIPLIER,
        }),
        {
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
          accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
          data: Uint8Array.from([INITIALIZE_PERMANENT_DELEGATE, ...key]),
        },
        {
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
          accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
          data: Uint8Array.from([PAUSABLE_EXTENSION, 0, ...key]),
        },
        getInitializeMint2Instruction({
          mint: mint.address,
          decimals: 8,
          mintAuthority: payer.address,
          freezeAuthority: issuer.address,
          tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
        }),
      ],
      payer,
    );
    if (!r.ok) throw new Error(`issuer mint: ${r.error}`);
    return {
      address: mint.address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 8,
      authority: payer,
    };
  };
}

function seize(w: SwapWorld, issuer: KeyPairSigner, amount: bigint): Instruction {
  const data = new Uint8Array(10);
  data[0] = BURN_CHECKED;
  new DataView(data.buffer).setBigUint64(1, amount, true);
  data[9] = 8;
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: w.accounts.stockVault, role: AccountRole.WRITABLE },
      { address: w.stock.address, role: AccountRole.WRITABLE },
      signerMeta(issuer),
    ],
    data,
  };
}

function swapIx(w: SwapWorld, direction: SwapDirection, amountIn: bigint, minAmountOut = 0n) {
  return getSwapInstruction({
    ...w.accounts,
    user: w.trader,
    userStock: w.traderStock,
    userUsd: w.traderUsd,
    direction,
    amountIn,
    minAmountOut,
  });
}

describe('the venue on an issuer-configured stock mint', () => {
  let w: SwapWorld;
  let issuer: KeyPairSigner;

  beforeEach(async () => {
    issuer = await newKeyPairSigner();
    w = await setupSwap({ stock: issuerStock(issuer) });
    fund(w.svm, issuer.address);
  });

  it('swaps both ways for exactly the quote', async () => {
    for (const [direction, amountIn] of [
      [SwapDirection.BuyStock, 2_500_000_000n],
      [SwapDirection.SellStock, 7n * 10n ** 8n],
    ] as const) {
      const quote = quoteSwap(poolState(w), direction, amountIn);
      const out = direction === SwapDirection.BuyStock ? w.traderStock : w.traderUsd;
      const before = tokenAmount(w.svm, out);
      const r = await send(w.svm, [swapIx(w, direction, amountIn, quote.amountOut)], w.trader);
      expect(r.error).toBeNull();
      expect(tokenAmount(w.svm, out) - before).toBe(quote.amountOut);
    }
  });

  it('prices on what the vault really holds after the issuer seizes from it', async () => {
    // Given the permanent delegate burns 40% of the pool's stock
    const seeded = poolState(w).stockReserve;
    const r0 = await send(w.svm, [seize(w, issuer, (seeded * 4n) / 10n)], w.payer);
    expect(r0.error).toBeNull();
    // When the trader buys, Then the price is the new reserves' (stock is scarcer)
    const usdIn = 1_000_000_000n;
    const quote = quoteSwap(poolState(w), SwapDirection.BuyStock, usdIn);
    const before = tokenAmount(w.svm, w.traderStock);
    const r = await send(
      w.svm,
      [swapIx(w, SwapDirection.BuyStock, usdIn, quote.amountOut)],
      w.trader,
    );
    expect(r.error).toBeNull();
    expect(tokenAmount(w.svm, w.traderStock) - before).toBe(quote.amountOut);
  });

  it('a paused mint stops swaps in the token program and nothing changes', async () => {
    const paused = await send(
      w.svm,
      [
        {
          programAddress: TOKEN_2022_PROGRAM_ADDRESS,
          accounts: [{ address: w.stock.address, role: AccountRole.WRITABLE }, signerMeta(issuer)],
          data: Uint8Array.of(PAUSABLE_EXTENSION, 1),
        },
      ],
      w.payer,
    );
    expect(paused.error).toBeNull();
    const watched = [w.accounts.stockVault, w.accounts.usdVault, w.traderStock, w.traderUsd];
    const before = accountBytes(w.svm, watched);
    const r = await send(w.svm, [swapIx(w, SwapDirection.BuyStock, 10n ** 6n)], w.trader);
    expect(r.ok).toBe(false);
    expect(accountBytes(w.svm, watched)).toEqual(before);
  });
});
