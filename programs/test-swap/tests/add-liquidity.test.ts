import { accountBytes, mintTo, send, tokenAmount } from '@basket/test-harness';
import { getAddLiquidityInstruction, TestSwapError } from '@basket/test-swap-client';
import { describe, expect, it } from 'vitest';
import { ata, poolState, SEED_STOCK, SEED_USD, setupSwap } from './fixture.ts';

describe('add_liquidity', () => {
  it('moves the owner’s raw amounts into the vaults by TransferChecked', async () => {
    // Given a seeded pool
    const w = await setupSwap();
    const before = poolState(w);
    // When the owner adds stock only
    const r = await send(
      w.svm,
      [
        getAddLiquidityInstruction({
          ...w.accounts,
          owner: w.owner,
          ownerStock: w.ownerStock,
          ownerUsd: w.ownerUsd,
          stockAmount: 123_456_789n,
          usdAmount: 0n,
        }),
      ],
      w.owner,
    );
    // Then the stock vault grew by exactly that and the stablecoin vault did not move
    expect(r.error).toBeNull();
    expect(poolState(w).stockReserve).toBe(before.stockReserve + 123_456_789n);
    expect(poolState(w).usdReserve).toBe(SEED_USD);
    expect(tokenAmount(w.svm, w.ownerStock)).toBe(SEED_STOCK - 123_456_789n);
    expect(
      r.logs.some((l) => /TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb invoke \[2\]/.test(l)),
    ).toBe(true);
  });

  it('refuses anyone but the pool owner', async () => {
    // Given a seeded pool and a trader holding both tokens
    const w = await setupSwap();
    const before = accountBytes(w.svm, [w.accounts.stockVault, w.accounts.usdVault]);
    // When the trader tries to add liquidity
    const r = await send(
      w.svm,
      [
        getAddLiquidityInstruction({
          ...w.accounts,
          owner: w.trader,
          ownerStock: w.traderStock,
          ownerUsd: w.traderUsd,
          stockAmount: 1n,
          usdAmount: 1n,
        }),
      ],
      w.trader,
    );
    // Then it fails with NotPoolOwner and the vaults are unchanged
    expect(r.customError).toBe(TestSwapError.NotPoolOwner);
    expect(accountBytes(w.svm, [w.accounts.stockVault, w.accounts.usdVault])).toEqual(before);
  });

  it('refuses a deposit of nothing', async () => {
    const w = await setupSwap();
    const r = await send(
      w.svm,
      [
        getAddLiquidityInstruction({
          ...w.accounts,
          owner: w.owner,
          ownerStock: w.ownerStock,
          ownerUsd: w.ownerUsd,
          stockAmount: 0n,
          usdAmount: 0n,
        }),
      ],
      w.owner,
    );
    expect(r.customError).toBe(TestSwapError.ZeroAmount);
  });

  it('refuses a vault other than the pool’s', async () => {
    // Given another stablecoin account owned by the pool PDA (not its recorded vault)
    const w = await setupSwap();
    const stray = await ata(w.svm, w.payer, w.usd, w.owner.address);
    await mintTo(w.svm, w.payer, w.usd, stray, 5n);
    const r = await send(
      w.svm,
      [
        getAddLiquidityInstruction({
          ...w.accounts,
          usdVault: stray,
          owner: w.owner,
          ownerStock: w.ownerStock,
          ownerUsd: w.ownerUsd,
          stockAmount: 1n,
          usdAmount: 1n,
        }),
      ],
      w.owner,
    );
    expect(r.customError).toBe(TestSwapError.PoolAccountMismatch);
  });
});
