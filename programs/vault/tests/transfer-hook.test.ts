// A tokenized stock whose issuer set a transfer hook (the test hook program, with an
// extra-account-meta list naming its record): every vault instruction that moves the stock
// passes the hook's accounts through (resolved by the SDK from the mint's list), the hook
// records each transfer; in refuse mode nothing that does not move the stock fails, an
// in-kind exit goes through a redemption claim whose hooked slot waits, and is paid when the
// hook lets transfers through again.
import {
  isSdkError,
  resolveTransferHookAccounts,
  SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS,
  withVaultHookAccounts,
} from '@basket/sdk';
import {
  createTestHookedMint,
  type IssuerMint,
  send,
  setTestHookModeInstruction,
  TEST_HOOK_PROGRAM_ADDRESS,
  TEST_HOOK_REFUSED,
  testHookRecord,
  tokenAmount,
} from '@basket/test-harness';
import { VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import {
  type AccountMeta,
  AccountRole,
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  beginRedemptionIx,
  claimAddress,
  type Depositor,
  depositIx,
  initVault,
  navAtBalances,
  newDepositor,
  newRedeemerAccounts,
  payRedemptionIx,
  pda,
  type Redeemer,
  readVault,
  setupBasket,
  stockHoldings,
  type TestAsset,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';
import { buyWithCash, ok, refreshIx, withdrawUsdcExactly } from './issuer-support.ts';
import {
  incomingIx,
  type Leg,
  legIx,
  minAcceptedIn,
  newCounterparty,
  settleIx,
} from './rebalance-fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

describe('a transfer hook set on a tokenized stock', () => {
  let b: Basket;
  let alice: Depositor;
  let out: Redeemer;
  let hooked: IssuerMint;

  /** The hook accounts of a transfer of the hooked stock, as the SDK resolves them. */
  async function hookAccounts(source: Address, destination: Address): Promise<AccountMeta[]> {
    const mint = b.svm.getAccount(hooked.address);
    if (!mint.exists) throw new Error('hooked mint missing');
    const mintData = Uint8Array.from(mint.data);
    return resolveTransferHookAccounts(
      { mint: hooked.address, mintData, source, destination, authority: b.vault, amount: 1n },
      async (address) => {
        const info = b.svm.getAccount(address);
        return info.exists ? Uint8Array.from(info.data) : null;
      },
    );
  }

  beforeEach(async () => {
    b = await setupBasket();
    hooked = await createTestHookedMint(b.svm, b.payer, { decimals: 8, multiplier: 1.0571 });
    (b.assets[0] as TestAsset).mint = hooked;
    b.holdings[0] = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, hooked.address]);
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    await ok(b, [depositIx(b, alice, 10_000n * USDC)]);
    await stockHoldings(b, BOOKS);
    out = await newRedeemerAccounts(b, alice.signer.address);
  });

  it('resolves the hook program, its validation account and the record from the meta list', async () => {
    const accounts = await hookAccounts(b.holdings[0] as Address, out.assetAccounts[0] as Address);
    const [validation] = await getProgramDerivedAddress({
      programAddress: TEST_HOOK_PROGRAM_ADDRESS,
      seeds: [
        getUtf8Encoder().encode('extra-account-metas'),
        getAddressEncoder().encode(hooked.address),
      ],
    });
    expect(accounts.map((a) => a.address)).toContain(TEST_HOOK_PROGRAM_ADDRESS);
    expect(accounts.map((a) => a.address)).toContain(validation);
    expect(accounts[0]?.role).toBe(AccountRole.WRITABLE);
    expect(readVault(b).assets[0]?.mintFlags ?? 0).toBe(1 | 2 | 8);
    // Nine distinct accounts: more than the vault forwards to one transfer.
    const nine = [b.vault, b.snapshot, b.shareMint, b.cashHolding, b.usdc.address, ...b.holdings];
    nine.push(b.treasury.address, b.oracleConfig);
    let error: unknown;
    try {
      withVaultHookAccounts(
        depositIx(b, alice, 1n),
        nine.map((address) => ({ address, role: AccountRole.READONLY })),
      );
    } catch (e) {
      error = e;
    }
    expect(isSdkError(error, SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS)).toBe(true);
  });

  it('records the in-kind transfer of the hooked stock, with the hook accounts passed through', async () => {
    const hook = await hookAccounts(b.holdings[0] as Address, out.assetAccounts[0] as Address);
    await ok(b, [
      withVaultHookAccounts(
        withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1_000n * USDC),
        hook,
      ),
    ]);
    const paid = tokenAmount(b.svm, out.assetAccounts[0] as Address);
    expect(paid).toBeGreaterThan(0n);
    expect(await testHookRecord(b.svm, hooked.address)).toEqual({
      mode: 0,
      count: 1n,
      total: paid,
    });
  });

  it('a rebalance leg selling the hooked stock passes the hook accounts to its payment', async () => {
    const c = await newCounterparty(b);
    const payAmount = 10_000_000n;
    const leg: Leg = {
      pay: 0,
      receive: 'cash',
      payAmount,
      receiveAmount: minAcceptedIn(b, 0, 'cash', payAmount, 50n),
    };
    const hook = await hookAccounts(b.holdings[0] as Address, c.assets[0] as Address);
    await ok(b, [
      withVaultHookAccounts(legIx(b, c, leg), hook),
      incomingIx(b, c, leg),
      settleIx(b, 'cash'),
    ]);
    expect((await testHookRecord(b.svm, hooked.address)).total).toBe(payAmount);
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]! - payAmount);
  });

  it('refuse mode: deposit, withdraw_usdc and refresh_nav work; in kind fails whole, a claim pays the rest and the hooked slot later', async () => {
    await ok(b, [await setTestHookModeInstruction(hooked.address, hooked.issuer, 'refuse')]);
    // Nothing that does not move the stock fails.
    await ok(b, [refreshIx(b)]);
    expect(readVault(b).lastNavUsd).toBe(navAtBalances(b, 'down'));
    const bob = await newDepositor(b, 1_000n * USDC);
    await ok(b, [depositIx(b, bob, 100n * USDC)]);
    await withdrawUsdcExactly(b, bob, 10n * USDC);
    // A rebalance leg on another asset moves no hooked stock: it trades, its books move by
    // exactly the leg, and the NAV is still the cash plus the real holdings at prices.
    await buyWithCash(b, await newCounterparty(b), 2, 20n * USDC);
    await ok(b, [refreshIx(b)]);
    expect(readVault(b).lastNavUsd).toBe(navAtBalances(b, 'down'));
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(tokenAmount(b.svm, b.holdings[2] as Address));

    // In kind moves the stock: the hook refuses, the transaction changes nothing.
    const hook = await hookAccounts(b.holdings[0] as Address, out.assetAccounts[0] as Address);
    const refused = await send(
      b.svm,
      [
        withVaultHookAccounts(
          withdrawInKindIx(b, alice.signer, alice.shareAccount, out, USDC),
          hook,
        ),
      ],
      b.payer,
    );
    expect(refused.customError).toBe(TEST_HOOK_REFUSED);

    // A redemption claim: every other slot and the cash are paid now, the hooked one waits.
    const nonce = 1n;
    const claim = await claimAddress(b, alice.signer.address, nonce);
    await ok(b, [
      beginRedemptionIx(b, alice.signer, {
        shareSource: alice.shareAccount,
        claim,
        shares: 1_000n * USDC,
        nonce,
      }),
    ]);
    const pay = (slots: number[], cash: boolean) =>
      payRedemptionIx(b, { claim, owner: alice.signer.address, to: out, slots, cash });
    await ok(b, [pay([1, 2], true)]);
    expect(tokenAmount(b.svm, out.assetAccounts[1] as Address)).toBeGreaterThan(0n);
    expect(tokenAmount(b.svm, out.assetAccounts[0] as Address)).toBe(0n);
    const owed = readVault(b).assets[0]?.claimsOwedRaw ?? 0n;
    expect(owed).toBeGreaterThan(0n);

    // The issuer lets transfers through again: the hooked slot is paid in full.
    await ok(b, [await setTestHookModeInstruction(hooked.address, hooked.issuer, 'record')]);
    await ok(b, [withVaultHookAccounts(pay([0], false), hook)]);
    expect(tokenAmount(b.svm, out.assetAccounts[0] as Address)).toBe(owed);
    expect(readVault(b).assets[0]?.claimsOwedRaw).toBe(0n);
    expect((await testHookRecord(b.svm, hooked.address)).count).toBe(1n);
  });
});
