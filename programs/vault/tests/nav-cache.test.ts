/**
 * The vault's cached NAV: the first NAV-priced call at a snapshot sequence prices every held
 * asset with every guard and caches the assets' value; later calls at that sequence re-verify
 * only each held mint's multiplier in force. These tests show the cache never changes a price
 * (same shares to the raw unit as a full pricing), that anything which could make it wrong
 * drops it (book and status changes), and that a multiplier change between two calls of one
 * snapshot is still refused. The basket mixes SPL Token and Token-2022 assets with non-unit
 * multipliers.
 */
import {
  accountBytes,
  send,
  setUnixTime,
  tokenAmount,
  updateMultiplier,
} from '@basket/test-harness';
import {
  getNavRefreshedEventDecoder,
  getRefreshNavInstruction,
  getSetAssetStatusInstruction,
  getSetPausedInstruction,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__WRONG_MINT,
  VaultEventKind,
} from '@basket/vault-client';
import { AccountRole, getBase64Encoder, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  assetPairs,
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  MONDAY_15H,
  mintSupply,
  navAtPrices,
  newDepositor,
  newRedeemerAccounts,
  readVault,
  setupBasket,
  sharesForDeposit,
  stockHoldings,
  type TestAsset,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';
import { minAcceptedIn, newCounterparty, swapIxs } from './rebalance-fixture.ts';

const USDC = 1_000_000n;
/** 3.5 xStock (Token-2022, x1.0571), 10 SPL Token units, 7 of a Token-2022 x2.5 stock. */
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

describe('cached NAV', () => {
  let b: Basket;
  let alice: Depositor;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 1_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
  });

  /** Deposits `amount` for Alice and checks the shares against the reference NAV. */
  async function depositExactly(amount: bigint): Promise<bigint> {
    const supply = mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed;
    const want = sharesForDeposit(amount, navAtPrices(b, 'up'), supply);
    const before = tokenAmount(b.svm, alice.shareAccount);
    const r = await send(b.svm, [depositIx(b, alice, amount, want)], b.payer);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount) - before).toBe(want);
    return r.computeUnits;
  }

  it('prices the second call of a snapshot from the cache, to the same raw unit, for less compute', async () => {
    // Given books the vault has not priced yet (no cache)
    expect(readVault(b).navCacheSequence).toBe(0n);
    // When Alice deposits twice at the same snapshot
    const cold = await depositExactly(500n * USDC);
    const s = readVault(b);
    expect(s.navCacheSequence).toBe(b.snapshotSequence);
    expect(s.assets[0]?.verifiedBits).not.toBe(0n);
    expect(s.assets[1]?.extOffset).toBe(0); // SPL Token: nothing to re-verify
    const warm = await depositExactly(700n * USDC);
    // Then both mint exactly the reference shares, and the cached call is cheaper
    console.info(`deposit, 3 held assets: full pricing ${cold} CU, cached ${warm} CU`);
    expect(warm).toBeLessThan(cold - 500n);
    // And a new snapshot prices everything again
    writeSnapshot(b);
    expect(await depositExactly(100n * USDC)).toBeGreaterThan(warm + 500n);
  });

  it('refuses a deposit when the issuer changes a multiplier between two calls of one snapshot', async () => {
    await depositExactly(500n * USDC);
    // Given the issuer moves the xStock's multiplier at once (the snapshot still has the old one)
    await updateMultiplier(b.svm, b.payer, b.assets[0]?.mint as never, 1.06, 0n);
    const before = accountBytes(b.svm, [b.vault, alice.shareAccount, alice.usdcAccount]);
    // When Alice deposits at the same snapshot, Then the cached price is not used
    const r = await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__MULTIPLIER_MISMATCH);
    expect(accountBytes(b.svm, [b.vault, alice.shareAccount, alice.usdcAccount])).toEqual(before);
  });

  it('refuses a deposit once a scheduled multiplier takes effect between two calls of one snapshot', async () => {
    // Given a 2:1 reverse split of the x2.5 stock scheduled 30 s from now
    await updateMultiplier(b.svm, b.payer, b.assets[2]?.mint as never, 1.25, MONDAY_15H + 30n);
    await depositExactly(500n * USDC);
    await depositExactly(10n * USDC); // cached, before the effective time
    // When the effective time passes (the snapshot is still fresh)
    setUnixTime(b.svm, MONDAY_15H + 30n);
    // Then the multiplier in force differs from the verified one, and the deposit is refused
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).customError).toBe(
      VAULT_ERROR__MULTIPLIER_MISMATCH,
    );
  });

  it('refuses a substituted mint account on the cached path, read or not', async () => {
    await depositExactly(500n * USDC);
    // Given one mint position replaced by another mint: the Token-2022 one the cached path
    // reads, then the SPL Token one it does not read
    for (const [at, by] of [
      [0, 2],
      [1, 0],
    ] as const) {
      const ix = depositIx(b, alice, 10n * USDC);
      const accounts = [...(ix.accounts ?? [])];
      const i = accounts.findIndex((a) => a.address === b.assets[at]?.mint.address);
      accounts[i] = { address: b.assets[by]?.mint.address as never, role: AccountRole.READONLY };
      const r = await send(b.svm, [{ ...ix, accounts } as Instruction], b.payer);
      // Then the deposit fails as on the full path
      expect(r.customError).toBe(VAULT_ERROR__WRONG_MINT);
    }
    expect(readVault(b).navCacheSequence).toBe(b.snapshotSequence);
  });

  it('drops the cache on an in-kind withdrawal, and the next deposit prices the new books', async () => {
    await depositExactly(500n * USDC);
    const to = await newRedeemerAccounts(b, alice.signer.address);
    const shares = tokenAmount(b.svm, alice.shareAccount) / 3n;
    const r = await send(
      b.svm,
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, to, shares)],
      b.payer,
    );
    expect(r.error).toBeNull();
    expect(readVault(b).navCacheSequence).toBe(0n);
    await depositExactly(250n * USDC);
  });

  it('drops the cache on a rebalance leg, and the next deposit prices the new books', async () => {
    await depositExactly(500n * USDC);
    const c = await newCounterparty(b);
    const payAmount = 100n * USDC;
    const leg = {
      pay: 'cash' as const,
      receive: 0,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', 0, payAmount, 50n),
    };
    const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
    expect(r.error).toBeNull();
    expect(readVault(b).navCacheSequence).toBe(0n);
    await depositExactly(250n * USDC);
  });

  const refreshIx = (): Instruction =>
    getRefreshNavInstruction({
      vault: b.vault,
      navSnapshot: b.snapshot,
      assetAccounts: assetPairs(b),
    });

  it('refresh_nav, from anyone, prices the snapshot so the next deposit uses the cache', async () => {
    // Given books not priced at this snapshot
    const up = navAtPrices(b, 'up');
    const down = navAtPrices(b, 'down');
    // When a stranger (the fee payer only) refreshes the NAV
    const r = await send(b.svm, [refreshIx()], b.payer);
    expect(r.error).toBeNull();
    // Then the event carries both NAVs, and the vault caches them and records the payout NAV
    const data = r.logs
      .filter((l) => l.startsWith('Program data: '))
      .map((l) => getBase64Encoder().encode(l.slice('Program data: '.length)));
    expect(data).toHaveLength(1);
    expect(data[0]?.slice(0, 2)).toEqual(new Uint8Array([VaultEventKind.NavRefreshed, 1]));
    const event = getNavRefreshedEventDecoder().decode(data[0]?.slice(2) as Uint8Array);
    expect(event).toMatchObject({
      snapshotSequence: b.snapshotSequence,
      navUpUsd: up,
      navDownUsd: down,
      cashRaw: readVault(b).cashRaw,
      unixTime: MONDAY_15H,
    });
    const s = readVault(b);
    expect(s.navCacheSequence).toBe(b.snapshotSequence);
    expect(s.lastNavUsd).toBe(down);
    console.info(`refresh_nav, 3 held assets: ${r.computeUnits} CU`);
    // And a second refresh at the same snapshot only re-verifies the multipliers
    const again = await send(b.svm, [refreshIx()], b.payer);
    expect(again.error).toBeNull();
    expect(again.computeUnits).toBeLessThan(r.computeUnits - 500n);
    // The next deposit takes the cached path, exactly priced: cheaper than one at a new snapshot
    const warm = await depositExactly(300n * USDC);
    writeSnapshot(b);
    expect(await depositExactly(300n * USDC)).toBeGreaterThan(warm + 500n);
  });

  it('refresh_nav applies the guards: a stale snapshot, a changed multiplier', async () => {
    setUnixTime(b.svm, MONDAY_15H + 61n);
    const before = accountBytes(b.svm, [b.vault]);
    expect((await send(b.svm, [refreshIx()], b.payer)).customError).toBe(VAULT_ERROR__STALE_NAV);
    setUnixTime(b.svm, MONDAY_15H);
    await updateMultiplier(b.svm, b.payer, b.assets[2]?.mint as never, 2.6, 0n);
    expect((await send(b.svm, [refreshIx()], b.payer)).customError).toBe(
      VAULT_ERROR__MULTIPLIER_MISMATCH,
    );
    expect(accountBytes(b.svm, [b.vault])).toEqual(before);
  });

  it('a new snapshot prices a changed multiplier from the mint, not the decode cached at the last one', async () => {
    const refused = async () =>
      expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).customError).toBe(
        VAULT_ERROR__MULTIPLIER_MISMATCH,
      );
    /** The issuer moves `asset` to `to` at once: a new snapshot still at the old multiplier
     * is refused, one at `to` prices the deposit exactly. */
    const moveAtOnce = async (asset: TestAsset, to: number) => {
      await updateMultiplier(b.svm, b.payer, asset.mint as never, to, 0n);
      writeSnapshot(b);
      await refused();
      asset.multiplier = to;
      writeSnapshot(b);
      await depositExactly(100n * USDC);
    };
    // Given each Token-2022 stock's multiplier decoded once by init_vault
    expect(readVault(b).assets[0]?.reserved2).not.toEqual([0, 0, 0, 0, 0, 0]);
    // When the issuer moves the x1.0571 stock to x1.06 before the vault's first pricing,
    // Then the first full pricing reads x1.06 from the mint
    await moveAtOnce(b.assets[0] as TestAsset, 1.06);
    // Given a full pricing that cached the x2.5 stock's decoded multiplier in its entry
    expect(readVault(b).assets[2]?.reserved2).not.toEqual([0, 0, 0, 0, 0, 0]);
    const stock = b.assets[2] as TestAsset;
    // When the issuer moves it to x2.6 at once, Then the cached x2.5 is not used
    await moveAtOnce(stock, 2.6);
    // When a 2:1 reverse split is scheduled 30 s ahead: still x2.6 before its time
    await updateMultiplier(b.svm, b.payer, stock.mint as never, 1.3, MONDAY_15H + 30n);
    writeSnapshot(b);
    await depositExactly(100n * USDC);
    // Then once it takes effect, a new snapshot at x2.6 is refused and one at x1.3 prices it
    setUnixTime(b.svm, MONDAY_15H + 30n);
    writeSnapshot(b);
    await refused();
    // (the price doubles with the split, so the price memory sees no move)
    stock.multiplier = 1.3;
    stock.priceUsd1e8 *= 2n;
    writeSnapshot(b);
    await depositExactly(100n * USDC);
  });

  it('refresh_nav runs while the vault is paused (it moves nothing)', async () => {
    const pause = getSetPausedInstruction({
      vault: b.vault,
      paused: true,
      adminSigners: b.admins.slice(0, 3),
    });
    expect((await send(b.svm, [pause], b.payer)).error).toBeNull();
    expect((await send(b.svm, [refreshIx()], b.payer)).error).toBeNull();
    expect(readVault(b).navCacheSequence).toBe(b.snapshotSequence);
  });

  it('an in-kind withdrawal covered by the cache re-verifies only the paid mints, and still refuses a changed multiplier', async () => {
    const to = await newRedeemerAccounts(b, alice.signer.address);
    const third = tokenAmount(b.svm, alice.shareAccount) / 4n;
    const inKind = () => withdrawInKindIx(b, alice.signer, alice.shareAccount, to, third);
    // Given a refreshed NAV, an in-kind withdrawal (which then drops the cache)
    expect((await send(b.svm, [refreshIx()], b.payer)).error).toBeNull();
    const covered = await send(b.svm, [inKind()], b.payer);
    expect(covered.error).toBeNull();
    expect(readVault(b).navCacheSequence).toBe(0n);
    // And the same withdrawal again, now guarded in full
    const full = await send(b.svm, [inKind()], b.payer);
    expect(full.error).toBeNull();
    console.info(
      `withdraw_in_kind, 3 assets: cached guards ${covered.computeUnits} CU, full ${full.computeUnits} CU`,
    );
    expect(covered.computeUnits).toBeLessThan(full.computeUnits - 200n);
    // When the issuer changes a multiplier after a refresh
    expect((await send(b.svm, [refreshIx()], b.payer)).error).toBeNull();
    await updateMultiplier(b.svm, b.payer, b.assets[0]?.mint as never, 1.06, 0n);
    const before = accountBytes(b.svm, [b.vault, alice.shareAccount]);
    // Then the in-kind withdrawal is refused, nothing moved
    expect((await send(b.svm, [inKind()], b.payer)).customError).toBe(
      VAULT_ERROR__MULTIPLIER_MISMATCH,
    );
    expect(accountBytes(b.svm, [b.vault, alice.shareAccount])).toEqual(before);
  });

  it('drops the cache when an asset status changes', async () => {
    await depositExactly(500n * USDC);
    const setStatus = (status: number): Instruction =>
      getSetAssetStatusInstruction({
        vault: b.vault,
        assetIndex: 1,
        status,
        adminSigners: b.admins.slice(0, 3),
      });
    expect((await send(b.svm, [setStatus(2)], b.payer)).error).toBeNull();
    expect(readVault(b).navCacheSequence).toBe(0n);
    expect((await send(b.svm, [setStatus(1)], b.payer)).error).toBeNull();
    await depositExactly(250n * USDC);
    expect(readVault(b).navCacheSequence).toBe(b.snapshotSequence);
  });
});
