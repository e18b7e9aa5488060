// A claim pays every mint that can move and defers the others (a frozen epoch holding or
// destination, a paused mint), so one mint's trouble never blocks a claimant's other rewards;
// the same proof pays the deferred ones once they can move. Reward mints here: the harness's
// issuer mint (the issuer's full extension set, ScaledUiAmount 1.0571; the issuer is its
// freeze authority) next to a legacy SPL Token mint.
import { REWARDS_ERROR__ALREADY_CLAIMED } from '@basket/rewards-client';
import { freezeInstruction, type IssuerMint, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimOf, deferredOf, epochOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import { type Fixture, setup } from './fixture.ts';
import { send } from './measured.ts';

/** The issuer freezes (`true`) or thaws (`false`) a token account of its mint. */
async function setFrozen(f: Fixture, mint: IssuerMint, account: Address, frozen: boolean) {
  const r = await send(f.svm, [freezeInstruction(mint, account, frozen)], f.payer);
  if (!r.ok) throw new Error(`freeze/thaw: ${r.error}`);
}

describe('claim defers a mint that cannot move', () => {
  let f: Fixture;
  let stock: IssuerMint;
  let e: PostedEpoch;

  beforeEach(async () => {
    f = await setup();
    stock = f.xStock;
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [stock, f.legacy],
      amounts: [
        [100_000_000n, 2_000_000n],
        [300_000_000n, 4_000_000n],
      ],
    });
  });

  it('pays the other mints, reserves the frozen holding’s amount, and pays it after the thaw', async () => {
    // Given the issuer froze the epoch's stock holding
    await setFrozen(f, stock, e.holdings[0] as Address, true);
    const who = e.claimants[0]!;
    // When claimant 0 claims
    const first = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    // Then the legacy reward is paid, the stock reward is owed and reserved
    expect(first.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(2_000_000n);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(1);
    const epoch = await epochOf(f, 1n);
    expect(epoch.rewards[0]?.claimed).toBe(100_000_000n);
    expect(epoch.claimCount).toBe(1n);

    // When the issuer thaws the holding and the claimant claims again with the same proof
    await setFrozen(f, stock, e.holdings[0] as Address, false);
    const second = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    // Then the stock reward is paid once, nothing else moves, and the leaf is settled
    expect(second.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(100_000_000n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(2_000_000n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(0);
    const after = await epochOf(f, 1n);
    expect(after.rewards[0]?.claimed).toBe(100_000_000n);
    expect(after.claimCount).toBe(1n);

    // And a third claim is refused
    const third = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(third.customError).toBe(REWARDS_ERROR__ALREADY_CLAIMED);
  });

  it('a claim while the holding is still frozen pays nothing more and keeps the amount owed', async () => {
    await setFrozen(f, stock, e.holdings[0] as Address, true);
    const who = e.claimants[1]!;
    await send(f.svm, [await claimOf(f, e, 1)], who.signer);
    const again = await send(f.svm, [await claimOf(f, e, 1)], who.signer);
    expect(again.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(4_000_000n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(1);
  });

  it('defers a mint whose destination the issuer froze, and pays it into a thawed one', async () => {
    // Given the claimant's stock account is frozen
    const who = e.claimants[0]!;
    await setFrozen(f, stock, who.destinations[0] as Address, true);
    // When it claims, Then the legacy mint is paid and the stock deferred
    const first = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(first.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(2_000_000n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(1);
    // When thawed, the same proof pays the stock
    await setFrozen(f, stock, who.destinations[0] as Address, false);
    await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(100_000_000n);
  });

  it('a claimant defers a mint on purpose by naming the epoch holding as its destination', async () => {
    // Given nothing frozen (the way around a transfer hook that refuses: the other mints pay)
    const who = e.claimants[0]!;
    const own = [...who.destinations];
    // When claimant 0 claims with the stock's destination set to the epoch holding itself
    const r = await send(
      f.svm,
      [await claimOf(f, e, 0, { destinations: [e.holdings[0] as Address, own[1] as Address] })],
      who.signer,
    );
    // Then the legacy reward is paid and the stock is owed, nothing moved within the holding
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, own[1] as Address)).toBe(2_000_000n);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(400_000_000n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(1);
    // When it claims again with its own account, Then the stock is paid
    await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(tokenAmount(f.svm, own[0] as Address)).toBe(100_000_000n);
  });

  it('a deferred amount stays reserved: claims still never exceed what the epoch funded', async () => {
    await setFrozen(f, stock, e.holdings[0] as Address, true);
    for (const i of [0, 1]) await send(f.svm, [await claimOf(f, e, i)], e.claimants[i]!.signer);
    const epoch = await epochOf(f, 1n);
    expect(epoch.rewards[0]?.claimed).toBe(epoch.rewards[0]?.total);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(400_000_000n);
  });
});
