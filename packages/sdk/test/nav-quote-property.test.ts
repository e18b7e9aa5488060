// Properties: for random books, cash, prices (moving across snapshots, so the price memory is
// exercised) and deposit amounts, the vault program mints exactly the shares quoteDeposit
// quotes: `min_shares_out = quote` succeeds and `quote + 1` is refused.
import { send, tokenAmount } from '@basket/test-harness';
import { VAULT_ERROR__SLIPPAGE_EXCEEDED } from '@basket/vault-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  depositIx,
  FLAG_MARKET_OPEN,
  initVault,
  multiplierNum,
  newDepositor,
  patchVault,
  SKU,
  setupBasket,
  treasuryAccounts,
  withdrawUsdcIx,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import { getNavQuote, quoteDeposit, quoteStableWithdrawal, rawAmount } from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';

describe('quoteDeposit equals the vault program (property)', () => {
  it('mints exactly the quoted shares for random books, prices and amounts', async () => {
    const b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 10n ** 15n);
    expect((await send(b.svm, [depositIx(b, alice, 1_000_000_000n, 0n)], b.payer)).ok).toBe(true);
    let sequence = 1n;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 3, maxLength: 3 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.integer({ min: 50, max: 200 }), { minLength: 3, maxLength: 3 }),
        fc.bigInt({ min: 1_000_000n, max: 10n ** 11n }),
        fc.boolean(),
        async (books, cash, pricePct, amount, newSnapshot) => {
          // Given random books and cash, and (sometimes) a new snapshot at moved prices
          patchVault(b, (s) => ({
            ...s,
            cashRaw: cash,
            assets: s.assets.map((a, i) => (i < 3 ? { ...a, holdingsRaw: books[i]! } : a)),
          }));
          if (newSnapshot) {
            sequence += 1n;
            writeSnapshot(b, {
              sequence,
              entries: b.assets.map((a, i) => ({
                mint: a.mint.address,
                priceUsd1e8: (a.priceUsd1e8 * BigInt(pricePct[i]!)) / 100n,
                multiplierNum: multiplierNum(a.multiplier),
                flags: FLAG_MARKET_OPEN,
              })),
            });
          }
          // When the SDK quotes
          const q = quoteDeposit(await getNavQuote(svmRpc(b.svm), SKU), rawAmount(amount));
          // Then the program agrees to the share, or refuses with the quoted refusal
          if (!q.ok) {
            const r = await send(b.svm, [depositIx(b, alice, amount, 0n)], b.payer);
            expect(r.customError).toBe(q.refusal.code);
            return;
          }
          const tooMany = await send(b.svm, [depositIx(b, alice, amount, q.shares + 1n)], b.payer);
          expect(tooMany.customError).toBe(VAULT_ERROR__SLIPPAGE_EXCEEDED);
          const before = tokenAmount(b.svm, alice.shareAccount);
          const r = await send(b.svm, [depositIx(b, alice, amount, q.shares)], b.payer);
          expect(r.error).toBeNull();
          expect(tokenAmount(b.svm, alice.shareAccount) - before).toBe(q.shares);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('pays exactly the quoted stablecoin for random books, prices and share amounts', async () => {
    const b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 10n ** 15n);
    expect((await send(b.svm, [depositIx(b, alice, 10n ** 12n, 0n)], b.payer)).ok).toBe(true);
    const treasury = await treasuryAccounts(b);
    let sequence = 1n;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 10n }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 50, max: 200 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.boolean(),
        async (books, pricePct, perMille, newSnapshot) => {
          patchVault(b, (s) => ({
            ...s,
            assets: s.assets.map((a, i) => (i < 3 ? { ...a, holdingsRaw: books[i]! } : a)),
          }));
          if (newSnapshot) {
            sequence += 1n;
            writeSnapshot(b, {
              sequence,
              entries: b.assets.map((a, i) => ({
                mint: a.mint.address,
                priceUsd1e8: (a.priceUsd1e8 * BigInt(pricePct[i]!)) / 100n,
                multiplierNum: multiplierNum(a.multiplier),
                flags: FLAG_MARKET_OPEN,
              })),
            });
          }
          const shares = (tokenAmount(b.svm, alice.shareAccount) * BigInt(perMille)) / 10_000n;
          const q = quoteStableWithdrawal(await getNavQuote(svmRpc(b.svm), SKU), shares);
          const withdraw = (quotedOut: bigint) =>
            send(
              b.svm,
              [
                withdrawUsdcIx(
                  b,
                  alice.signer,
                  {
                    shareSource: alice.shareAccount,
                    destination: alice.usdcAccount,
                    treasuryStable: treasury.usdc,
                  },
                  { shares, maxSlipBps: 0, quotedOut },
                ),
              ],
              b.payer,
            );
          if (!q.ok) {
            expect((await withdraw(0n)).customError).toBe(q.refusal.code);
            return;
          }
          expect((await withdraw(q.netUsd + 1n)).customError).toBe(VAULT_ERROR__SLIPPAGE_EXCEEDED);
          const before = tokenAmount(b.svm, alice.usdcAccount);
          const r = await withdraw(q.netUsd);
          expect(r.error).toBeNull();
          expect(tokenAmount(b.svm, alice.usdcAccount) - before).toBe(q.netUsd);
        },
      ),
      { numRuns: 30 },
    );
  });
});
