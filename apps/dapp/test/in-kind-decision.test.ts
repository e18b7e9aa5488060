// The withdraw page's in-kind choices: blocked slices shown, the one-transaction withdrawal
// signed only without them or after the user accepted forfeiting them (then, and only then,
// the SDK's acceptUnpaidSlots), never with a frozen receiving account; the redemption request
// offered instead, and its payments leave the blocked slots owed.
import { decodeCustomProgramError, type InKindWithdrawalQuote, type UnpaidSlot } from '@basket/sdk';
import { VAULT_ERROR__AMOUNT_TOO_SMALL, VAULT_PROGRAM_ADDRESS } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { blockedKey, decideInKind, redemptionBatches } from '../src/web/pages/in-kind-decision.ts';

const mint = (n: number) => `Mint${n}111111111111111111111111111111111` as Address;
type OkQuote = Extract<InKindWithdrawalQuote, { ok: true }>;

function quoteWith(unpaid: UnpaidSlot[], amounts = [10n, 20n, 30n]): OkQuote {
  return {
    ok: true,
    shares: 1_000n,
    assets: amounts.map((amountRaw, i) => ({ mint: mint(i), amountRaw })),
    cashRaw: 5n,
    unpaid,
  };
}
const frozen: UnpaidSlot = { slot: 2, mint: mint(2), reason: 'HoldingFrozen', amountRaw: 30n };
const paused: UnpaidSlot = { slot: 0, mint: mint(0), reason: 'MintPaused', amountRaw: 10n };
const yours: UnpaidSlot = { slot: 1, mint: mint(1), reason: 'DestinationFrozen', amountRaw: 20n };
const known = { batched: false, forfeitAccepted: false, transfersKnown: true };

describe('decideInKind', () => {
  it('withdraws in one transaction without the opt-in when every slice moves', () => {
    expect(decideInKind(quoteWith([]), known)).toEqual({
      blocked: [],
      path: 'withdraw',
      canSubmit: true,
      offerForfeit: false,
      offerRedemption: false,
      acceptUnpaidSlots: false,
    });
  });

  it('offers nothing to sign before the transfers are read or without a valid quote', () => {
    expect(decideInKind(quoteWith([]), { ...known, transfersKnown: false }).canSubmit).toBe(false);
    expect(decideInKind(null, known).canSubmit).toBe(false);
    const refused: InKindWithdrawalQuote = {
      ok: false,
      shares: 0n,
      refusal: {
        ...decodeCustomProgramError(VAULT_PROGRAM_ADDRESS, VAULT_ERROR__AMOUNT_TOO_SMALL),
        mint: null,
      },
    };
    expect(decideInKind(refused, known).canSubmit).toBe(false);
  });

  it('a frozen holding or paused stock: shown, redemption offered, withdrawal only after the user accepts the forfeit', () => {
    const q = quoteWith([paused, frozen]);
    const before = decideInKind(q, known);
    expect(before).toMatchObject({
      blocked: [paused, frozen],
      path: 'withdraw',
      canSubmit: false,
      offerForfeit: true,
      offerRedemption: true,
      acceptUnpaidSlots: false,
    });
    const after = decideInKind(q, { ...known, forfeitAccepted: true });
    expect(after).toMatchObject({
      canSubmit: true,
      acceptUnpaidSlots: true,
      offerRedemption: true,
    });
  });

  it('a frozen receiving account: no forfeit offered and no withdrawal, even if accepted; redemption offered', () => {
    const d = decideInKind(quoteWith([frozen, yours]), { ...known, forfeitAccepted: true });
    expect(d).toMatchObject({
      canSubmit: false,
      offerForfeit: false,
      offerRedemption: true,
      acceptUnpaidSlots: false,
    });
  });

  it('a batched basket redeems through a claim: blocked slots shown, nothing forfeited', () => {
    const d = decideInKind(quoteWith([frozen]), { ...known, batched: true, forfeitAccepted: true });
    expect(d).toMatchObject({
      blocked: [frozen],
      path: 'redeem',
      canSubmit: true,
      offerForfeit: false,
      acceptUnpaidSlots: false,
    });
  });
});

describe('blockedKey', () => {
  it("changes with a blocked slice's amount or reason, so an acceptance does not carry over", () => {
    const accepted = blockedKey(quoteWith([frozen]));
    expect(blockedKey(quoteWith([frozen]))).toBe(accepted);
    expect(blockedKey(quoteWith([{ ...frozen, amountRaw: 31n }]))).not.toBe(accepted);
    expect(blockedKey(quoteWith([{ ...frozen, reason: 'MintPaused' }]))).not.toBe(accepted);
    expect(blockedKey(quoteWith([frozen, paused]))).not.toBe(accepted);
  });
});

describe('redemptionBatches', () => {
  it('pays every owed slot but the blocked ones, a few per transaction', () => {
    const q = quoteWith([frozen], [1n, 0n, 3n, 4n, 5n, 6n]);
    expect(redemptionBatches(q, 2)).toEqual([
      [0, 3],
      [4, 5],
    ]);
  });

  it('keeps one batch (the cash part) when every slot is blocked', () => {
    expect(redemptionBatches(quoteWith([paused], [10n, 0n, 0n]), 5)).toEqual([[]]);
  });
});
