import {
  accountBytes,
  createTokenAccount,
  send,
  tokenAmount,
  updateMultiplier,
} from '@basket/test-harness';
import {
  getSetPausedInstruction,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__MISSING_SIGNER,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_HOLDING,
} from '@basket/vault-client';
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  initVault,
  MONDAY_15H,
  mintSupply,
  multiplierNum,
  newDepositor,
  newRedeemerAccounts,
  patchVault,
  type Redeemer,
  readVault,
  setupBasket,
  stockHoldings,
  VIRTUAL_SHARES,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

describe('withdraw_in_kind', () => {
  let b: Basket;
  let alice: Depositor;
  let out: Redeemer;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 10_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 1_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    out = await newRedeemerAccounts(b, alice.signer.address);
  });

  function touched(): Address[] {
    return [
      b.vault,
      b.shareMint,
      alice.shareAccount,
      b.cashHolding,
      out.usdcAccount,
      ...b.holdings,
      ...out.assetAccounts,
    ];
  }

  async function expectRejected(ixs: Instruction[], code: number | null): Promise<void> {
    const before = accountBytes(b.svm, touched());
    const r = await send(b.svm, ixs, b.payer);
    expect(r.ok).toBe(false);
    if (code !== null) expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, touched())).toEqual(before);
  }

  it('burns shares and pays the pro-rata raw amount of every holding, rounded down', async () => {
    // Given Alice holds all 1,000 shares of a vault with cash and three assets
    const supply = mintSupply(b.svm, b.shareMint);
    const shares = 400n * USDC;
    const before = readVault(b);
    // When she redeems 400 shares in kind
    const r = await send(
      b.svm,
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares)],
      b.payer,
    );
    // Then each holding pays floor(book x shares / (supply + virtual shares))
    expect(r.error).toBeNull();
    const expected = BOOKS.map((book) => (book * shares) / (supply + VIRTUAL_SHARES));
    expect(out.assetAccounts.map((a) => tokenAmount(b.svm, a))).toEqual(expected);
    const cash = (before.cashRaw * shares) / (supply + VIRTUAL_SHARES);
    expect(tokenAmount(b.svm, out.usdcAccount)).toBe(cash);
    // And the shares are burned, the books reduced by exactly what was paid
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(supply - shares);
    expect(mintSupply(b.svm, b.shareMint)).toBe(supply - shares);
    const after = readVault(b);
    expect(after.assets.slice(0, 3).map((a) => a.holdingsRaw)).toEqual(
      BOOKS.map((book, i) => book - (expected[i] as bigint)),
    );
    expect(after.cashRaw).toBe(before.cashRaw - cash);
    expect(after.totalSharesBurned).toBe(shares);
    expect(b.holdings.map((h) => tokenAmount(b.svm, h))).toEqual(
      after.assets.slice(0, 3).map((a) => a.holdingsRaw),
    );
    console.info(
      `withdraw_in_kind (3 assets + cash, 2 token programs): ${r.computeUnits} CU, ${r.txBytes} bytes`,
    );
  });

  it('leaves the virtual shares part in the vault when the last share is redeemed', async () => {
    const supply = mintSupply(b.svm, b.shareMint);
    expect(
      (
        await send(
          b.svm,
          [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, supply)],
          b.payer,
        )
      ).ok,
    ).toBe(true);
    const s = readVault(b);
    // Residue = book x Vs / (S + Vs) rounded up, small relative to the book.
    BOOKS.forEach((book, i) => {
      const left = s.assets[i]?.holdingsRaw ?? 0n;
      expect(left).toBe(book - (book * supply) / (supply + VIRTUAL_SHARES));
      expect(left * 1_000n).toBeLessThanOrEqual(book * 2n);
    });
  });

  it('rejects zero shares and more shares than the owner holds', async () => {
    await expectRejected(
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 0n)],
      VAULT_ERROR__AMOUNT_TOO_SMALL,
    );
    const supply = mintSupply(b.svm, b.shareMint);
    // The token program refuses to burn more than the balance; nothing moves.
    await expectRejected(
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, supply + 1n)],
      null,
    );
  });

  it('rejects a redemption too small to pay anything', async () => {
    // Given books so small relative to the supply that one share unit rounds to zero everywhere
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) => (i === 2 ? { ...a, holdingsRaw: 100n } : a)),
    }));
    await expectRejected(
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1n)],
      VAULT_ERROR__AMOUNT_TOO_SMALL,
    );
  });

  it('is blocked by the pause, a stale snapshot, a frozen or re-multiplied asset', async () => {
    const ix = () => withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 100n * USDC);
    // Pause
    const pause = (paused: boolean) =>
      getSetPausedInstruction({ vault: b.vault, paused, adminSigners: b.admins.slice(0, 3) });
    expect((await send(b.svm, [pause(true)], b.payer)).ok).toBe(true);
    await expectRejected([ix()], VAULT_ERROR__VAULT_PAUSED);
    expect((await send(b.svm, [pause(false)], b.payer)).ok).toBe(true);
    // Stale snapshot
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 61n });
    await expectRejected([ix()], VAULT_ERROR__STALE_NAV);
    // Corporate-action freeze on a paid asset
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 2 ? FLAG_MARKET_OPEN | FLAG_CORPORATE_ACTION_FREEZE : FLAG_MARKET_OPEN,
      })),
    });
    await expectRejected([ix()], VAULT_ERROR__ASSET_FROZEN);
    // Multiplier changed on-chain since the snapshot
    writeSnapshot(b);
    await updateMultiplier(b.svm, b.payer, b.assets[0]?.mint as never, 1.1, 0n);
    await expectRejected([ix()], VAULT_ERROR__MULTIPLIER_MISMATCH);
  });

  it('rejects a vault-owned token account that is not the holding PDA', async () => {
    const asset0 = b.assets[0];
    if (!asset0) throw new Error('fixture');
    const fake = await createTokenAccount(b.svm, b.payer, asset0.mint, b.vault);
    const holdings = [fake, ...b.holdings.slice(1)];
    await expectRejected(
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 100n * USDC, holdings)],
      VAULT_ERROR__WRONG_HOLDING,
    );
  });

  it('rejects an owner that did not sign', async () => {
    const ix = withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 100n * USDC);
    const accounts = [...(ix.accounts ?? [])];
    accounts[0] = { address: alice.signer.address, role: AccountRole.READONLY };
    await expectRejected([{ ...ix, accounts }], VAULT_ERROR__MISSING_SIGNER);
  });

  it("lets a stranger burn nobody else's shares", async () => {
    // Given Bob signs but passes Alice's share account
    const bob = await newDepositor(b, 0n);
    const bobOut = await newRedeemerAccounts(b, bob.signer.address);
    const before = accountBytes(b.svm, touched());
    const r = await send(
      b.svm,
      [withdrawInKindIx(b, bob.signer, alice.shareAccount, bobOut, 100n * USDC)],
      b.payer,
    );
    // Then the token program refuses the burn and nothing moves
    expect(r.ok).toBe(false);
    expect(accountBytes(b.svm, touched())).toEqual(before);
  });
});
