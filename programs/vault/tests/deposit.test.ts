import {
  accountBytes,
  createTokenAccount,
  send,
  setUnixTime,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
  updateMultiplier,
  withAccountAt,
} from '@basket/test-harness';
import {
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__ASSET_NOT_ACTIVE,
  VAULT_ERROR__ASSET_NOT_PRICED,
  VAULT_ERROR__DEPOSIT_BELOW_MINIMUM,
  VAULT_ERROR__DEPOSIT_CAP_EXCEEDED,
  VAULT_ERROR__INVALID_OWNER,
  VAULT_ERROR__INVALID_SYSVAR,
  VAULT_ERROR__INVALID_TOKEN_PROGRAM,
  VAULT_ERROR__MISSING_SIGNER,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__SLIPPAGE_EXCEEDED,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__WRONG_HOLDING,
  VAULT_ERROR__WRONG_MINT,
  VAULT_ERROR__WRONG_SHARE_MINT,
  VAULT_ERROR__WRONG_SNAPSHOT,
} from '@basket/vault-client';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  FLAG_TRADING_HALTED,
  initVault,
  MONDAY_15H,
  mintSupply,
  multiplierNum,
  navAtPrices,
  newDepositor,
  patchVault,
  pda,
  readVault,
  setupBasket,
  sharesForDeposit,
  skuBytes,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n; // one USDC in raw units
const SYSVAR_CLOCK_ADDRESS = 'SysvarC1ock11111111111111111111111111111111' as Address;

/** Raw books injected into the vault: 3.5 xStock (8 dec), 10 legacy (6 dec), 7 split (9 dec). */
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

function withBooks(b: Basket, books: bigint[], cash?: bigint): void {
  patchVault(b, (s) => ({
    ...s,
    cashRaw: cash ?? s.cashRaw,
    assets: s.assets.map((a, i) =>
      i < books.length ? { ...a, holdingsRaw: books[i] as bigint } : a,
    ),
  }));
}

/** NAV the program must compute for deposits (rounded up), from the fixture's reference. */
function navUp(b: Basket): bigint {
  return navAtPrices(b, 'up');
}

