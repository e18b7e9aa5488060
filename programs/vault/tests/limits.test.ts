/**
 * The largest basket (20 assets, alternating SPL Token and Token-2022 with multipliers):
 * compute units and transaction sizes of init, deposit and stablecoin withdrawal, which must
 * each fit one transaction (1,232 bytes with a lookup table, 1.4M CU).
 */

import {
  createIssuerMint,
  createMint,
  MAX_TRANSACTION_BYTES,
  send,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Basket,
  depositIx,
  initVaultIx,
  newDepositor,
  pda,
  setupBasket,
  sizeWithLookupTable,
  stockHoldings,
  treasuryAccounts,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;

describe('a 20-asset basket', () => {
  let b: Basket;
  const cu: Record<string, bigint> = {};

  beforeAll(async () => {
    b = await setupBasket();
    // Replace the fixture's three assets by twenty.
    b.assets = [];
    for (let i = 0; i < 20; i++) {
      const legacy = i % 2 === 1;
      const mint = legacy
        ? await createMint(b.svm, b.payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 })
        : await createIssuerMint(b.svm, b.payer, { decimals: 8, multiplier: 1 + i / 37 });
      b.assets.push({
        mint,
        multiplier: legacy ? 1 : 1 + i / 37,
        priceUsd1e8: BigInt(1_000_000_000 + i * 77_777_777),
        weightBps: 500,
      });
    }
    b.holdings = await Promise.all(
      b.assets.map((a) => pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, a.mint.address])),
    );
  });

  async function sendBig(ixs: Instruction[], label: string): Promise<void> {
    const all = [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), ...ixs];
    const r = await send(b.svm, all, b.payer);
    expect(r.error).toBeNull();
    cu[label] = r.computeUnits;
    const bytes = await sizeWithLookupTable(all, b.payer);
    console.info(
      `${label} (20 assets): ${r.computeUnits} CU, ${r.txBytes} bytes plain, ${bytes} bytes with a lookup table`,
    );
    expect(bytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(r.computeUnits).toBeLessThan(1_400_000n);
  }

  it('initializes, fitting one transaction with a lookup table', async () => {
    await sendBig([initVaultIx(b)], 'init_vault');
  });

  it('deposits with all 20 assets held and priced', async () => {
    writeSnapshot(b);
    const alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 1_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(
      b,
      b.assets.map((a) =>
        a.mint.tokenProgram === TOKEN_PROGRAM_ADDRESS ? 3_000_000n : 300_000_000n,
      ),
    );
    await sendBig([depositIx(b, alice, 5_000n * USDC)], 'deposit');
  });

  it('withdraws stablecoin with all 20 assets priced', async () => {
    const bob = await newDepositor(b, 10_000n * USDC);
    expect((await send(b.svm, [depositIx(b, bob, 1_000n * USDC)], b.payer)).ok).toBe(true);
    const treasury = await treasuryAccounts(b);
    const ix = withdrawUsdcIx(
      b,
      bob.signer,
      {
        shareSource: bob.shareAccount,
        destination: bob.usdcAccount,
        treasuryStable: treasury.usdc,
      },
      { shares: 100n * USDC },
    );
    await sendBig([ix], 'withdraw_usdc');
  });

  it('records the numbers', () => {
    expect(Object.keys(cu)).toEqual(['init_vault', 'deposit', 'withdraw_usdc']);
  });
});
