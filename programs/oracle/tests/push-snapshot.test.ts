import {
  getNavSnapshotDecoder,
  type NavPayloadEntry,
  ORACLE_ERROR__ENTRY_COUNT_MISMATCH,
  ORACLE_ERROR__ENTRY_SLOT_OUT_OF_RANGE,
  ORACLE_ERROR__INVALID_PAYLOAD,
  ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
  ORACLE_ERROR__TOO_MANY_ENTRIES,
  ORACLE_ERROR__UNAUTHORIZED_KEEPER,
  ORACLE_ERROR__UNDEFINED_FLAGS,
  ORACLE_ERROR__WRONG_SKU,
  ORACLE_ERROR__ZERO_MULTIPLIER,
  ORACLE_ERROR__ZERO_PRICE,
} from '@basket/oracle-client';
import { decodeProgramEvents } from '@basket/sdk';
import {
  accountBytes,
  MAX_TRANSACTION_BYTES,
  type SendResult,
  send,
  setUnixTime,
} from '@basket/test-harness';
import { generateKeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  payloadBytes,
  push,
  pushOnlyIx,
  START_SLOT,
  setupOracle,
  signedVerifyIx,
} from './oracle-fixture.ts';

describe('push_snapshot', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;

  beforeEach(async () => {
    o = await setupOracle(2);
    snap = await createSnapshot(o, 'MAG7', 3);
  });

  function decodeSnapshot() {
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('snapshot missing');
    return getNavSnapshotDecoder().decode(Uint8Array.from(acc.data));
  }

  async function pushEntries(es: NavPayloadEntry[], sequence = 1n, keeper = o.keepers[0]!) {
    return push(o, { keeper, snapshot: snap.snapshot, skuId: snap.skuId, sequence, entries: es });
  }

  /** Then: the specific error, and the snapshot and config bytes are unchanged. */
  async function expectRejected(run: () => Promise<SendResult>, code: number) {
    const before = accountBytes(o.svm, [snap.snapshot, o.config]);
    const r = await run();
    expect(r.customError, r.error ?? '').toBe(code);
    expect(r.computeUnits).toBeGreaterThan(0n);
    expect(accountBytes(o.svm, [snap.snapshot, o.config])).toEqual(before);
  }

  it('stores the signed entries with the clock time and slot, and logs an event', async () => {
    // Given a keeper, three entries and a known clock
    setUnixTime(o.svm, 1_795_450_000n);
    const es = entries(o, 3);
    es[1]!.flags = 0b1111;
    // When the keeper pushes sequence 7
    const r = expectOk(await pushEntries(es, 7n));
    // Then the snapshot holds the entries in mint order, the sequence, the clock and the signer
    const s = decodeSnapshot();
    expect(s.sequence).toBe(7n);
    expect(s.publishUnixTime).toBe(1_795_450_000n);
    expect(s.publishSlot).toBe(START_SLOT);
    expect(s.pushedBy).toBe(o.keepers[0]!.address);
    expect(s.entryCount).toBe(3);
    s.entries.slice(0, 3).forEach((e, i) => {
      expect(e.mint).toBe(snap.mints[i]);
      expect(e.priceUsd1E8).toBe(es[i]!.priceUsd1E8);
      expect(e.multiplierNum).toBe(es[i]!.multiplierNum);
      expect(e.updatedSlot).toBe(es[i]!.updatedSlot);
      expect(e.flags).toBe(es[i]!.flags);
    });
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    expect(r.computeUnits).toBeLessThan(5_000n);
    // and the one event is a SnapshotPushed naming the SKU, sequence, count and keeper
    const [event, ...others] = decodeProgramEvents(r.logs);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ status: 'decoded', program: 'oracle', name: 'snapshotPushed' });
    expect(event?.status === 'decoded' && event.event).toMatchObject({
      sequence: 7n,
      entryCount: 3,
      keeper: o.keepers[0]!.address,
    });
  });

  it('pushes 20 entries under 5,000 CU in one packet', async () => {
    // Given a 20-mint SKU
    const big = await createSnapshot(o, 'TOP20', 20);
    // When the keeper pushes all 20 entries (first push, then a capped second push)
    const args = { keeper: o.keepers[1]!, snapshot: big.snapshot, skuId: big.skuId };
    const first = expectOk(await push(o, { ...args, sequence: 1n, entries: entries(o, 20) }));
    const second = expectOk(
      await push(o, { ...args, sequence: 2n, entries: entries(o, 20, 10_050_000_000n) }),
    );
    // Then both fit the packet limit and the compute budget
    for (const r of [first, second]) {
      expect(r.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
      expect(r.computeUnits).toBeLessThan(5_000n);
    }
    console.info(`push 20 entries: ${second.computeUnits} CU, ${second.txBytes} bytes`);
  });

  it('rejects a replay of the same payload', async () => {
    const es = entries(o, 3);
    expectOk(await pushEntries(es, 5n));
    await expectRejected(() => pushEntries(es, 5n), ORACLE_ERROR__SEQUENCE_NOT_INCREASING);
  });

  it('rejects an older snapshot signed before the current one', async () => {
    // Given a keeper signed sequences 1 and 2, and 2 landed first
    const older = [
      await signedVerifyIx(
        o.keepers[0]!,
        payloadBytes({ ...snap, sequence: 1n, entries: entries(o, 3) }),
      ),
      await pushOnlyIx(o, snap),
    ];
    expectOk(await pushEntries(entries(o, 3), 2n));
    // When the held-back sequence 1 is sent, Then it is rejected
    await expectRejected(() => send(o.svm, older, o.payer), ORACLE_ERROR__SEQUENCE_NOT_INCREASING);
  });

  it('rejects sequence 0 on a fresh snapshot', async () => {
    await expectRejected(
      () => pushEntries(entries(o, 3), 0n),
      ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
    );
  });

  it('rejects a valid signature by a key outside the keeper set', async () => {
    const stranger = await generateKeyPairSigner();
    await expectRejected(
      () => pushEntries(entries(o, 3), 1n, stranger),
      ORACLE_ERROR__UNAUTHORIZED_KEEPER,
    );
  });

  it('rejects a zero price', async () => {
    const es = entries(o, 3);
    es[2]!.priceUsd1E8 = 0n;
    await expectRejected(() => pushEntries(es), ORACLE_ERROR__ZERO_PRICE);
  });

  it('rejects a zero multiplier', async () => {
    const es = entries(o, 3);
    es[0]!.multiplierNum = 0n;
    await expectRejected(() => pushEntries(es), ORACLE_ERROR__ZERO_MULTIPLIER);
  });

  it('rejects flag bits the layout does not define', async () => {
    const es = entries(o, 3);
    es[1]!.flags = 1 << 4;
    await expectRejected(() => pushEntries(es), ORACLE_ERROR__UNDEFINED_FLAGS);
  });

  it('rejects an entry read after the current slot', async () => {
    const es = entries(o, 3);
    es[0]!.updatedSlot = START_SLOT + 1n;
    await expectRejected(() => pushEntries(es), ORACLE_ERROR__ENTRY_SLOT_OUT_OF_RANGE);
  });

  it('accepts an entry 150 slots old and rejects one 151 slots old', async () => {
    const es = entries(o, 3);
    es[0]!.updatedSlot = START_SLOT - 151n;
    await expectRejected(() => pushEntries(es), ORACLE_ERROR__ENTRY_SLOT_OUT_OF_RANGE);
    es[0]!.updatedSlot = START_SLOT - 150n;
    expectOk(await pushEntries(es));
  });

  it('rejects fewer entries than the snapshot has mints', async () => {
    await expectRejected(() => pushEntries(entries(o, 2)), ORACLE_ERROR__ENTRY_COUNT_MISMATCH);
  });

  it('rejects more than 20 entries', async () => {
    // Given a payload whose count byte says 21 with 21 entries (the TS encoder refuses it)
    const base = payloadBytes({ ...snap, sequence: 1n, entries: entries(o, 20) });
    const message = new Uint8Array(base.length + 28);
    message.set(base);
    message.set(base.subarray(base.length - 28), base.length);
    message[101] = 21;
    const ixs = [await signedVerifyIx(o.keepers[0]!, message), await pushOnlyIx(o, snap)];
    await expectRejected(() => send(o.svm, ixs, o.payer), ORACLE_ERROR__TOO_MANY_ENTRIES);
  });

  it("rejects a payload for another SKU, signed for this snapshot's address", async () => {
    const other = Uint8Array.from(snap.skuId);
    other[0] = 0x58;
    const message = payloadBytes({
      snapshot: snap.snapshot,
      skuId: other,
      sequence: 1n,
      entries: entries(o, 3),
    });
    const ixs = [await signedVerifyIx(o.keepers[0]!, message), await pushOnlyIx(o, snap)];
    await expectRejected(() => send(o.svm, ixs, o.payer), ORACLE_ERROR__WRONG_SKU);
  });

  it("rejects another SKU's valid payload sent to this snapshot", async () => {
    // Given a valid keeper payload for SKU "OTHER" (its own snapshot account and SKU id)
    const other = await createSnapshot(o, 'OTHER', 3);
    const message = payloadBytes({ ...other, sequence: 1n, entries: entries(o, 3) });
    // When it is submitted against MAG7's snapshot, Then it is refused (domain separation)
    const ixs = [await signedVerifyIx(o.keepers[0]!, message), await pushOnlyIx(o, snap)];
    await expectRejected(() => send(o.svm, ixs, o.payer), ORACLE_ERROR__WRONG_SKU);
  });

  it('rejects a payload naming another snapshot address with this SKU id', async () => {
    const other = await createSnapshot(o, 'OTHER', 3);
    const message = payloadBytes({
      snapshot: other.snapshot,
      skuId: snap.skuId,
      sequence: 1n,
      entries: entries(o, 3),
    });
    const ixs = [await signedVerifyIx(o.keepers[0]!, message), await pushOnlyIx(o, snap)];
    await expectRejected(() => send(o.svm, ixs, o.payer), ORACLE_ERROR__INVALID_PAYLOAD);
  });

  it('rejects a payload for another program or domain tag', async () => {
    const good = payloadBytes({ ...snap, sequence: 1n, entries: entries(o, 3) });
    const otherProgram = Uint8Array.from(good);
    otherProgram[13] = otherProgram[13]! ^ 1;
    const otherTag = Uint8Array.from(good);
    otherTag[12] = 0x32; // "BASKET_NAV_V2"
    for (const message of [otherProgram, otherTag]) {
      const ixs = [await signedVerifyIx(o.keepers[0]!, message), await pushOnlyIx(o, snap)];
      await expectRejected(() => send(o.svm, ixs, o.payer), ORACLE_ERROR__INVALID_PAYLOAD);
    }
  });
});