describe('deposit', () => {
  let b: Basket;
  let alice: Depositor;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 1_000_000n * USDC);
  });

  function touched(d: Depositor = alice): Address[] {
    return [b.vault, b.cashHolding, b.shareMint, d.usdcAccount, d.shareAccount];
  }

  async function expectRejected(ixs: Instruction[], code: number, signer = b.payer): Promise<void> {
    const before = accountBytes(b.svm, touched());
    const r = await send(b.svm, ixs, signer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, touched())).toEqual(before);
  }

  it('prices the first deposit at one share per micro-dollar and books the cash', async () => {
    // Given an empty vault
    // When Alice deposits 100 USDC
    const r = await send(b.svm, [depositIx(b, alice, 100n * USDC, 100n * USDC)], b.payer);
    // Then she receives 100 shares (6 decimals) and the cash buffer holds and books 100 USDC
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(100n * USDC);
    expect(tokenAmount(b.svm, b.cashHolding)).toBe(100n * USDC);
    const s = readVault(b);
    expect(s.cashRaw).toBe(100n * USDC);
    expect(s.totalDepositedRaw).toBe(100n * USDC);
    expect(s.totalSharesMinted).toBe(100n * USDC);
    expect(s.lastNavUsd).toBe(100n * USDC);
    expect(s.lastSnapshotSequence).toBe(1n);
    // And one Deposit event
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
  });

  it('prices from the raw book, non-unit multipliers and snapshot prices of a mixed basket', async () => {
    // Given a first deposit, then books of all three assets (legacy and Token-2022, multipliers 1.0571 and 2.5)
    expect((await send(b.svm, [depositIx(b, alice, 1_000n * USDC)], b.payer)).ok).toBe(true);
    withBooks(b, BOOKS);
    const nav = navUp(b);
    const supply = mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed;
    // (NAV: $1,000 cash + 3.5 x 1.0571 x $234.56 + 10 x $99.99 + 7 x 2.5 x $42)
    expect(nav).toBe(1_000_000_000n + 867_836_816n + 999_900_000n + 735_000_000n);
    const want = sharesForDeposit(2_500n * USDC, nav, supply);
    const bob = await newDepositor(b, 10_000n * USDC);
    // When Bob deposits 2,500 USDC with exactly the expected shares as his minimum
    const r = await send(b.svm, [depositIx(b, bob, 2_500n * USDC, want)], b.payer);
    // Then he receives exactly the reference amount of shares
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, bob.shareAccount)).toBe(want);
    expect(readVault(b).lastNavUsd).toBe(nav + 2_500n * USDC);
    console.info(
      `deposit (3 held assets, 2 Token-2022 multipliers): ${r.computeUnits} CU, ${r.txBytes} bytes`,
    );
    expect(r.computeUnits).toBeLessThan(60_000n);
  });

  it('a deposit followed by redemption at the new NAV never returns more than was paid', async () => {
    expect((await send(b.svm, [depositIx(b, alice, 1_000n * USDC)], b.payer)).ok).toBe(true);
    withBooks(b, BOOKS);
    const bob = await newDepositor(b, 10_000n * USDC);
    const nav = navUp(b);
    expect((await send(b.svm, [depositIx(b, bob, 777n * USDC)], b.payer)).ok).toBe(true);
    const shares = tokenAmount(b.svm, bob.shareAccount);
    const supply = mintSupply(b.svm, b.shareMint);
    // Value of Bob's shares at the NAV after his deposit, rounded down as a payout would be.
    const value = (shares * (nav + 777n * USDC + 1_000_000n)) / (supply + 1_000_000n);
    expect(value).toBeLessThanOrEqual(777n * USDC);
  });

  it('ignores tokens donated to a holding account (the book prices the vault)', async () => {
    expect((await send(b.svm, [depositIx(b, alice, 1n * USDC)], b.payer)).ok).toBe(true);
    const bob = await newDepositor(b, 1_000_000n * USDC);
    // Given Bob donates 500,000 USDC straight into the cash buffer
    const { transferChecked } = await import('@basket/test-harness');
    await transferChecked(b.svm, b.payer, b.usdc, {
      source: bob.usdcAccount,
      destination: b.cashHolding,
      authority: bob.signer,
      amount: 500_000n * USDC,
    });
    // When Carol deposits 1,000 USDC
    const carol = await newDepositor(b, 1_000n * USDC);
    expect((await send(b.svm, [depositIx(b, carol, 1_000n * USDC)], b.payer)).ok).toBe(true);
    // Then she gets the same shares as if nothing had been donated
    expect(tokenAmount(b.svm, carol.shareAccount)).toBe(
      sharesForDeposit(1_000n * USDC, 1n * USDC, 1n * USDC),
    );
  });

  it('rejects a stale snapshot (61 s in market hours) and one from the future', async () => {
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 61n });
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__STALE_NAV);
    writeSnapshot(b, { publishUnixTime: MONDAY_15H + 1n });
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__STALE_NAV);
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 60n });
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).ok).toBe(true);
  });

  it('reads the time from the Clock sysvar only: a forged clock account is refused', async () => {
    // Given a snapshot 61 s old at the chain's time (stale in market hours)
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 61n });
    // And an account laid out as the Clock, owned by the sysvar program, whose time would
    // make that snapshot look fresh
    const real = b.svm.getAccount(SYSVAR_CLOCK_ADDRESS);
    if (!real.exists) throw new Error('clock sysvar');
    const data = Uint8Array.from(real.data);
    new DataView(data.buffer).setBigInt64(32, MONDAY_15H - 30n, true);
    const forged = (await generateKeyPairSigner()).address;
    b.svm.setAccount({ ...real, address: forged, data });
    // When a deposit passes it in the Clock's place (account 10), it is refused, nothing moves
    const ix = depositIx(b, alice, 10n * USDC);
    expect(ix.accounts?.[10]?.address).toBe(SYSVAR_CLOCK_ADDRESS);
    await expectRejected([withAccountAt(ix, 10, forged)], VAULT_ERROR__INVALID_SYSVAR);
    // And with the real Clock the snapshot is stale
    await expectRejected([ix], VAULT_ERROR__STALE_NAV);
  });

  it('accepts a 300 s old snapshot off-hours (Saturday)', async () => {
    const saturdayNoon = MONDAY_15H - 2n * 86_400n - 3n * 3600n;
    setUnixTime(b.svm, saturdayNoon);
    writeSnapshot(b, { publishUnixTime: saturdayNoon - 300n });
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).ok).toBe(true);
    writeSnapshot(b, { publishUnixTime: saturdayNoon - 301n });
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__STALE_NAV);
  });

  it('rejects a held asset whose mint multiplier changed since the snapshot', async () => {
    withBooks(b, BOOKS);
    // Given the xStock's multiplier moves from 1.0571 to 1.06 now, the snapshot still at 1.0571
    await updateMultiplier(b.svm, b.payer, b.assets[0]?.mint as never, 1.06, 0n);
    // Then deposits are refused
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__MULTIPLIER_MISMATCH);
    // Until the keeper pushes a snapshot with the new multiplier
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(i === 0 ? 1.06 : a.multiplier),
      })),
    });
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).ok).toBe(true);
  });

  it('uses the new multiplier from its effective timestamp on (a snapshot straddling it fails)', async () => {
    withBooks(b, BOOKS);
    const asset2 = b.assets[2];
    if (!asset2) throw new Error('fixture');
    // Given a reverse split scheduled 100 s from now: 2.5 -> 1.25
    await updateMultiplier(b.svm, b.payer, asset2.mint, 1.25, MONDAY_15H + 100n);
    // Before it: the old multiplier still prices
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).ok).toBe(true);
    // At the effective second, a fresh snapshot still carrying the old multiplier is refused
    setUnixTime(b.svm, MONDAY_15H + 100n);
    writeSnapshot(b, { sequence: 2n });
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__MULTIPLIER_MISMATCH);
    // And one with the new multiplier is accepted
    writeSnapshot(b, {
      sequence: 3n,
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(i === 2 ? 1.25 : a.multiplier),
      })),
    });
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).ok).toBe(true);
  });

  it('rejects a held asset flagged for a corporate action or a trading halt, but not one the vault does not hold', async () => {
    for (const flag of [FLAG_CORPORATE_ACTION_FREEZE, FLAG_TRADING_HALTED]) {
      const entries = b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 1 ? FLAG_MARKET_OPEN | flag : FLAG_MARKET_OPEN,
      }));
      writeSnapshot(b, { entries });
      // Given the flagged asset has no book: deposits work
      withBooks(b, [BOOKS[0] as bigint, 0n, BOOKS[2] as bigint]);
      expect((await send(b.svm, [depositIx(b, alice, 10n * USDC)], b.payer)).ok).toBe(true);
      // Given the vault holds it: deposits are refused
      withBooks(b, BOOKS);
      await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__ASSET_FROZEN);
    }
  });

  it('rejects a held asset that is not Active', async () => {
    withBooks(b, BOOKS);
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) => (i === 1 ? { ...a, status: 2 } : a)),
    }));
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__ASSET_NOT_ACTIVE);
  });

  it('rejects a held asset the snapshot does not price', async () => {
    withBooks(b, BOOKS);
    writeSnapshot(b, {
      entries: b.assets.slice(0, 2).map((a) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
      })),
    });
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__ASSET_NOT_PRICED);
  });

  it('enforces the minimum deposit, the deposit cap and the depositor minimum shares', async () => {
    await expectRejected([depositIx(b, alice, USDC - 1n)], VAULT_ERROR__DEPOSIT_BELOW_MINIMUM);
    await expectRejected([depositIx(b, alice, 0n)], VAULT_ERROR__DEPOSIT_BELOW_MINIMUM);
    const whale = await newDepositor(b, 20_000_000n * USDC);
    await expectRejected(
      [depositIx(b, whale, 10_000_001n * USDC)],
      VAULT_ERROR__DEPOSIT_CAP_EXCEEDED,
    );
    await expectRejected(
      [depositIx(b, whale, 18_446_744_073_709_551_615n)],
      VAULT_ERROR__DEPOSIT_CAP_EXCEEDED,
    );
    await expectRejected(
      [depositIx(b, alice, 10n * USDC, 10n * USDC + 1n)],
      VAULT_ERROR__SLIPPAGE_EXCEEDED,
    );
    // Exactly at the cap is accepted.
    expect((await send(b.svm, [depositIx(b, whale, 10_000_000n * USDC)], b.payer)).ok).toBe(true);
  });

  it('rejects a deposit too small to mint a share', async () => {
    // Given a share price far above one micro-dollar (huge book, tiny supply)
    expect((await send(b.svm, [depositIx(b, alice, 1n * USDC)], b.payer)).ok).toBe(true);
    patchVault(b, (s) => ({ ...s, minDepositRaw: 1n }));
    withBooks(b, [(BOOKS[0] as bigint) * 1_000n, 0n, 0n], 1n * USDC);
    await expectRejected([depositIx(b, alice, 1n)], VAULT_ERROR__AMOUNT_TOO_SMALL);
  });

  it('rejects substituted accounts: cash buffer, snapshot, share mint, asset mints, token program', async () => {
    // A USDC account owned by the vault but not at the cash-buffer PDA
    const fakeCash = await createTokenAccount(b.svm, b.payer, b.usdc, b.vault);
    const withCash = depositIx(b, alice, 10n * USDC);
    const withCashForged = withAccountAt(withCash, 5, fakeCash);
    await expectRejected([withCashForged], VAULT_ERROR__WRONG_HOLDING);
    // Another SKU's snapshot
    const otherSku = skuBytes('OTHER');
    const otherSnapshot = await pda('G5Yb6T5wHVaMeeosZUohLziJFKw1jdU1ZUCAVMenw1sP' as Address, [
      'nav_snapshot',
      otherSku,
    ]);
    writeSnapshot(b, { address: otherSnapshot, skuId: otherSku });
    const withSnap = depositIx(b, alice, 10n * USDC);
    const withSnapForged = withAccountAt(withSnap, 2, otherSnapshot);
    await expectRejected([withSnapForged], VAULT_ERROR__WRONG_SNAPSHOT);
    // The right snapshot address holding a byte-identical copy owned by another program
    writeSnapshot(b, { owner: TOKEN_2022_PROGRAM_ADDRESS });
    await expectRejected([depositIx(b, alice, 10n * USDC)], VAULT_ERROR__INVALID_OWNER);
    writeSnapshot(b);
    // Asset mints out of order
    const mints = b.assets.map((a) => a.mint.address);
    await expectRejected(
      [depositIx(b, alice, 10n * USDC, 0n, [mints[1], mints[0], mints[2]] as Address[])],
      VAULT_ERROR__WRONG_MINT,
    );
    // Token-2022 passed as the stablecoin's (SPL Token) program
    const withProgram = depositIx(b, alice, 10n * USDC);
    const withProgramForged = withAccountAt(withProgram, 8, TOKEN_2022_PROGRAM_ADDRESS);
    await expectRejected([withProgramForged], VAULT_ERROR__INVALID_TOKEN_PROGRAM);
  });

  it('rejects another share mint and a vault state copy owned by another program', async () => {
    const { createMint } = await import('@basket/test-harness');
    const fakeShares = await createMint(b.svm, b.payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
    });
    const ix = depositIx(b, alice, 10n * USDC);
    const ixForged = withAccountAt(ix, 6, fakeShares.address);
    await expectRejected([ixForged], VAULT_ERROR__WRONG_SHARE_MINT);
    // A byte-identical copy of the vault state owned by the token program, at a fresh address
    const copy = (await generateKeyPairSigner()).address;
    const real = b.svm.getAccount(b.vault);
    if (!real.exists) throw new Error('vault');
    b.svm.setAccount({ ...real, address: copy, programAddress: TOKEN_2022_PROGRAM_ADDRESS });
    const withCopy = depositIx(b, alice, 10n * USDC);
    const withCopyForged = withAccountAt(withCopy, 1, copy);
    await expectRejected([withCopyForged], VAULT_ERROR__INVALID_OWNER);
  });

  it('rejects a depositor that did not sign', async () => {
    const ix = depositIx(b, alice, 10n * USDC);
    const accounts = [...(ix.accounts ?? [])];
    accounts[0] = { address: alice.signer.address, role: AccountRole.READONLY };
    await expectRejected([{ ...ix, accounts }], VAULT_ERROR__MISSING_SIGNER);
  });

  it('accrues the 20 bps management fee as owed shares before pricing a deposit', async () => {
    // Given 1,000,000 shares outstanding
    expect((await send(b.svm, [depositIx(b, alice, 1_000_000n * USDC)], b.payer)).ok).toBe(true);
    const supply = mintSupply(b.svm, b.shareMint);
    // When a year passes and Bob deposits
    const year = 365n * 86_400n;
    setUnixTime(b.svm, MONDAY_15H + year);
    writeSnapshot(b, { sequence: 2n });
    const bob = await newDepositor(b, 1_000n * USDC);
    expect((await send(b.svm, [depositIx(b, bob, 1_000n * USDC)], b.payer)).ok).toBe(true);
    // Then the treasury is owed supply x 20 / 9,980 shares (0.2% of the new supply)
    const owed = (supply * 20n * year) / (10_000n * year - 20n * year);
    const s = readVault(b);
    expect(s.feeSharesOwed).toBe(owed);
    expect(s.totalMgmtFeeShares).toBe(owed);
    expect(s.lastMgmtFeeTime).toBe(MONDAY_15H + year);
    // And Bob was priced against the supply including the owed shares
    expect(tokenAmount(b.svm, bob.shareAccount)).toBe(
      sharesForDeposit(1_000n * USDC, 1_000_000n * USDC, supply + owed),
    );
  });
});
