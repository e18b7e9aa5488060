/**
 * Batched in-kind redemption: begin_redemption burns shares into a claim with the raw
 * amounts fixed, pay_redemption pays named slots in as many transactions as the basket
 * needs (a 20-asset basket, alternating Token-2022 with multipliers and SPL Token). Every
 * rejection is the specific error with the touched accounts unchanged; every transaction
 * reads its compute units.
 */

import {
  accountBytes,
  MAX_TRANSACTION_BYTES,
  send,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getSetPausedInstruction,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__ASSET_NOT_ACTIVE,
  VAULT_ERROR__NOTHING_OWED,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_CLAIM,
  VAULT_ERROR__WRONG_DESTINATION,
} from '@basket/vault-client';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  basketOf,
  beginRedemptionIx,
  claimAddress,
  type Depositor,
  depositIx,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  initVaultIx,
  mintSupply,
  multiplierNum,
  newDepositor,
  newRedeemerAccounts,
  patchVault,
  payRedemptionIx,
  type Redeemer,
  readVault,
  sizeWithLookupTable,
  stockHoldings,
  VIRTUAL_SHARES,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const N = 20;

describe('batched in-kind redemption (20 assets)', () => {
  const lamportsOf = (address: Address): bigint => {
    const account = b.svm.getAccount(address);
    return account.exists ? BigInt(account.lamports) : 0n;
  };
  let b: Basket;
  let alice: Depositor;
  let to: Redeemer;
  const books: bigint[] = [];

  beforeAll(async () => {
    b = await basketOf(N);
    const init = await send(
      b.svm,
      [getSetComputeUnitLimitInstruction({ units: 1_400_000 }), initVaultIx(b)],
      b.payer,
    );
    expect(init.error).toBeNull();
  });

  beforeEach(async () => {
    // Fresh depositor and books for every test (the vault is shared; its state carries on).
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    books.splice(0);
    for (const a of b.assets)
      books.push(a.mint.tokenProgram === TOKEN_PROGRAM_ADDRESS ? 7_000_000n : 300_000_007n);
    await stockHoldings(b, books);
    to = await newRedeemerAccounts(b, alice.signer.address);
  });

  function beginIx(shares: bigint, nonce: bigint, claim: Address): Instruction {
    return beginRedemptionIx(b, alice.signer, {
      shareSource: alice.shareAccount,
      claim,
      shares,
      nonce,
    });
  }

  function payIx(
    claim: Address,
    slots: number[],
    o: { cash?: boolean; destinations?: Address[]; owner?: Address } = {},
  ): Instruction {
    return payRedemptionIx(b, {
      claim,
      owner: o.owner ?? alice.signer.address,
      to,
      slots,
      cash: o.cash,
      destinations: o.destinations,
    });
  }

  async function begin(shares: bigint, nonce: bigint): Promise<Address> {
    const claim = await claimAddress(b, alice.signer.address, nonce);
    const r = await send(b.svm, [beginIx(shares, nonce, claim)], b.payer);
    expect(r.error).toBeNull();
    console.info(`begin_redemption (${N} assets): ${r.computeUnits} CU, ${r.txBytes} bytes`);
    return claim;
  }

  async function expectRejected(ixs: Instruction[], touched: Address[], code: number) {
    const before = accountBytes(b.svm, touched);
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(r.computeUnits).toBeGreaterThan(0n);
    expect(accountBytes(b.svm, touched)).toEqual(before);
  }

  it('burns into a claim with fixed raw amounts, then pays all 20 assets and the cash in three transactions', async () => {
    // Given the pro-rata amounts the program must fix at burn time
    const s0 = readVault(b);
    const supply = mintSupply(b.svm, b.shareMint) + s0.feeSharesOwed;
    const shares = 1_000n * USDC;
    const owed = s0.assets
      .slice(0, N)
      .map((a) => (a.holdingsRaw * shares) / (supply + VIRTUAL_SHARES));
    const cashOwed = (s0.cashRaw * shares) / (supply + VIRTUAL_SHARES);
    // When Alice begins the redemption
    const claim = await begin(shares, 1n);
    // Then the books drop at once and the claim holds the amounts
    const s1 = readVault(b);
    s1.assets.slice(0, N).forEach((a, i) => {
      expect(a.holdingsRaw).toBe((s0.assets[i]?.holdingsRaw ?? 0n) - (owed[i] as bigint));
    });
    expect(s1.cashRaw).toBe(s0.cashRaw - cashOwed);
    // And three payments of 7 + 7 + 6 slots (cash with the first) deliver every amount
    const groups = [
      [0, 1, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12, 13],
      [14, 15, 16, 17, 18, 19],
    ];
    const rent = lamportsOf(claim);
    const ownerLamports = lamportsOf(alice.signer.address);
    for (const [k, slots] of groups.entries()) {
      const ix = payIx(claim, slots, { cash: k === 0 });
      const all = [getSetComputeUnitLimitInstruction({ units: 400_000 }), ix];
      const r = await send(b.svm, all, b.payer);
      expect(r.error).toBeNull();
      const bytes = await sizeWithLookupTable(all, b.payer);
      expect(bytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
      console.info(
        `pay_redemption (${slots.length} slots${k === 0 ? ' + cash' : ''}): ${r.computeUnits} CU, ${bytes} bytes with a lookup table`,
      );
    }
    b.assets.forEach((_, i) => {
      expect(tokenAmount(b.svm, to.assetAccounts[i] as Address)).toBe(owed[i]);
    });
    expect(tokenAmount(b.svm, to.usdcAccount)).toBe(cashOwed);
    // And the settled claim is closed, its rent back with the owner
    expect(b.svm.getAccount(claim).exists).toBe(false);
    expect(lamportsOf(alice.signer.address)).toBe(ownerLamports + rent);
  });

  it('a frozen asset delays only its own slot', async () => {
    const claim = await begin(500n * USDC, 2n);
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 3 ? FLAG_MARKET_OPEN | FLAG_CORPORATE_ACTION_FREEZE : FLAG_MARKET_OPEN,
      })),
    });
    await expectRejected(
      [payIx(claim, [2, 3])],
      [b.vault, claim, b.holdings[2] as Address, b.holdings[3] as Address],
      VAULT_ERROR__ASSET_FROZEN,
    );
    const r = await send(b.svm, [payIx(claim, [0, 1, 2, 4], { cash: true })], b.payer);
    expect(r.error).toBeNull();
    writeSnapshot(b);
    const r2 = await send(b.svm, [payIx(claim, [3])], b.payer);
    expect(r2.error).toBeNull();
    expect(tokenAmount(b.svm, to.assetAccounts[3] as Address)).toBeGreaterThan(0n);
    expect(b.svm.getAccount(claim).exists).toBe(true);
  });

  it('pays a slot of an asset retired after the claim was made', async () => {
    // Given a claim owing asset 4, then the asset retired (test-only state injection:
    // weight 0 and book 0, as set_asset_status requires) and dropped from the snapshot
    const claim = await begin(200n * USDC, 5n);
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) => (i === 4 ? { ...a, status: 3, holdingsRaw: 0n } : a)),
    }));
    writeSnapshot(b, {
      entries: b.assets
        .filter((_, i) => i !== 4)
        .map((a) => ({
          mint: a.mint.address,
          priceUsd1e8: a.priceUsd1e8,
          multiplierNum: multiplierNum(a.multiplier),
        })),
    });
    // When the slot is paid
    const r = await send(b.svm, [payIx(claim, [4])], b.payer);
    // Then the owed raw amount arrives
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, to.assetAccounts[4] as Address)).toBeGreaterThan(0n);
    // while a Frozen asset still waits (guards apply to assets the vault prices)
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) => (i === 6 ? { ...a, status: 2 } : a)),
    }));
    await expectRejected(
      [payIx(claim, [6])],
      [b.vault, claim, b.holdings[6] as Address],
      VAULT_ERROR__ASSET_NOT_ACTIVE,
    );
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) =>
        i === 6 ? { ...a, status: 1 } : i === 4 ? { ...a, status: 1 } : a,
      ),
    }));
  });

  it('anyone may crank a payment to the owner, never to another account', async () => {
    const claim = await begin(200n * USDC, 3n);
    const stranger = await generateKeyPairSigner();
    const theirs = await newRedeemerAccounts(b, stranger.address);
    await expectRejected(
      [payIx(claim, [1], { destinations: [theirs.assetAccounts[1] as Address] })],
      [b.vault, claim, b.holdings[1] as Address, theirs.assetAccounts[1] as Address],
      VAULT_ERROR__WRONG_DESTINATION,
    );
    await expectRejected(
      [payIx(claim, [1], { owner: stranger.address })],
      [b.vault, claim],
      VAULT_ERROR__WRONG_CLAIM,
    );
    // The payment instruction needs no signature: the fee payer alone cranks it.
    const ix = payIx(claim, [1]);
    expect(ix.accounts?.some((m) => m.role === AccountRole.WRITABLE_SIGNER)).toBe(false);
    expect((await send(b.svm, [ix], b.payer)).ok).toBe(true);
  });

  it('a slot is paid once', async () => {
    const claim = await begin(200n * USDC, 4n);
    expect((await send(b.svm, [payIx(claim, [5])], b.payer)).ok).toBe(true);
    await expectRejected(
      [payIx(claim, [5])],
      [b.vault, claim, b.holdings[5] as Address],
      VAULT_ERROR__NOTHING_OWED,
    );
  });

  it('rejects zero shares, an owner who did not sign, a second begin with the same nonce, and keeps the remaining holders whole', async () => {
    const claim = await claimAddress(b, alice.signer.address, 9n);
    const unsigned = beginIx(100n * USDC, 9n, claim);
    const metas = [...(unsigned.accounts ?? [])];
    metas[0] = { address: alice.signer.address, role: AccountRole.WRITABLE };
    await expectRejected(
      [{ ...unsigned, accounts: metas }],
      [b.vault, alice.shareAccount],
      100, // MissingSigner
    );
    await expectRejected(
      [beginIx(0n, 9n, claim)],
      [b.vault, alice.shareAccount],
      VAULT_ERROR__AMOUNT_TOO_SMALL,
    );
    // Value per share of the others is unchanged by a redemption (to rounding).
    const s0 = readVault(b);
    const supply0 = mintSupply(b.svm, b.shareMint) + s0.feeSharesOwed;
    await begin(300n * USDC, 9n);
    const s1 = readVault(b);
    const supply1 = mintSupply(b.svm, b.shareMint) + s1.feeSharesOwed;
    s1.assets.slice(0, N).forEach((a, i) => {
      const before = ((s0.assets[i]?.holdingsRaw ?? 0n) * 10n ** 12n) / (supply0 + VIRTUAL_SHARES);
      const after = (a.holdingsRaw * 10n ** 12n) / (supply1 + VIRTUAL_SHARES);
      expect(after).toBeGreaterThanOrEqual(before);
    });
    await expectRejected(
      [beginIx(100n * USDC, 9n, claim)],
      [b.vault, claim, alice.shareAccount],
      107, // AlreadyInitialized
    );
  });

  it('the pause stops both halves of a redemption until it is lifted', async () => {
    const setPaused = (paused: boolean) =>
      getSetPausedInstruction({ vault: b.vault, paused, adminSigners: b.admins.slice(0, 3) });
    // Given a claim begun before the pause
    const claim = await begin(100n * USDC, 40n);
    expect((await send(b.svm, [setPaused(true)], b.payer)).error).toBeNull();
    // Then neither a new claim nor a payment goes through, and nothing moves
    const next = await claimAddress(b, alice.signer.address, 41n);
    await expectRejected(
      [beginIx(100n * USDC, 41n, next)],
      [b.vault, alice.shareAccount, next],
      VAULT_ERROR__VAULT_PAUSED,
    );
    await expectRejected(
      [payIx(claim, [0, 1], { cash: true })],
      [b.vault, claim, to.usdcAccount, to.assetAccounts[0] as Address],
      VAULT_ERROR__VAULT_PAUSED,
    );
    // And once unpaused the claim pays
    expect((await send(b.svm, [setPaused(false)], b.payer)).error).toBeNull();
    expect((await send(b.svm, [payIx(claim, [0, 1], { cash: true })], b.payer)).error).toBeNull();
  });
});
