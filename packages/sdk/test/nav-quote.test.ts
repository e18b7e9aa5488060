// NAV quotes against the real vault program in LiteSVM: the quoted shares are exactly what
// `deposit` mints (min_shares_out = quote passes, quote + 1 fails), and every refusal the quote
// predicts is the one the program returns. The world comes from the vault program's own test
// fixture (programs/vault/tests/fixture.ts) so both suites exercise the same basket.
import { send, setUnixTime, tokenAmount, updateMultiplier } from '@basket/test-harness';
import {
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__SLIPPAGE_EXCEEDED,
  VAULT_ERROR__STALE_NAV,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  initVault,
  MONDAY_15H,
  multiplierNum,
  newDepositor,
  patchVault,
  SKU,
  setupBasket,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  assetValueUsd,
  getNavQuote,
  type NavQuote,
  quoteDeposit,
  rawAmount,
  sharesForDeposit,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

let b: Basket;
let alice: Depositor;

function now(): bigint {
  return b.svm.getClock().unixTimestamp;
}

async function quote(): Promise<NavQuote> {
  return getNavQuote(svmRpc(b.svm), SKU, { now: now() });
}

async function deposit(amount: bigint, minSharesOut: bigint) {
  return send(b.svm, [depositIx(b, alice, amount, minSharesOut)], b.payer);
}

describe('getNavQuote + quoteDeposit against the vault program', () => {
  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    // Given books in three assets (two with non-unit multipliers) and cash
    patchVault(b, (s) => ({
      ...s,
      cashRaw: 5_000n * USDC,
      assets: s.assets.map((a, i) => (i < BOOKS.length ? { ...a, holdingsRaw: BOOKS[i]! } : a)),
    }));
    writeSnapshot(b);
    alice = await newDepositor(b, 1_000_000n * USDC);
    // and a first deposit so the supply is not empty
    expect((await deposit(1_000n * USDC, 0n)).ok).toBe(true);
  });

  it('quotes exactly the shares the program mints, management fee accrual included', async () => {
    // Given a year passes (fee shares accrue) and a fresh snapshot
    setUnixTime(b.svm, MONDAY_15H + 365n * 86_400n);
    writeSnapshot(b);
    // When the SDK quotes 12,345.678901 USDC
    const nav = await quote();
    expect(nav.refusal).toBeNull();
    expect(nav.supply.accruedMgmtFeeShares).toBeGreaterThan(0n);
    const q = quoteDeposit(nav, rawAmount(12_345_678_901n));
    if (!q.ok) throw new Error(q.refusal.message);
    // Then one more share than quoted is refused, and exactly the quote is minted
    const before = tokenAmount(b.svm, alice.shareAccount);
    const tooMuch = await deposit(12_345_678_901n, q.shares + 1n);
    expect(tooMuch.customError).toBe(VAULT_ERROR__SLIPPAGE_EXCEEDED);
    const r = await deposit(12_345_678_901n, q.shares);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount) - before).toBe(q.shares);
  });

  it('prices a deposit after a price fall at the previous, higher snapshot (price memory)', async () => {
    // Given the vault priced with snapshot 1 (the first deposit), then a push where every
    // price fell 7%
    writeSnapshot(b, {
      sequence: 2n,
      entries: b.assets.map((a) => ({
        mint: a.mint.address,
        priceUsd1e8: (a.priceUsd1e8 * 93n) / 100n,
        multiplierNum: multiplierNum(a.multiplier),
        flags: FLAG_MARKET_OPEN,
      })),
    });
    // When the SDK quotes a deposit
    const nav = await quote();
    const atSnapshot = nav.assets.map((a) => a.entry!.priceUsd1e8);
    expect(atSnapshot[0]).toBe((b.assets[0]!.priceUsd1e8 * 93n) / 100n);
    const q = quoteDeposit(nav, rawAmount(3_333_333_333n));
    if (!q.ok) throw new Error(q.refusal.message);
    // Then the program mints exactly the quote (one share more is refused)
    expect((await deposit(3_333_333_333n, q.shares + 1n)).customError).toBe(
      VAULT_ERROR__SLIPPAGE_EXCEEDED,
    );
    const before = tokenAmount(b.svm, alice.shareAccount);
    expect((await deposit(3_333_333_333n, q.shares)).error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount) - before).toBe(q.shares);
    // and without the memory (fallen prices alone) the quote would have minted more shares
    const fallenNav = nav.assets.reduce(
      (sum, a) =>
        sum +
        assetValueUsd(
          a.holdingsRaw,
          a.entry!.multiplierNum,
          a.entry!.priceUsd1e8,
          a.decimals,
          'up',
        ),
      nav.cashRaw,
    );
    expect(fallenNav).toBeLessThan(nav.navUsd!.up);
    expect(sharesForDeposit(3_333_333_333n, fallenNav, nav.supply.effective)).toBeGreaterThan(
      q.shares,
    );
  });

  it('reports the snapshot age against the chain rule and the calendar', async () => {
    setUnixTime(b.svm, MONDAY_15H + 30n);
    const nav = await quote();
    expect(nav.snapshot?.staleness).toMatchObject({
      ageSecs: 30n,
      maxStaleSecs: 60n,
      calendarMaxStaleSecs: 60n,
      fresh: true,
      secondsLeft: 30n,
    });
  });

  it('evaluates at the cluster Clock by default, read in the same batch', async () => {
    // Given the chain 30 s after the snapshot (the local clock is elsewhere)
    setUnixTime(b.svm, MONDAY_15H + 30n);
    const rpc = svmRpc(b.svm);
    // When no `now` is given
    const nav = await getNavQuote(rpc, SKU);
    // Then the quote is at the chain's time, with two RPC calls in all
    expect(nav.now).toBe(MONDAY_15H + 30n);
    expect(nav.snapshot?.staleness.fresh).toBe(true);
    expect(rpc.calls.getMultipleAccounts).toBe(2);
  });

  it('predicts StaleNav when the program refuses a stale snapshot', async () => {
    setUnixTime(b.svm, MONDAY_15H + 61n);
    const nav = await quote();
    expect(nav.refusal?.code).toBe(VAULT_ERROR__STALE_NAV);
    const q = quoteDeposit(nav, rawAmount(10n * USDC));
    expect(q.ok).toBe(false);
    expect((await deposit(10n * USDC, 0n)).customError).toBe(VAULT_ERROR__STALE_NAV);
  });

  it('lists a held asset frozen by its entry flags and predicts AssetFrozen', async () => {
    const frozenMint = b.assets[0]!.mint.address;
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 0 ? FLAG_CORPORATE_ACTION_FREEZE : FLAG_MARKET_OPEN,
      })),
    });
    const nav = await quote();
    expect(nav.frozen).toEqual([
      {
        mint: frozenMint,
        reasons: ['CorporateActionFreeze'],
        corporateActionReason: null,
        activationDateTime: null,
        held: true,
      },
    ]);
    expect(nav.refusal).toMatchObject({ code: VAULT_ERROR__ASSET_FROZEN, mint: frozenMint });
    expect((await deposit(10n * USDC, 0n)).customError).toBe(VAULT_ERROR__ASSET_FROZEN);
  });

  it('adds the corporate action reason and activation time from the API state', async () => {
    const mint = b.assets[2]!.mint.address as Address;
    const activation = new Date(Number(MONDAY_15H + 1_800n) * 1000);
    const nav = await getNavQuote(svmRpc(b.svm), SKU, {
      now: now(),
      multiplierStates: new Map([
        [
          mint,
          {
            currentMultiplier: '2.5',
            newMultiplier: '5',
            activationDateTime: activation,
            reason: 'Split' as const,
          },
        ],
      ]),
    });
    expect(nav.frozen).toEqual([
      {
        mint,
        reasons: ['MultiplierChangePending'],
        corporateActionReason: 'Split',
        activationDateTime: activation,
        held: true,
      },
    ]);
  });

  it('reads a decimal multiplier the mint holds as its nearest double as no change pending', async () => {
    // 1.0002 is not a double: the mint holds 1.000199999999999977...; the API says "1.0002".
    const asset = b.assets[2]!;
    await updateMultiplier(b.svm, b.payer, asset.mint, 1.0002, 0n);
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(i === 2 ? 1.0002 : a.multiplier),
        flags: FLAG_MARKET_OPEN,
      })),
    });
    const state = (current: string) => ({
      currentMultiplier: current,
      newMultiplier: current,
      activationDateTime: null,
      reason: null,
    });
    const quoteWith = (current: string) =>
      getNavQuote(svmRpc(b.svm), SKU, {
        now: now(),
        multiplierStates: new Map([[asset.mint.address as Address, state(current)]]),
      });
    expect((await quoteWith('1.0002')).frozen).toEqual([]);
    // A figure the mint does not hold is still a pending change.
    expect((await quoteWith('1.0003')).frozen[0]?.reasons).toEqual(['MultiplierChangePending']);
  });

  it('predicts MultiplierMismatch once the mint multiplier moves before the snapshot', async () => {
    const asset = b.assets[2]!;
    await updateMultiplier(b.svm, b.payer, asset.mint, 5, 0n);
    const nav = await quote();
    expect(nav.assets[2]?.freezeReasons).toContain('MultiplierMismatch');
    expect(nav.refusal?.code).toBe(VAULT_ERROR__MULTIPLIER_MISMATCH);
    expect((await deposit(10n * USDC, 0n)).customError).toBe(VAULT_ERROR__MULTIPLIER_MISMATCH);
  });
});
