// The deviation cap cannot be walked: every push inside a window of DEVIATION_WINDOW_SLOTS is
// capped against the same reference, so several pushes in one slot, or several signature +
// push pairs in one transaction, move a price no further than one push may (10% here). Once
// the window is over the reference moves to the snapshot as it then stands.
import {
  getSignedPushSnapshotInstructions,
  type NavPayloadEntry,
  ORACLE_ERROR__DEVIATION_TOO_LARGE,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSnapshot, expectOk, type Oracle, push, setupOracle } from './oracle-fixture.ts';

const PRICE = 10_000_000_000n; // USD 100
const ONE = 1_000_000_000_000n;
/** DEVIATION_WINDOW_SLOTS (programs/oracle/src/state/nav_reference.rs). */
const WINDOW = 150n;

describe('push_snapshot: the deviation cap holds across pushes', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'WALK', 2);
    // Given a first push at USD 100 (the first push sets the reference)
    expectOk(await pushAt(1n, PRICE));
  });

  function entriesAt(price: bigint): NavPayloadEntry[] {
    const slot = o.svm.getClock().slot;
    return [price, PRICE].map((p) => ({
      priceUsd1E8: p,
      multiplierNum: ONE,
      updatedSlot: slot,
      flags: 0,
    }));
  }

  function pushAt(sequence: bigint, price: bigint) {
    return push(o, { keeper: o.keepers[0]!, ...snap, sequence, entries: entriesAt(price) });
  }

  it('refuses a second +9% push in the same slot (+18.8% against the reference)', async () => {
    expectOk(await pushAt(2n, (PRICE * 109n) / 100n));
    const before = accountBytes(o.svm, [snap.snapshot]);
    const r = await pushAt(3n, (PRICE * 109n * 109n) / 10_000n);
    expect(r.customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
    expect(accountBytes(o.svm, [snap.snapshot])).toEqual(before);
  });

  it('refuses three +4% steps within the window: the third is +12.5% against the reference', async () => {
    // A few slots apart, all inside one window.
    expectOk(await pushAt(2n, (PRICE * 104n) / 100n));
    o.svm.warpToSlot(o.svm.getClock().slot + 40n);
    expectOk(await pushAt(3n, (PRICE * 104n * 104n) / 10_000n));
    o.svm.warpToSlot(o.svm.getClock().slot + 40n);
    const r = await pushAt(4n, (PRICE * 104n * 104n * 104n) / 1_000_000n);
    expect(r.customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
  });

  it('refuses several signature + push pairs in one transaction that together pass the cap', async () => {
    // Given three +6% pushes signed by the keeper and sent as pairs in one transaction
    const pairs = [];
    let price = PRICE;
    for (const sequence of [2n, 3n, 4n]) {
      price = (price * 106n) / 100n;
      pairs.push(
        ...(await getSignedPushSnapshotInstructions({
          keeper: o.keepers[0]!.keyPair,
          snapshot: snap.snapshot,
          config: o.config,
          skuId: snap.skuId,
          sequence,
          entries: entriesAt(price),
        })),
      );
    }
    const before = accountBytes(o.svm, [snap.snapshot]);
    // When it is sent
    const r = await send(o.svm, pairs, o.payer);
    // Then the second pair (+12.4% against the reference) fails it, and nothing moved
    expect(r.customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
    expect(accountBytes(o.svm, [snap.snapshot])).toEqual(before);
  });

  it('lets the next window move up to the cap again, from the prices the last window left', async () => {
    expectOk(await pushAt(2n, (PRICE * 109n) / 100n));
    o.svm.warpToSlot(o.svm.getClock().slot + WINDOW);
    // +9% on USD 109 is within the cap against the new reference
    expectOk(await pushAt(3n, (PRICE * 109n * 109n) / 10_000n));
    // and the window it opened holds again
    expect((await pushAt(4n, (PRICE * 109n * 120n) / 10_000n)).customError).toBe(
      ORACLE_ERROR__DEVIATION_TOO_LARGE,
    );
  });
});
