// After the issuer's permanent delegate burns or moves part of an epoch holding, each claim
// of that mint is paid its part of the real balance: owed x held / still owed, rounded down
// (the epoch keeps the remainder), and is settled at that amount with a ClaimShortfall event.
// Nobody is paid out of value that left, the order of the claims does not decide who is paid,
// and the holding ends empty once every claim is in. Reward mints: the harness's issuer mint
// (full extension set, ScaledUiAmount 1.0571) next to a legacy SPL Token mint, which is
// always paid in full.
import {
  type ClaimShortfallEvent,
  getClaimShortfallEventDecoder,
  REWARDS_ERROR__ALREADY_CLAIMED,
  RewardsEventKind,
} from '@basket/rewards-client';
import {
  createTokenAccount,
  delegateBurnInstruction,
  delegateTransferInstruction,
  freezeInstruction,
  mintTo,
  type SendResult,
  tokenAmount,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  claimOf,
  deferredOf,
  epochOf,
  type PostedEpoch,
  postEpoch,
  sendOk,
} from './claim-world.ts';
import { type Fixture, setup } from './fixture.ts';
import { send } from './measured.ts';

/** The ClaimShortfall events a transaction logged. */
function shortfalls(r: SendResult): ClaimShortfallEvent[] {
  return r.logs
    .filter((l) => l.startsWith('Program data: '))
    .map((l) => Uint8Array.from(Buffer.from(l.slice('Program data: '.length), 'base64')))
    .filter((b) => b[0] === RewardsEventKind.ClaimShortfall)
    .map((b) => getClaimShortfallEventDecoder().decode(b.subarray(2)));
}

