import { accountBytes, send, tokenAmount } from '@basket/test-harness';
import {
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__DESTINATION_FROZEN,
  VAULT_ERROR__NOT_ENOUGH_ACCOUNTS,
} from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  MONDAY_15H,
  mintSupply,
  newDepositor,
  newRedeemerAccounts,
  type Redeemer,
  readVault,
  setupBasket,
  stockHoldings,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';

// withdraw_in_kind's own refusals, each met where only that check can refuse (mutation
// testing found them unneeded by the other suites): zero shares refused by name before
// anything is read; an account list short of one triple per asset refused instead of paying
// the assets listed and leaving the rest of the owner's slice to the other holders; a frozen
// stablecoin destination refused by name (decision 0080), not left to the token program.

/** Token account state byte (SPL layout): 1 initialized, 2 frozen. */
const STATE_OFFSET = 108;
const FROZEN = 2;

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

describe('withdraw_in_kind checks', () => {
  let b: Basket;
  let alice: Depositor;
  let out: Redeemer;

  beforeEach(async () => {
    // Issuer-made mints with non-unit multipliers (setupBasket), three assets and cash.
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

  async function expectRefused(ix: Instruction, code: number): Promise<void> {
    const before = accountBytes(b.svm, touched());
    const r = await send(b.svm, [ix], b.payer);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, touched())).toEqual(before);
  }

  it('refuses zero shares with AmountTooSmall before the snapshot is read', async () => {
    // Given a snapshot too old to price with: any other request fails on it
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 61n });
    // Then zero shares are still refused for what they are, and nothing changes
    await expectRefused(
      withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 0n),
      VAULT_ERROR__AMOUNT_TOO_SMALL,
    );
  });

  it('refuses an account list short of one asset triple, then pays every asset with it', async () => {
    const shares = 100n * USDC;
    const full = withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares);
    // The asset triples come last: drop the third asset's mint, holding and destination.
    const short = { ...full, accounts: (full.accounts ?? []).slice(0, -3) };
    await expectRefused(short, VAULT_ERROR__NOT_ENOUGH_ACCOUNTS);
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(BOOKS[2]);

    // The same request with every triple lands and pays the third asset its slice too.
    const supply = mintSupply(b.svm, b.shareMint);
    const r = await send(b.svm, [full], b.payer);
    expect(r.error).toBeNull();
    const paid = readVault(b)
      .assets.slice(0, 3)
      .map((a, i) => (BOOKS[i] ?? 0n) - a.holdingsRaw);
    expect(paid.every((p) => p > 0n)).toBe(true);
    expect(mintSupply(b.svm, b.shareMint)).toBe(supply - shares);
  });

  it('refuses a frozen stablecoin destination by name while cash is paid, then pays it thawed', async () => {
    // Given Alice's stablecoin account frozen (as the stablecoin's issuer can), cash in the vault
    expect(readVault(b).cashRaw).toBeGreaterThan(0n);
    const account = b.svm.getAccount(out.usdcAccount);
    if (!account.exists) throw new Error('usdc account');
    const thawed = Uint8Array.from(account.data);
    const frozen = Uint8Array.from(account.data);
    frozen[STATE_OFFSET] = FROZEN;
    b.svm.setAccount({ ...account, data: frozen });
    const ix = withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 100n * USDC);
    // Then the withdrawal is refused with DestinationFrozen and nothing changes
    await expectRefused(ix, VAULT_ERROR__DESTINATION_FROZEN);
    // And once thawed the same request lands and pays the cash slice
    expect(tokenAmount(b.svm, out.usdcAccount)).toBe(0n);
    b.svm.setAccount({ ...account, data: thawed });
    const r = await send(b.svm, [ix], b.payer);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, out.usdcAccount)).toBeGreaterThan(0n);
  });
});
