/**
 * Stablecoin withdrawal requests in LiteSVM on the mixed basket (Token-2022 with
 * multipliers 1.0571 and 2.5, SPL Token, SPL Token USDC): request (shares into escrow),
 * fulfil by the keeper at a snapshot published after the request (forward pricing) with the
 * 0.05% fee and the owner's minimum, cancel by the owner or by anyone past 72 h, and the
 * immediate `withdraw_usdc` still paying small withdrawals from the buffer meanwhile.
 */

import {
  accountBytes,
  createTokenAccount,
  fund,
  newKeyPairSigner,
  send,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getCancelWithdrawalInstruction,
  VAULT_ERROR__INSUFFICIENT_CASH,
  VAULT_ERROR__NOT_KEEPER,
  VAULT_ERROR__REQUEST_NOT_EXPIRED,
  VAULT_ERROR__SLIPPAGE_EXCEEDED,
  VAULT_ERROR__SNAPSHOT_BEFORE_REQUEST,
  VAULT_ERROR__WRONG_DESTINATION,
  VAULT_ERROR__WRONG_REQUEST,
  VAULT_PROGRAM_ADDRESS,
} from '@basket/vault-client';
import type { Address, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  fulfilWithdrawalIx,
  initVault,
  MONDAY_15H,
  mintSupply,
  navAtPrices,
  newDepositor,
  readVault,
  requestPda as requestPdaOf,
  requestWithdrawIx,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';
import { type Leg, minAcceptedIn, newCounterparty, swapIxs } from './rebalance-fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
const DEADLINE = 72n * 3600n;

describe('stablecoin withdrawal requests', () => {
  let b: Basket;
  let alice: Depositor;
  let treasury: { usdc: Address; shares: Address };

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    treasury = await treasuryAccounts(b);
  });

  const requestPda = (owner: Address, nonce: bigint) => requestPdaOf(b, owner, nonce);
  const requestIx = (d: Depositor, shares: bigint, minOut: bigint, nonce = 1n) =>
    requestWithdrawIx(b, d, shares, minOut, nonce);
  const fulfilIx = (d: Depositor, o: { keeper?: KeyPairSigner; nonce?: bigint } = {}) =>
    fulfilWithdrawalIx(b, d, treasury.usdc, o);

  async function cancelIx(d: Depositor, caller: KeyPairSigner, shareDestination?: Address) {
    return getCancelWithdrawalInstruction({
      caller,
      vault: b.vault,
      request: await requestPda(d.signer.address, 1n),
      owner: d.signer.address,
      shareMint: b.shareMint,
      shareDestination: shareDestination ?? d.shareAccount,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
    });
  }

  /** Supply that prices everyone: minted + owed fee shares + escrowed shares. */
  function supply(): bigint {
    const s = readVault(b);
    return mintSupply(b.svm, b.shareMint) + s.feeSharesOwed + s.escrowedShares;
  }

  async function ok(ixs: Parameters<typeof send>[1]) {
    const r = await send(b.svm, ixs, b.payer);
    expect(r.error).toBeNull();
    return r;
  }

  async function refused(ixs: Parameters<typeof send>[1], code: number, watch: Address[]) {
    const before = accountBytes(b.svm, watch);
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, watch)).toEqual(before);
  }

  it('escrows the shares: burned from the owner, still in the supply that prices everyone', async () => {
    const shares = tokenAmount(b.svm, alice.shareAccount) / 2n;
    const supplyBefore = supply();
    const r = await ok([await requestIx(alice, shares, 1n)]);
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(shares + (supplyBefore - 2n * shares));
    const s = readVault(b);
    expect(s.escrowedShares).toBe(shares);
    expect(s.openRequests).toBe(1n);
    expect(supply()).toBe(supplyBefore);
    // The request account holds the owner, the shares, the minimum and the time.
    const account = b.svm.getAccount(await requestPda(alice.signer.address, 1n));
    expect(account.exists && account.programAddress).toBe(VAULT_PROGRAM_ADDRESS);
    console.info(`request_withdraw_usdc: ${r.computeUnits} CU`);
  });

  it('fulfils at a snapshot published after the request (forward pricing), fee rounded up', async () => {
    const shares = tokenAmount(b.svm, alice.shareAccount) / 4n;
    await ok([await requestIx(alice, shares, 1n)]);
    const watch = [b.vault, b.cashHolding, alice.usdcAccount, treasury.usdc];
    // The snapshot the request saw cannot pay it.
    await refused([await fulfilIx(alice)], VAULT_ERROR__SNAPSHOT_BEFORE_REQUEST, watch);
    // A later push with asset 0 down 2%: the request is paid at the new NAV.
    setUnixTime(b.svm, MONDAY_15H + 20n);
    (b.assets[0] as { priceUsd1e8: bigint }).priceUsd1e8 =
      ((b.assets[0]?.priceUsd1e8 as bigint) * 98n) / 100n;
    writeSnapshot(b);
    const nav = navAtPrices(b, 'down');
    const usdc0 = tokenAmount(b.svm, alice.usdcAccount);
    const lamports0 = b.svm.getBalance(alice.signer.address) ?? 0n;
    const r = await ok([await fulfilIx(alice)]);
    // The supply that priced it: minted + owed (accrued up to now) + the escrowed shares.
    const priced = mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed + shares;
    const gross = (shares * (nav + VIRTUAL_ASSETS_USD)) / (priced + VIRTUAL_SHARES);
    const fee = (gross * 5n + 9_999n) / 10_000n;
    expect(tokenAmount(b.svm, alice.usdcAccount)).toBe(usdc0 + gross - fee);
    // The fee stays in the cash buffer, owed to the treasury (collect_withdraw_fees pays it)
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(0n);
    const s = readVault(b);
    expect(s.withdrawFeesOwed).toBe(fee);
    expect(s.escrowedShares).toBe(0n);
    expect(s.openRequests).toBe(0n);
    // The request is closed and its rent went back to the owner.
    expect(b.svm.getAccount(await requestPda(alice.signer.address, 1n)).exists).toBe(false);
    expect((b.svm.getBalance(alice.signer.address) ?? 0n) > lamports0).toBe(true);
    console.info(`fulfil_withdrawal (3 assets): ${r.computeUnits} CU`);
  });

  it('refuses below min_out (the owner keeps the request), then the owner cancels for the exact shares', async () => {
    const shares = tokenAmount(b.svm, alice.shareAccount) / 4n;
    const held = tokenAmount(b.svm, alice.shareAccount);
    await ok([await requestIx(alice, shares, 10n ** 15n)]);
    setUnixTime(b.svm, MONDAY_15H + 20n);
    writeSnapshot(b);
    await refused([await fulfilIx(alice)], VAULT_ERROR__SLIPPAGE_EXCEEDED, [
      b.vault,
      b.cashHolding,
      alice.usdcAccount,
    ]);
    const r = await ok([await cancelIx(alice, alice.signer)]);
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(held);
    expect(readVault(b).escrowedShares).toBe(0n);
    expect(b.svm.getAccount(await requestPda(alice.signer.address, 1n)).exists).toBe(false);
    console.info(`cancel_withdrawal: ${r.computeUnits} CU`);
  });

  it('only the keeper fulfils; a request of another owner is refused', async () => {
    const shares = tokenAmount(b.svm, alice.shareAccount) / 4n;
    await ok([await requestIx(alice, shares, 1n)]);
    setUnixTime(b.svm, MONDAY_15H + 20n);
    writeSnapshot(b);
    const stranger = await newKeyPairSigner();
    fund(b.svm, stranger.address, 1n);
    const watch = [b.vault, b.cashHolding, alice.usdcAccount];
    await refused([await fulfilIx(alice, { keeper: stranger })], VAULT_ERROR__NOT_KEEPER, watch);
    const bob = await newDepositor(b, 0n);
    const ix = await fulfilIx(alice);
    const accounts = [...(ix.accounts ?? [])];
    accounts[4] = { ...accounts[4], address: bob.signer.address } as (typeof accounts)[4];
    await refused([{ ...ix, accounts }], VAULT_ERROR__WRONG_REQUEST, watch);
  });

  it('lets anyone cancel in the owner favour only from 72 h after the request', async () => {
    const held = tokenAmount(b.svm, alice.shareAccount);
    await ok([await requestIx(alice, held, 1n)]);
    const stranger = await newKeyPairSigner();
    fund(b.svm, stranger.address, 1n);
    const strangerShares = await createTokenAccount(
      b.svm,
      b.payer,
      { address: b.shareMint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
      stranger.address,
    );
    const watch = [b.vault, alice.shareAccount, strangerShares];
    setUnixTime(b.svm, MONDAY_15H + DEADLINE - 1n);
    await refused([await cancelIx(alice, stranger)], VAULT_ERROR__REQUEST_NOT_EXPIRED, watch);
    setUnixTime(b.svm, MONDAY_15H + DEADLINE);
    // Never into the canceller's own account.
    await refused(
      [await cancelIx(alice, stranger, strangerShares)],
      VAULT_ERROR__WRONG_DESTINATION,
      watch,
    );
    await ok([await cancelIx(alice, stranger)]);
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(held);
  });

  it('a request the buffer cannot pay waits for a sell leg; small withdrawals still pay at once', async () => {
    // Given alice asks for everything: more than the cash buffer holds
    const shares = tokenAmount(b.svm, alice.shareAccount);
    await ok([await requestIx(alice, shares, 1n)]);
    setUnixTime(b.svm, MONDAY_15H + 20n);
    writeSnapshot(b);
    const watch = [b.vault, b.cashHolding, alice.usdcAccount];
    await refused([await fulfilIx(alice)], VAULT_ERROR__INSUFFICIENT_CASH, watch);
    // Meanwhile bob's small withdrawal is paid at once, priced with the escrow in the supply
    const bob = await newDepositor(b, 1_000n * USDC);
    await ok([depositIx(b, bob, 100n * USDC)]);
    const bobShares = tokenAmount(b.svm, bob.shareAccount);
    const nav = navAtPrices(b, 'down');
    const gross = (bobShares * (nav + VIRTUAL_ASSETS_USD)) / (supply() + VIRTUAL_SHARES);
    const fee = (gross * 5n + 9_999n) / 10_000n;
    const bobUsdc = tokenAmount(b.svm, bob.usdcAccount);
    await ok([
      withdrawUsdcIx(
        b,
        bob.signer,
        {
          shareSource: bob.shareAccount,
          destination: bob.usdcAccount,
          treasuryStable: treasury.usdc,
        },
        { shares: bobShares },
      ),
    ]);
    expect(tokenAmount(b.svm, bob.usdcAccount)).toBe(bobUsdc + gross - fee);
    // When the keeper's withdrawal-router sells every asset into the buffer
    const ta = await newCounterparty(b);
    for (const i of [0, 1, 2]) {
      const payAmount = readVault(b).assets[i]?.holdingsRaw as bigint;
      const leg: Leg = {
        pay: i,
        receive: 'cash',
        payAmount,
        receiveAmount: minAcceptedIn(b, i, 'cash', payAmount, 0n),
      };
      await ok(swapIxs(b, ta, leg));
    }
    // Then the request is paid in full at the snapshot in force
    const usdc0 = tokenAmount(b.svm, alice.usdcAccount);
    await ok([await fulfilIx(alice)]);
    expect(tokenAmount(b.svm, alice.usdcAccount)).toBeGreaterThan(usdc0);
    expect(readVault(b).escrowedShares).toBe(0n);
  });
});
