// Issue 30, items 2 and 5, over the real program with the fixture's issuer mints (non-unit
// multipliers):
// - withdraw_in_kind leaves an unpayable slice (paused mint, frozen holding) to the other
//   holders only for the slots the owner's signed accept_unpaid_mask names; any other is
//   refused (UnpaidNotAccepted) and nothing changes. A pause landing after the quote is the
//   case: the user accepted nothing for that slot.
// - withdraw_usdc and withdraw_in_kind refuse a destination the vault itself owns (its cash
//   buffer, a holding, any token account of the vault PDA) with WrongDestination, as
//   pay_redemption and fulfil_withdrawal do, and nothing changes.
import {
  accountBytes,
  createTokenAccount,
  freezeInstruction,
  pauseInstruction,
  send,
  tokenAmount,
} from '@basket/test-harness';
import {
  VAULT_ERROR__UNPAID_NOT_ACCEPTED,
  VAULT_ERROR__WRONG_DESTINATION,
  VaultEventKind,
} from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  newDepositor,
  newRedeemerAccounts,
  pricedSupply,
  type Redeemer,
  readVault,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  VIRTUAL_SHARES,
  withdrawInKindIx,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';
import { BOOKS, eventKinds, issuerMint, ok, USDC } from './issuer-support.ts';

let b: Basket;
let alice: Depositor;
let out: Redeemer;

beforeEach(async () => {
  b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  alice = await newDepositor(b, 100_000n * USDC);
  await ok(b, [depositIx(b, alice, 10_000n * USDC)]);
  await stockHoldings(b, BOOKS);
  out = await newRedeemerAccounts(b, alice.signer.address);
});

function watched(): Address[] {
  return [
    b.vault,
    b.shareMint,
    alice.shareAccount,
    b.cashHolding,
    alice.usdcAccount,
    out.usdcAccount,
    ...b.holdings,
    ...out.assetAccounts,
  ];
}

async function expectRefused(ixs: Instruction[], code: number): Promise<void> {
  const before = accountBytes(b.svm, watched());
  const r = await send(b.svm, ixs, b.payer);
  expect(r.customError, r.error ?? '').toBe(code);
  expect(accountBytes(b.svm, watched())).toEqual(before);
}

describe('withdraw_in_kind: forfeit only by the consent signed', () => {
  const shares = 1_000n * USDC;
  const inKind = (mask?: number, to: Redeemer = out) =>
    withdrawInKindIx(b, alice.signer, alice.shareAccount, to, shares, undefined, mask);

  it('a pause after the quote: refused without consent, or with consent for another slot', async () => {
    // The user saw every slot payable and signed no consent; the issuer pauses slot 0's mint.
    await ok(b, [pauseInstruction(issuerMint(b, 0), true)]);
    await expectRefused([inKind()], VAULT_ERROR__UNPAID_NOT_ACCEPTED);
    await expectRefused([inKind(0b100)], VAULT_ERROR__UNPAID_NOT_ACCEPTED);
    // Resumed: the same unsigned-consent exit is paid in full.
    await ok(b, [pauseInstruction(issuerMint(b, 0), false)]);
    const total = pricedSupply(b) + VIRTUAL_SHARES;
    await ok(b, [inKind()]);
    expect(tokenAmount(b.svm, out.assetAccounts[0]!)).toBe((BOOKS[0]! * shares) / total);
  });

  it('a frozen holding: refused without its bit; with it the slice stays and the rest is paid', async () => {
    await ok(b, [freezeInstruction(issuerMint(b, 2), b.holdings[2]!, true)]);
    await expectRefused([inKind(0b011)], VAULT_ERROR__UNPAID_NOT_ACCEPTED);
    const total = pricedSupply(b) + VIRTUAL_SHARES;
    const r = await ok(b, [inKind(0b100)]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.InKindNotPaid,
      VaultEventKind.WithdrawInKind,
    ]);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBe(0n);
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(BOOKS[2]);
    for (const i of [0, 1]) {
      expect(tokenAmount(b.svm, out.assetAccounts[i]!)).toBe((BOOKS[i]! * shares) / total);
    }
  });
});

describe("never into the vault's own accounts", () => {
  it('withdraw_usdc refuses the cash buffer and any USDC account of the vault PDA', async () => {
    const treasury = await treasuryAccounts(b);
    const vaultOwned = await createTokenAccount(b.svm, b.payer, b.usdc, b.vault);
    for (const destination of [b.cashHolding, vaultOwned]) {
      await expectRefused(
        [
          withdrawUsdcIx(
            b,
            alice.signer,
            { shareSource: alice.shareAccount, destination, treasuryStable: treasury.usdc },
            { shares: 100n * USDC },
          ),
        ],
        VAULT_ERROR__WRONG_DESTINATION,
      );
      expect(tokenAmount(b.svm, vaultOwned)).toBe(0n);
    }
  });

  it("withdraw_in_kind refuses the cash buffer as its cash destination and a holding as an asset's", async () => {
    const ix = (to: Redeemer) =>
      withdrawInKindIx(b, alice.signer, alice.shareAccount, to, 100n * USDC);
    await expectRefused(
      [ix({ ...out, usdcAccount: b.cashHolding })],
      VAULT_ERROR__WRONG_DESTINATION,
    );
    const intoHolding = [...out.assetAccounts];
    intoHolding[1] = b.holdings[1]!;
    await expectRefused(
      [ix({ ...out, assetAccounts: intoHolding })],
      VAULT_ERROR__WRONG_DESTINATION,
    );
    // Another token account of the vault PDA (not a holding) is refused too.
    const vaultOwned = [...out.assetAccounts];
    vaultOwned[0] = await createTokenAccount(b.svm, b.payer, b.assets[0]!.mint, b.vault);
    await expectRefused(
      [ix({ ...out, assetAccounts: vaultOwned })],
      VAULT_ERROR__WRONG_DESTINATION,
    );
  });
});
