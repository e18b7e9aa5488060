// A seizure split between the holders' book and the open redemption claims rounds in favour
// of the vault (those who stay): the book is ceil(book x balance / (book + backed)), the
// claims (holders who already left) get the rest. On the basket's 9-decimal issuer stock
// (multiplier 2.5), book and claims in a 1,000-unit holding, the delegate burns 499 (501
// left): book 600 / claims 400 splits 300.6 / 200.4 into 301 / 200, and book 400 / claims
// 600 splits 200.4 / 300.6 into 201 / 300 (the book rounds up whichever side the fraction
// falls; the claims round down). The split holds: a second refresh cuts nothing.
import { delegateBurnInstruction, tokenAmount } from '@basket/test-harness';
import { getRedemptionClaimDecoder, getRedemptionClaimEncoder } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  type Basket,
  beginRedemptionIx,
  claimAddress,
  depositIx,
  initVault,
  newDepositor,
  patchVault,
  readVault,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';
import { issuerMint, ok, refreshIx, USDC } from './issuer-support.ts';

const SEIZED = 2;

function setClaimOwed(b: Basket, claim: Address, owed: bigint): void {
  const account = b.svm.getAccount(claim);
  if (!account.exists) throw new Error('claim does not exist');
  const decoded = getRedemptionClaimDecoder().decode(Uint8Array.from(account.data));
  const patched = { ...decoded, owed: decoded.owed.map((o, i) => (i === SEIZED ? owed : o)) };
  b.svm.setAccount({
    ...account,
    data: Uint8Array.from(getRedemptionClaimEncoder().encode(patched)),
  });
}

async function splitAfterBurn(book: bigint, owed: bigint): Promise<[bigint, bigint]> {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  await ok(b, [depositIx(b, alice, 10_000n * USDC)]);
  await stockHoldings(b, [350_000_000n, 10_000_000n, 1_000n]);
  await ok(b, [refreshIx(b)]);
  const claim = await claimAddress(b, alice.signer.address, 1n);
  await ok(b, [
    beginRedemptionIx(b, alice.signer, {
      shareSource: alice.shareAccount,
      claim,
      shares: 1_000n * USDC,
      nonce: 1n,
    }),
  ]);
  setClaimOwed(b, claim, owed);
  patchVault(b, (s) => ({
    ...s,
    assets: s.assets.map((a, i) =>
      i === SEIZED ? { ...a, holdingsRaw: book, claimsOwedRaw: owed } : a,
    ),
  }));
  expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(1_000n);
  await ok(b, [delegateBurnInstruction(issuerMint(b, SEIZED), b.holdings[SEIZED]!, 499n)]);
  await ok(b, [refreshIx(b)]);
  const split = (): [bigint, bigint] => {
    const s = readVault(b);
    const backed =
      (s.assets[SEIZED]?.claimsOwedRaw as bigint) - (s.claimsUnbackedRaw[SEIZED] as bigint);
    return [s.assets[SEIZED]?.holdingsRaw as bigint, backed];
  };
  const first = split();
  expect(first[0] + first[1]).toBe(501n);
  // Split once: a second refresh finds the holding covering book + backed.
  await ok(b, [refreshIx(b)]);
  expect(split()).toEqual(first);
  return first;
}

describe('the seizure split rounds in favour of the vault', () => {
  it('book 600 / claims 400, 499 burned (300.6 / 200.4): the vault keeps 301, the claims 200', async () => {
    expect(await splitAfterBurn(600n, 400n)).toEqual([301n, 200n]);
  });

  it('book 400 / claims 600, 499 burned (200.4 / 300.6): the vault keeps 201, the claims 300', async () => {
    expect(await splitAfterBurn(400n, 600n)).toEqual([201n, 300n]);
  });
});