describe('claims after a seizure of an epoch holding are paid pro rata', () => {
  let f: Fixture;

  beforeEach(async () => {
    f = await setup();
  });

  const post = (stock: bigint[], legacy: bigint[]): Promise<PostedEpoch> =>
    postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: stock.map((s, i) => [s, legacy[i] as bigint]),
    });

  it('a partial burn: each claimant is paid exactly its share and the holding ends empty', async () => {
    // Given 4 claimants owed 100, 200, 300 and 400 stock units, and the delegate burns 40%
    const owed = [100_000_000n, 200_000_000n, 300_000_000n, 400_000_000n];
    const e = await post(owed, [1_000_000n, 2_000_000n, 3_000_000n, 4_000_000n]);
    const holding = e.holdings[0] as Address;
    await sendOk(f, [delegateBurnInstruction(f.xStock, holding, 400_000_000n)]);
    // When they claim, largest first
    for (const i of [3, 2, 1, 0]) {
      const who = e.claimants[i]!;
      const before = tokenAmount(f.svm, holding);
      const r = await sendOk(f, [await claimOf(f, e, i)], who.signer);
      // Then each is paid 60% of its leaf, exactly, and settled; the legacy mint in full
      const paid = ((owed[i] as bigint) * 6n) / 10n;
      expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(paid);
      expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(BigInt(i + 1) * 1_000_000n);
      expect(await deferredOf(f, 1n, who.signer.address)).toBe(0);
      // And the event says the shortfall and the ratio it was paid at
      expect(shortfalls(r)).toEqual([
        {
          epochId: 1n,
          claimant: who.signer.address,
          mint: f.xStock.address,
          owed: owed[i],
          paid,
          held: before,
          outstanding: owed.slice(0, i + 1).reduce((a, b) => a + b, 0n),
        },
      ]);
    }
    // Then the 600 really there went out, nothing more; every leaf is settled
    expect(tokenAmount(f.svm, holding)).toBe(0n);
    const epoch = await epochOf(f, 1n);
    expect(epoch.settled.slice(0, 2)).toEqual([1_000_000_000n, 10_000_000n]);
    expect(epoch.rewards[0]?.claimed).toBe(1_000_000_000n);
    // And a settled claim cannot be claimed again for the difference
    const again = await send(f.svm, [await claimOf(f, e, 0)], e.claimants[0]!.signer);
    expect(again.customError).toBe(REWARDS_ERROR__ALREADY_CLAIMED);
  });

  it('a transfer out by the delegate, uneven shares: rounded down, the last claim takes the rest', async () => {
    // Given 3 claimants with uneven amounts and 777,777,777 moved out to the issuer's account
    const owed = [123_456_789n, 987_654_321n, 555_555_555n];
    const e = await post(owed, [1n, 2n, 3n]);
    const holding = e.holdings[0] as Address;
    const recovered = await createTokenAccount(f.svm, f.payer, f.xStock, f.xStock.issuer.address);
    await sendOk(f, [
      delegateTransferInstruction(f.xStock, { from: holding, to: recovered, amount: 777_777_777n }),
    ]);
    const h0 = tokenAmount(f.svm, holding);
    const o0 = owed.reduce((a, b) => a + b, 0n);
    expect(h0).toBe(o0 - 777_777_777n);
    // When they claim in order, Then each payment is owed x held / still owed, rounded down
    let [held, outstanding] = [h0, o0];
    const paid: bigint[] = [];
    for (const [i, a] of owed.entries()) {
      const who = e.claimants[i]!;
      const r = await sendOk(f, [await claimOf(f, e, i)], who.signer);
      const expected = (a * held) / outstanding;
      const got = tokenAmount(f.svm, who.destinations[0] as Address);
      expect(got).toBe(expected);
      expect(shortfalls(r).map((s) => [s.owed, s.paid])).toEqual([[a, expected]]);
      // Never less than its exact share of what was left after the seizure, rounded down;
      // above it only by the remainders of the claims before it (under one unit each)
      expect(got).toBeGreaterThanOrEqual((a * h0) / o0);
      expect(got * o0).toBeLessThanOrEqual(a * h0 + BigInt(i) * o0);
      paid.push(got);
      held -= got;
      outstanding -= a;
    }
    // The first two were rounded down (exact shares are not whole units)
    expect(paid[0]! * o0).toBeLessThan(owed[0]! * h0);
    expect(paid[1]! * o0).toBeLessThan(owed[1]! * h0);
    // And what was really there went out exactly: the last claim took the remainders
    expect(paid.reduce((a, b) => a + b, 0n)).toBe(h0);
    expect(tokenAmount(f.svm, holding)).toBe(0n);
  });

  it('a claim deferred before the seizure still counts as owed, and is paid its share later', async () => {
    // Given claimant 0's stock destination is frozen when it claims (deferred, still owed)
    const owed = [500_000_000n, 300_000_000n, 200_000_000n];
    const e = await post(owed, [1n, 1n, 1n]);
    const holding = e.holdings[0] as Address;
    const first = e.claimants[0]!;
    await sendOk(f, [freezeInstruction(f.xStock, first.destinations[0] as Address, true)]);
    await sendOk(f, [await claimOf(f, e, 0)], first.signer);
    expect(await deferredOf(f, 1n, first.signer.address)).toBe(1);
    // When the delegate burns half the holding and the two others claim
    await sendOk(f, [delegateBurnInstruction(f.xStock, holding, 500_000_000n)]);
    for (const i of [1, 2]) await sendOk(f, [await claimOf(f, e, i)], e.claimants[i]!.signer);
    // Then each is paid half, not more: claimant 0's 500 are still owed
    expect(tokenAmount(f.svm, e.claimants[1]!.destinations[0] as Address)).toBe(150_000_000n);
    expect(tokenAmount(f.svm, e.claimants[2]!.destinations[0] as Address)).toBe(100_000_000n);
    expect(tokenAmount(f.svm, holding)).toBe(250_000_000n);
    // When claimant 0's account is thawed and it claims again, Then it gets its half too
    await sendOk(f, [freezeInstruction(f.xStock, first.destinations[0] as Address, false)]);
    const r = await sendOk(f, [await claimOf(f, e, 0)], first.signer);
    expect(tokenAmount(f.svm, first.destinations[0] as Address)).toBe(250_000_000n);
    expect(shortfalls(r).map((s) => [s.owed, s.paid, s.held, s.outstanding])).toEqual([
      [500_000_000n, 250_000_000n, 250_000_000n, 500_000_000n],
    ]);
    expect(await deferredOf(f, 1n, first.signer.address)).toBe(0);
    expect(tokenAmount(f.svm, holding)).toBe(0n);
  });

  it('the whole holding burned: the claim waits (nothing to share), paid once the keeper refunds', async () => {
    // Given the delegate burned the whole stock holding
    const owed = [600_000_000n, 400_000_000n];
    const e = await post(owed, [7n, 9n]);
    const holding = e.holdings[0] as Address;
    await sendOk(f, [delegateBurnInstruction(f.xStock, holding, 1_000_000_000n)]);
    const who = e.claimants[1]!;
    // When claimant 1 claims, Then the legacy mint is paid, the stock deferred, no shortfall
    const r = await sendOk(f, [await claimOf(f, e, 1)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(9n);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(1);
    expect(shortfalls(r)).toEqual([]);
    expect((await epochOf(f, 1n)).settled[0]).toBe(0n);
    // When the keeper refunds the holding in full, Then the same proof pays the 400 owed
    await mintTo(f.svm, f.payer, f.xStock, holding, 1_000_000_000n);
    await sendOk(f, [await claimOf(f, e, 1)], who.signer);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(400_000_000n);
    expect(await deferredOf(f, 1n, who.signer.address)).toBe(0);
  });

  it('a share that rounds to nothing waits instead of settling for nothing', async () => {
    // Given claimants owed 1 and 2 raw units, and the delegate burned 1 of the 3
    const e = await post([1n, 2n], [1n, 1n]);
    const holding = e.holdings[0] as Address;
    await sendOk(f, [delegateBurnInstruction(f.xStock, holding, 1n)]);
    // When the claimant owed 1 claims: 1 x 2 / 3 rounds to 0, so it is deferred, still owed
    await sendOk(f, [await claimOf(f, e, 0)], e.claimants[0]!.signer);
    expect(await deferredOf(f, 1n, e.claimants[0]!.signer.address)).toBe(1);
    // When the claimant owed 2 claims: 2 x 2 / 3 = 1.33, paid 1 (rounded down)
    await sendOk(f, [await claimOf(f, e, 1)], e.claimants[1]!.signer);
    expect(tokenAmount(f.svm, e.claimants[1]!.destinations[0] as Address)).toBe(1n);
    // Then the first claimant's retry is paid the unit left: 1 x 1 / 1
    await sendOk(f, [await claimOf(f, e, 0)], e.claimants[0]!.signer);
    expect(tokenAmount(f.svm, e.claimants[0]!.destinations[0] as Address)).toBe(1n);
    expect(tokenAmount(f.svm, holding)).toBe(0n);
  });
});
