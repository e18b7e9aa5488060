// The keeper's refresh_nav builder against the real vault program: after a push it lands within
// its cost model, and the NAV the program publishes equals the SDK's quote to the raw unit.

import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { SKU, writeSnapshot } from '../../../programs/vault/tests/fixture.ts';
import {
  decodeProgramEvents,
  getNavQuote,
  getRefreshNavInstructionFor,
  reconciledBook,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run } from './support/vault-world.ts';

describe('refresh_nav builder in LiteSVM', () => {
  it('publishes exactly the NAV the SDK quotes, within the cost model', async () => {
    // Given a funded vault and a fresh push
    const { b } = await fundedVault();
    writeSnapshot(b);
    const quote = await getNavQuote(svmRpc(b.svm), SKU, { now: b.svm.getClock().unixTimestamp });
    if (!quote.navUsd) throw new Error(quote.refusal?.message ?? 'no NAV');

    // When anyone (here the fee payer) sends the SDK's refresh_nav
    const built = getRefreshNavInstructionFor({ vault: await readVault(b) });
    const r = await run(b, b.payer, built);

    // Then it lands within the model and its event carries the quoted NAV both ways
    expect(r.error).toBeNull();
    expect(r.used).toBeLessThanOrEqual(r.model);
    const events = decodeProgramEvents(r.logs).filter(
      (e) => e.status === 'decoded' && e.program === 'vault' && e.name === 'navRefreshed',
    );
    expect(events).toHaveLength(1);
    const [entry] = events;
    if (entry?.status !== 'decoded' || entry.name !== 'navRefreshed') throw new Error('event');
    expect(entry.event.navUpUsd).toBe(quote.navUsd.up);
    expect(entry.event.navDownUsd).toBe(quote.navUsd.down);
    expect(entry.event.snapshotSequence).toBe(quote.snapshot?.sequence);
    // And the vault now holds the cache for that snapshot
    expect((await readVault(b)).data.navCacheSequence).toBe(quote.snapshot?.sequence);
  });

  it('quotes on real balances: after a seizure the quote already equals what refresh_nav publishes', async () => {
    // Given a funded vault whose first holding lost half its tokens outside the vault (the
    // issuer's permanent delegate; injected here as the balance the token program would show)
    const { b } = await fundedVault();
    writeSnapshot(b);
    const holding = b.holdings[0] as Address;
    const info = b.svm.getAccount(holding);
    if (!info.exists) throw new Error('holding');
    const data = Uint8Array.from(info.data);
    const view = new DataView(data.buffer);
    const before = view.getBigUint64(64, true);
    expect(before).toBeGreaterThan(0n);
    view.setBigUint64(64, before / 2n, true);
    b.svm.setAccount({ ...info, data });
    const quote = await getNavQuote(svmRpc(b.svm), SKU, { now: b.svm.getClock().unixTimestamp });
    if (!quote.navUsd) throw new Error(quote.refusal?.message ?? 'no NAV');

    // When refresh_nav reconciles the book and publishes
    const r = await run(b, b.payer, getRefreshNavInstructionFor({ vault: await readVault(b) }));

    // Then the book follows the balance, with the keeper's event, and the NAV is the quote's
    expect(r.error).toBeNull();
    const decoded = decodeProgramEvents(r.logs).filter((e) => e.status === 'decoded');
    expect(decoded.map((e) => (e.status === 'decoded' ? e.name : ''))).toEqual([
      'holdingBelowBook',
      'navRefreshed',
    ]);
    const refreshed = decoded[1];
    if (refreshed?.status !== 'decoded' || refreshed.name !== 'navRefreshed')
      throw new Error('event');
    expect(refreshed.event.navUpUsd).toBe(quote.navUsd.up);
    expect(refreshed.event.navDownUsd).toBe(quote.navUsd.down);
    expect((await readVault(b)).data.assets[0]?.holdingsRaw).toBe(before / 2n);
    expect(reconciledBook(before, 0n, before / 2n)).toBe(before / 2n);
  });
});
