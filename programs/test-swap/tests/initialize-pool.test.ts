import {
  accountBytes,
  createMint,
  createTokenAccount,
  fund,
  newKeyPairSigner,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { findPoolPda, getInitializePoolInstruction, TestSwapError } from '@basket/test-swap-client';
import { lamports } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { ata, FEE_BPS, initializePoolIx, poolState, setupSwap } from './fixture.ts';

describe('initialize_pool', () => {
  it('stores the pair, its vaults, the fee and the owner at the canonical pool PDA', async () => {
    // Given a stock, the stablecoin and the pool's two vaults
    const w = await setupSwap({ seed: false });
    // When the owner initializes the pool
    const r = await send(w.svm, [initializePoolIx(w)], w.owner);
    // Then the pool records exactly that
    expect(r.error).toBeNull();
    const [, bump] = await findPoolPda({ stockMint: w.stock.address, usdMint: w.usd.address });
    expect(poolState(w)).toMatchObject({
      bump,
      feeBps: FEE_BPS,
      owner: w.owner.address,
      stockMint: w.stock.address,
      usdMint: w.usd.address,
      stockVault: w.accounts.stockVault,
      usdVault: w.accounts.usdVault,
      stockReserve: 0n,
      usdReserve: 0n,
    });
  });

  it('refuses a second initialize and leaves the pool unchanged', async () => {
    // Given an initialized pool
    const w = await setupSwap({ seed: false });
    await send(w.svm, [initializePoolIx(w)], w.owner);
    const before = accountBytes(w.svm, [w.pool]);
    // When a stranger initializes it again to become its owner
    const stranger = await newKeyPairSigner();
    fund(w.svm, stranger.address);
    const ix = getInitializePoolInstruction({
      owner: stranger,
      pool: w.pool,
      stockMint: w.stock.address,
      usdMint: w.usd.address,
      stockVault: w.accounts.stockVault,
      usdVault: w.accounts.usdVault,
      feeBps: 0,
    });
    const r = await send(w.svm, [ix], stranger);
    // Then it fails with AlreadyInitialized (107) and nothing changed
    expect(r.customError).toBe(107);
    expect(accountBytes(w.svm, [w.pool])).toEqual(before);
  });

  it('refuses a fee above 10%', async () => {
    const w = await setupSwap({ seed: false });
    const r = await send(w.svm, [initializePoolIx(w, 1_001)], w.owner);
    expect(r.customError).toBe(TestSwapError.FeeTooHigh);
    expect(w.svm.getAccount(w.pool).exists).toBe(false);
  });

  it('refuses a pool of a mint against itself', async () => {
    const w = await setupSwap({ seed: false });
    const [pool] = await findPoolPda({ stockMint: w.stock.address, usdMint: w.stock.address });
    const ix = getInitializePoolInstruction({
      owner: w.owner,
      pool,
      stockMint: w.stock.address,
      usdMint: w.stock.address,
      stockVault: w.accounts.stockVault,
      usdVault: w.accounts.stockVault,
      feeBps: FEE_BPS,
    });
    const r = await send(w.svm, [ix], w.owner);
    expect(r.customError).toBe(TestSwapError.SameMint);
  });

  it('refuses a vault that the pool does not own', async () => {
    // Given a stock token account owned by the would-be pool owner, not the pool
    const w = await setupSwap({ seed: false });
    const foreign = await ata(w.svm, w.payer, w.stock, w.owner.address);
    const ix = { ...initializePoolIx(w) };
    const accounts = [...(ix.accounts ?? [])];
    accounts[4] = { ...accounts[4]!, address: foreign };
    // When it is passed as the stock vault
    const r = await send(w.svm, [{ ...ix, accounts }], w.owner);
    // Then the pool is not created
    expect(r.customError).toBe(TestSwapError.InvalidVault);
    expect(w.svm.getAccount(w.pool).exists).toBe(false);
  });

  it('refuses a vault of another mint', async () => {
    const w = await setupSwap({ seed: false });
    const other = await createMint(w.svm, w.payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 8,
      scaledUiAmountMultiplier: 2.5,
    });
    const wrong = await createTokenAccount(w.svm, w.payer, other, w.pool);
    const ix = initializePoolIx(w);
    const accounts = [...(ix.accounts ?? [])];
    accounts[4] = { ...accounts[4]!, address: wrong };
    const r = await send(w.svm, [{ ...ix, accounts }], w.owner);
    expect(r.customError).toBe(TestSwapError.InvalidVault);
  });

  for (const [name, type, len] of [
    ['a transfer fee', 1, 108],
    ['interest-bearing', 10, 52],
    ['non-transferable', 9, 0],
  ] as const) {
    it(`refuses a stock mint with ${name}: the quote could not be exact`, async () => {
      // Given a Token-2022 mint carrying the extension (written as bytes)
      const w = await setupSwap({ seed: false });
      const bad = (await newKeyPairSigner()).address;
      const data = new Uint8Array(165 + 1 + 4 + len);
      data[44] = 8;
      data[45] = 1;
      data[165] = 1;
      new DataView(data.buffer).setUint16(166, type, true);
      new DataView(data.buffer).setUint16(168, len, true);
      w.svm.setAccount({
        address: bad,
        data,
        executable: false,
        lamports: lamports(w.svm.minimumBalanceForRentExemption(BigInt(data.length))),
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
        space: BigInt(data.length),
      });
      const [pool] = await findPoolPda({ stockMint: bad, usdMint: w.usd.address });
      const ix = getInitializePoolInstruction({
        owner: w.owner,
        pool,
        stockMint: bad,
        usdMint: w.usd.address,
        stockVault: w.accounts.stockVault,
        usdVault: w.accounts.usdVault,
        feeBps: FEE_BPS,
      });
      // When the pool is initialized, Then it is refused and nothing is created
      const r = await send(w.svm, [ix], w.owner);
      expect(r.customError).toBe(TestSwapError.UnsupportedMint);
      expect(w.svm.getAccount(pool).exists).toBe(false);
    });
  }

  it('refuses an initialize the owner did not sign', async () => {
    const w = await setupSwap({ seed: false });
    const ix = initializePoolIx(w);
    const accounts = [...(ix.accounts ?? [])];
    accounts[0] = { address: w.owner.address, role: 1 }; // writable, not a signer
    const r = await send(w.svm, [{ ...ix, accounts }], w.payer);
    expect(r.customError).toBe(100);
  });
});
