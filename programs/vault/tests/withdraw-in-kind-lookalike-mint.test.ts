// withdraw_in_kind checks a slot's mint address before reading its pause flag: a paused
// lookalike (another issuer's mint with the same decimals, multiplier and extensions) in
// place of the asset's mint is refused with WrongMint and changes nothing; it is never taken
// as "the asset's mint is paused", which would leave the owner's slice to the other holders
// even with the owner's consent to an unpaid slot. The real, unpaused mint then pays it.
import {
  accountBytes,
  createIssuerMint,
  pauseInstruction,
  send,
  tokenAmount,
} from '@basket/test-harness';
import { VAULT_ERROR__WRONG_MINT } from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  depositIx,
  initVault,
  newDepositor,
  newRedeemerAccounts,
  setupBasket,
  stockHoldings,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';
import { ok } from './issuer-support.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
/** The basket's 9-decimal issuer stock (multiplier 2.5, pausable). */
const SLOT = 2;

/** `ix` with slot `slot`'s mint account replaced by `mint`. */
function withMint(ix: Instruction, slot: number, mint: Address): Instruction {
  const accounts = [...(ix.accounts ?? [])];
  const index = accounts.length - 3 * (3 - slot);
  const meta = accounts[index];
  if (!meta) throw new Error('no such slot');
  accounts[index] = { ...meta, address: mint };
  return { ...ix, accounts };
}

describe('withdraw_in_kind: a lookalike paused mint', () => {
  it('is refused with WrongMint (not skipped as paused); the real mint then pays the slice', async () => {
    // Given a vault holding three assets, Alice's shares and a paused lookalike of slot 2's mint
    const b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 10_000n * USDC);
    await ok(b, [depositIx(b, alice, 1_000n * USDC)]);
    await stockHoldings(b, BOOKS);
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const lookalike = await createIssuerMint(b.svm, b.payer, { decimals: 9, multiplier: 2.5 });
    await ok(b, [pauseInstruction(lookalike, true)]);
    const shares = 100n * USDC;
    // Alice consents to an unpaid slot 2 (the consent a paused mint would use)
    const ix = withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares, undefined, 0b100);
    const real = b.assets[SLOT]?.mint.address as Address;
    expect(ix.accounts?.[(ix.accounts?.length ?? 0) - 3]?.address).toBe(real);
    const watched = [b.vault, b.shareMint, alice.shareAccount, ...b.holdings, ...out.assetAccounts];
    const before = accountBytes(b.svm, watched);

    // When the lookalike stands in for slot 2's mint, then WrongMint and no byte changed
    const r = await send(b.svm, [withMint(ix, SLOT, lookalike.address)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__WRONG_MINT);
    expect(accountBytes(b.svm, watched)).toEqual(before);

    // And with the real (unpaused) mint, slot 2's slice is paid
    await ok(b, [ix]);
    expect(tokenAmount(b.svm, out.assetAccounts[SLOT] as Address)).toBeGreaterThan(0n);
  });
});
