// The keeper's refresh_nav builder against the real vault program: after a push it lands within
// its cost model, and the NAV the program publishes equals the SDK's quote to the raw unit.
import { describe, expect, it } from 'vitest';
import { SKU, writeSnapshot } from '../../../programs/vault/tests/fixture.ts';
import { decodeProgramEvents, getNavQuote, getRefreshNavInstructionFor } from '../src/index.ts';
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
});
