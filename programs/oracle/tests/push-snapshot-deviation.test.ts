// The deviation cap: a move of value per raw unit (price x multiplier) above
// max_deviation_bps (10% here) against the previous push needs the admin threshold.
import {
  getNavSnapshotDecoder,
  type NavPayloadEntry,
  ORACLE_ERROR__DEVIATION_TOO_LARGE,
  ORACLE_ERROR__INVALID_ACCOUNT_LENGTH,
  ORACLE_ERROR__INVALID_OWNER,
  ORACLE_ERROR__NOT_WRITABLE,
} from '@basket/oracle-client';
import { accountBytes, MAX_TRANSACTION_BYTES, type SendResult, send } from '@basket/test-harness';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cloneAccountTo,
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  push,
  pushIxs,
  SYSTEM_PROGRAM,
  setupOracle,
} from './oracle-fixture.ts';

const PRICE = 10_000_000_000n; // USD 100
const ONE = 1_000_000_000_000n; // multiplier 1.0

describe('push_snapshot deviation cap', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'CAP', 2);
    // Given a first push at USD 100 with multiplier 1.0 (the first push is not capped)
    expectOk(await pushWith([entry(PRICE, ONE), entry(PRICE, ONE)], 1n));
  });

  function entry(priceUsd1E8: bigint, multiplierNum: bigint): NavPayloadEntry {
    return { priceUsd1E8, multiplierNum, updatedSlot: o.svm.getClock().slot, flags: 0 };
  }

  function pushWith(es: NavPayloadEntry[], sequence = 2n, adminSigners?: KeyPairSigner[]) {
    return push(o, { keeper: o.keepers[0]!, ...snap, sequence, entries: es, adminSigners });
  }

  async function expectRejected(run: () => Promise<SendResult>, code: number) {
    const before = accountBytes(o.svm, [snap.snapshot, o.config]);
    const r = await run();
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(o.svm, [snap.snapshot, o.config])).toEqual(before);
  }

  it('accepts moves of exactly 10% up and down without admins', async () => {
    expectOk(await pushWith([entry(11_000_000_000n, ONE), entry(9_000_000_000n, ONE)]));
  });

  it('rejects a move one unit above 10% without admins', async () => {
    await expectRejected(
      () => pushWith([entry(11_000_000_001n, ONE), entry(PRICE, ONE)]),
      ORACLE_ERROR__DEVIATION_TOO_LARGE,
    );
  });

  it('rejects a multiplier change that moves the value per raw unit', async () => {
    await expectRejected(
      () => pushWith([entry(PRICE, ONE), entry(PRICE, 2n * ONE)]),
      ORACLE_ERROR__DEVIATION_TOO_LARGE,
    );
  });

  it('accepts a 2:1 split (price halves, multiplier doubles) without admins', async () => {
    expectOk(await pushWith([entry(PRICE / 2n, 2n * ONE), entry(PRICE, ONE)]));
  });

  it('rejects a large move co-signed by only 2 of 5 admins', async () => {
    await expectRejected(
      () => pushWith([entry(3n * PRICE, ONE), entry(PRICE, ONE)], 2n, o.admins.slice(0, 2)),
      ORACLE_ERROR__DEVIATION_TOO_LARGE,
    );
  });

  it('rejects a large move co-signed by one admin three times', async () => {
    const a = o.admins[0]!;
    await expectRejected(
      () => pushWith([entry(3n * PRICE, ONE), entry(PRICE, ONE)], 2n, [a, a, a]),
      ORACLE_ERROR__DEVIATION_TOO_LARGE,
    );
  });

  it('accepts a large move co-signed by 3 of 5 admins', async () => {
    const r = expectOk(
      await pushWith([entry(3n * PRICE, ONE), entry(PRICE, ONE)], 2n, o.admins.slice(2, 5)),
    );
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('missing');
    expect(getNavSnapshotDecoder().decode(Uint8Array.from(acc.data)).entries[0]!.priceUsd1E8).toBe(
      3n * PRICE,
    );
    expect(r.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
  });

  it('stays under 5,000 CU for 20 entries that all change multiplier', async () => {
    // Given a 20-entry snapshot at USD 100 and multiplier 1.0
    const big = await createSnapshot(o, 'SLOW20', 20);
    const args = { keeper: o.keepers[0]!, ...big };
    const all = (price: bigint, multiplier: bigint) =>
      Array.from({ length: 20 }, () => entry(price, multiplier));
    expectOk(await push(o, { ...args, sequence: 1n, entries: all(PRICE, ONE) }));

    // When every multiplier changes: a 2:1 split, then a FeeAccrual decay with prices +0.3%
    const split = expectOk(
      await push(o, { ...args, sequence: 2n, entries: all(PRICE / 2n, 2n * ONE + 1n) }),
    );
    const decay = expectOk(
      await push(o, {
        ...args,
        sequence: 3n,
        entries: all(((PRICE / 2n) * 1_003n) / 1_000n, 2n * ONE - 2_000_000n),
      }),
    );

    // Then each push stays within the 5,000 CU budget of a 20-entry push
    console.info(
      `push 20 entries, all multipliers changed: ${split.computeUnits}, ${decay.computeUnits} CU`,
    );
    expect(split.computeUnits).toBeLessThan(5_000n);
    expect(decay.computeUnits).toBeLessThan(5_000n);
  });

  it('stays under 5,000 CU for 20 entries that all change multiplier at USD 100,000 per token', async () => {
    // Given a 20-entry snapshot at USD 100,000 (values of 2^83, far above the USD 100 case)
    const big = await createSnapshot(o, 'DEAR20', 20);
    const args = { keeper: o.keepers[0]!, ...big };
    const dear = 10_000_000_000_000n;
    const all = (price: bigint, multiplier: bigint) =>
      Array.from({ length: 20 }, () => entry(price, multiplier));
    expectOk(await push(o, { ...args, sequence: 1n, entries: all(dear, ONE) }));

    // When every multiplier decays and every price moves +0.3%
    const r = expectOk(
      await push(o, {
        ...args,
        sequence: 2n,
        entries: all((dear * 1_003n) / 1_000n, ONE - 1_000_000n),
      }),
    );

    // Then the push stays within 5,000 CU
    console.info(`push 20 entries at USD 100,000, all multipliers changed: ${r.computeUnits} CU`);
    expect(r.computeUnits).toBeLessThan(5_000n);
  });

  it('rejects one unit above the cap and accepts exactly the cap when the multiplier changes', async () => {
    // Given the old value per raw unit PRICE x ONE: with multiplier ONE / 2, a price of
    // 2.2 x PRICE is exactly +10% and one price unit more is above the cap
    const atCap = 2n * PRICE + PRICE / 5n;
    await expectRejected(
      () => pushWith([entry(atCap + 1n, ONE / 2n), entry(PRICE, ONE)]),
      ORACLE_ERROR__DEVIATION_TOO_LARGE,
    );
    expectOk(await pushWith([entry(atCap, ONE / 2n), entry(PRICE, ONE)]));
  });

  it('fits an admin co-signed push in one packet up to 13 entries (the deviation reference takes 32 bytes)', async () => {
    // Given SKUs of 13 and 14 mints with a first push each
    const sizes: Record<number, number> = {};
    for (const n of [13, 14]) {
      const s = await createSnapshot(o, `COSIGN${n}`, n);
      const args = { keeper: o.keepers[0]!, ...s };
      expectOk(
        await push(o, {
          ...args,
          sequence: 1n,
          entries: Array.from({ length: n }, () => entry(PRICE, ONE)),
        }),
      );
      // When every price triples, co-signed by three admins
      const moved = Array.from({ length: n }, () => entry(3n * PRICE, ONE));
      const r = expectOk(
        await push(o, {
          ...args,
          sequence: 2n,
          entries: moved,
          adminSigners: o.admins.slice(0, 3),
        }),
      );
      sizes[n] = r.txBytes;
    }
    // Then 13 entries fit the 1,232-byte packet and 14 do not (LiteSVM does not enforce it);
    // larger baskets use approve_deviation
    expect(sizes[13]).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(sizes[14]).toBeGreaterThan(MAX_TRANSACTION_BYTES);
  });

  it('rejects a read-only snapshot account', async () => {
    const ixs = await pushIxs(o, {
      keeper: o.keepers[0]!,
      ...snap,
      sequence: 2n,
      entries: entries(o, 2),
    });
    const p = ixs[1]!;
    const readOnly = { ...p, accounts: [{ ...p.accounts![0]!, role: 0 }, ...p.accounts!.slice(1)] };
    await expectRejected(
      () => send(o.svm, [ixs[0]!, readOnly as typeof p], o.payer),
      ORACLE_ERROR__NOT_WRITABLE,
    );
  });

  it('rejects a byte-identical snapshot owned by another program', async () => {
    const fake = (await generateKeyPairSigner()).address;
    cloneAccountTo(o.svm, snap.snapshot, fake, SYSTEM_PROGRAM);
    const r = await push(o, {
      keeper: o.keepers[0]!,
      ...snap,
      snapshot: fake,
      sequence: 2n,
      entries: entries(o, 2),
    });
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_OWNER);
  });

  it('rejects the config passed as the snapshot (type confusion)', async () => {
    const ixs = await pushIxs(o, {
      keeper: o.keepers[0]!,
      ...snap,
      sequence: 2n,
      entries: entries(o, 2),
    });
    const p = ixs[1]!;
    const swapped = {
      ...p,
      accounts: [
        { ...p.accounts![0]!, address: o.config },
        { ...p.accounts![1]!, address: snap.snapshot },
        p.accounts![2]!,
        p.accounts![3]!,
      ],
    };
    await expectRejected(
      () => send(o.svm, [ixs[0]!, swapped as typeof p], o.payer),
      ORACLE_ERROR__INVALID_ACCOUNT_LENGTH,
    );
  });
});
