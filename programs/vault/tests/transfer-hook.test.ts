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
  createIssuerMint,
  fund,
  type IssuerMint,
  initializeTestHookInstruction,
  programPath,
  send,
  setTestHookModeInstruction,
  TEST_HOOK_PROGRAM_ADDRESS,
  TEST_HOOK_REFUSED,
  testHookRecord,
  tokenAmount,
} from '@basket/test-harness';
import {
  getBeginRedemptionInstruction,
  getPayRedemptionInstruction,
  getRefreshNavInstruction,
  VAULT_PROGRAM_ADDRESS,
} from '@basket/vault-client';
import {
  type AccountMeta,
  AccountRole,
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU64Encoder,
  getUtf8Encoder,
  type Instruction,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  assetPairs,
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  navAtPrices,
  newDepositor,
  newRedeemerAccounts,
  pda,
  type Redeemer,
  readVault,
  setupBasket,
  stockHoldings,
  type TestAsset,
  treasuryAccounts,
  withdrawInKindIx,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';
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
const CASH_BIT = 1 << 20;

async function ok(b: Basket, ixs: Instruction[]) {
  const r = await send(b.svm, ixs, b.payer);
  expect(r.error).toBeNull();
  return r;
}

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
    b.svm.addProgramFromFile(TEST_HOOK_PROGRAM_ADDRESS, programPath('test-transfer-hook'));
    hooked = await createIssuerMint(b.svm, b.payer, {
      decimals: 8,
      multiplier: 1.0571,
      hookProgram: TEST_HOOK_PROGRAM_ADDRESS,
    });
    fund(b.svm, hooked.issuer.address);
    await ok(b, [await initializeTestHookInstruction(hooked.address, hooked.issuer)]);
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
    await ok(b, [
      getRefreshNavInstruction({
        vault: b.vault,
        navSnapshot: b.snapshot,
        assetAccounts: assetPairs(b),
      }),
    ]);
    expect(readVault(b).lastNavUsd).toBe(navAtPrices(b, 'down'));
    const bob = await newDepositor(b, 1_000n * USDC);
    await ok(b, [depositIx(b, bob, 100n * USDC)]);
    const treasury = await treasuryAccounts(b);
    await ok(b, [
      withdrawUsdcIx(
        b,
        bob.signer,
        {
          shareSource: bob.shareAccount,
          destination: bob.usdcAccount,
          treasuryStable: treasury.usdc,
        },
        { shares: 10n * USDC },
      ),
    ]);

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
    const [claim] = await getProgramDerivedAddress({
      programAddress: VAULT_PROGRAM_ADDRESS,
      seeds: [
        getUtf8Encoder().encode('claim'),
        getAddressEncoder().encode(b.vault),
        getAddressEncoder().encode(alice.signer.address),
        getU64Encoder().encode(nonce),
      ],
    });
    await ok(b, [
      getBeginRedemptionInstruction({
        owner: alice.signer,
        vault: b.vault,
        navSnapshot: b.snapshot,
        shareMint: b.shareMint,
        shareSource: alice.shareAccount,
        claim,
        systemProgram: '11111111111111111111111111111111' as Address,
        token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address,
        shares: 1_000n * USDC,
        nonce,
      }),
    ]);
    const pay = (slots: number[], cash: boolean) =>
      getPayRedemptionInstruction({
        vault: b.vault,
        claim,
        owner: alice.signer.address,
        navSnapshot: b.snapshot,
        stableMint: b.usdc.address,
        cashHolding: b.cashHolding,
        stableDestination: out.usdcAccount,
        tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
        token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address,
        slots: slots.reduce((m, s) => m | (1 << s), cash ? CASH_BIT : 0),
        slotAccounts: slots.flatMap((s) => [
          b.assets[s]?.mint.address as Address,
          b.holdings[s] as Address,
          out.assetAccounts[s] as Address,
        ]),
      });
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
