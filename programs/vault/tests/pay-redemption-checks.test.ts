/**
 * pay_redemption's own checks, each reached by a payment that every other check would let
 * through, so that only the check under test can refuse it with its error (the token
 * program's transfer would otherwise refuse it with a token error, or the runtime with an
 * illegal write): a destination shaped like the owner's token account but not owned by the
 * token program (WrongDestination); the claim's bytes under another owner program
 * (InvalidOwner); the cash bit named again once the cash is paid (NothingOwed); another mint
 * in the stablecoin's place (WrongMint); another mint for a retired asset's slot (WrongMint).
 * Every refusal changes nothing. Written for the mutants of those five checks
 * (docs/mutants.md). Issuer mints with non-unit multipliers, as `setupBasket` makes them.
 */

import {
  accountBytes,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import {
  getPayRedemptionInstruction,
  VAULT_ERROR__INVALID_OWNER,
  VAULT_ERROR__NOTHING_OWED,
  VAULT_ERROR__WRONG_DESTINATION,
  VAULT_ERROR__WRONG_MINT,
} from '@basket/vault-client';
import { type Address, address, generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  CASH_BIT,
  depositedVault,
  multiplierNum,
  newRedeemerAccounts,
  openClaim,
  patchVault,
  payRedemptionIx,
  readVault,
  STOCK_BOOKS,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

/** A vault holding cash and three stocks, and Alice's claim owed cash and every stock. */
async function world() {
  const { b, alice } = await depositedVault({ books: STOCK_BOOKS });
  const claim = await openClaim(b, alice, 1_000n * USDC);
  const to = await newRedeemerAccounts(b, alice.signer.address);
  return { b, alice, claim, to };
}

/** `source`'s bytes and lamports at a new address, owned by `owner`. */
async function copyUnder(
  b: Awaited<ReturnType<typeof world>>['b'],
  source: Address,
  owner: Address,
) {
  const account = b.svm.getAccount(source);
  if (!account.exists) throw new Error(`${source} does not exist`);
  const copy = (await generateKeyPairSigner()).address;
  b.svm.setAccount({ ...account, address: copy, programAddress: owner });
  return copy;
}

describe('pay_redemption checks', () => {
  it('refuses a destination not owned by the token program, however it is shaped (WrongDestination)', async () => {
    const { b, alice, claim, to } = await world();
    // The owner's real stablecoin account, byte for byte, under the System program.
    const lookalike = await copyUnder(b, to.usdcAccount, SYSTEM_PROGRAM);
    const ix = payRedemptionIx(b, {
      claim,
      owner: alice.signer.address,
      to: { ...to, usdcAccount: lookalike },
      slots: [],
      cash: true,
    });
    const watched = [b.vault, claim, b.cashHolding, lookalike];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__WRONG_DESTINATION);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });

  it("refuses a claim's bytes under another owner program (InvalidOwner)", async () => {
    const { b, alice, claim, to } = await world();
    const forged = await copyUnder(b, claim, SYSTEM_PROGRAM);
    const ix = payRedemptionIx(b, {
      claim: forged,
      owner: alice.signer.address,
      to,
      slots: [0],
      cash: true,
    });
    const watched = [b.vault, claim, forged, b.cashHolding, b.holdings[0] as Address];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__INVALID_OWNER);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });

  it('refuses the cash bit once the cash is paid (NothingOwed), the stock slots still payable', async () => {
    const { b, alice, claim, to } = await world();
    const cash = payRedemptionIx(b, {
      claim,
      owner: alice.signer.address,
      to,
      slots: [],
      cash: true,
    });
    expect((await send(b.svm, [cash], b.payer)).error).toBeNull();
    const again = payRedemptionIx(b, {
      claim,
      owner: alice.signer.address,
      to,
      slots: [],
      cash: true,
    });
    const watched = [b.vault, claim, b.cashHolding, to.usdcAccount];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [again], b.payer)).customError).toBe(VAULT_ERROR__NOTHING_OWED);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    const stock = payRedemptionIx(b, { claim, owner: alice.signer.address, to, slots: [0] });
    expect((await send(b.svm, [stock], b.payer)).error).toBeNull();
  });

  it("refuses another mint in the stablecoin's place (WrongMint)", async () => {
    const { b, alice, claim, to } = await world();
    const other = b.assets[0]?.mint.address as Address;
    const ix = getPayRedemptionInstruction({
      vault: b.vault,
      claim,
      owner: alice.signer.address,
      navSnapshot: b.snapshot,
      stableMint: other,
      cashHolding: b.cashHolding,
      stableDestination: to.usdcAccount,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      slots: CASH_BIT,
      slotAccounts: [],
    });
    const watched = [b.vault, claim, b.cashHolding, to.usdcAccount];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__WRONG_MINT);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });

  it("refuses another mint for a retired asset's slot (WrongMint), and pays it with its own", async () => {
    const { b, alice, claim, to } = await world();
    // Asset 1 retired after the claim (test-only state injection: weight 0 and book 0, as
    // set_asset_status requires) and dropped from the snapshot.
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) => (i === 1 ? { ...a, status: 3, holdingsRaw: 0n } : a)),
    }));
    writeSnapshot(b, {
      entries: b.assets
        .filter((_, i) => i !== 1)
        .map((a) => ({
          mint: a.mint.address,
          priceUsd1e8: a.priceUsd1e8,
          multiplierNum: multiplierNum(a.multiplier),
        })),
    });
    expect(readVault(b).assets[1]?.status).toBe(3);
    const payWith = (mint: Address) =>
      getPayRedemptionInstruction({
        vault: b.vault,
        claim,
        owner: alice.signer.address,
        navSnapshot: b.snapshot,
        stableMint: b.usdc.address,
        cashHolding: b.cashHolding,
        stableDestination: to.usdcAccount,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
        slots: 1 << 1,
        slotAccounts: [mint, b.holdings[1] as Address, to.assetAccounts[1] as Address],
      });
    const watched = [b.vault, claim, b.holdings[1] as Address, to.assetAccounts[1] as Address];
    const before = accountBytes(b.svm, watched);
    const wrong = payWith(b.assets[0]?.mint.address as Address);
    expect((await send(b.svm, [wrong], b.payer)).customError).toBe(VAULT_ERROR__WRONG_MINT);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    expect(
      (await send(b.svm, [payWith(b.assets[1]?.mint.address as Address)], b.payer)).error,
    ).toBeNull();
  });
});
