import { createHash } from 'node:crypto';
import {
  encodeSkuId,
  findNavSnapshotPda,
  getNavSnapshotDecoder,
  ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET,
  ORACLE_ERROR__ALREADY_INITIALIZED,
  ORACLE_ERROR__DUPLICATE_MINT,
  ORACLE_ERROR__INVALID_MINT_LIST,
  ORACLE_ERROR__INVALID_PDA,
  ORACLE_ERROR__INVALID_SKU_ID,
  ORACLE_ERROR__TOO_MANY_ENTRIES,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { accountBytes, fund, MAX_TRANSACTION_BYTES, send } from '@basket/test-harness';
import {
  type Address,
  getAddressDecoder,
  getAddressEncoder,
  isOffCurveAddress,
  type KeyPairSigner,
  lamports,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshotIx,
  expectOk,
  newMints,
  type Oracle,
  setupOracle,
} from './oracle-fixture.ts';

describe('create_snapshot', () => {
  let o: Oracle;

  beforeEach(async () => {
    o = await setupOracle();
  });

  it('creates the SKU snapshot with its mint list when 3 of 5 admins sign', async () => {
    // Given 20 mints and three admins, one of whom pays (as the world's bootstrap does: with
    // a payer outside the admins a 20-mint creation needs a lookup table, as ops uses)
    const mints = await newMints(20);
    const [payer] = o.admins as [KeyPairSigner];
    fund(o.svm, payer.address);
    const signers = o.admins.slice(0, 3);
    const { ix, snapshot } = await createSnapshotIx(o, 'MAG7', mints, signers, undefined, payer);
    // When the snapshot is created
    const r = expectOk(await send(o.svm, [ix], payer));
    // Then it holds the SKU, bump and mints, no prices and sequence 0, and fits one packet
    const acc = o.svm.getAccount(snapshot);
    if (!acc.exists) throw new Error('snapshot not created');
    expect(acc.programAddress).toBe(ORACLE_PROGRAM_ADDRESS);
    const s = getNavSnapshotDecoder().decode(Uint8Array.from(acc.data));
    const [, bump] = await findNavSnapshotPda(encodeSkuId('MAG7'));
    expect(s.discriminator).toBe(2);
    expect(s.bump).toBe(bump);
    expect(s.entryCount).toBe(20);
    expect(s.skuId).toEqual(encodeSkuId('MAG7'));
    expect(s.sequence).toBe(0n);
    expect(s.entries.map((e) => e.mint)).toEqual(mints);
    expect(s.entries.every((e) => e.priceUsd1E8 === 0n)).toBe(true);
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    // The event is logged before the first CPI (docs/decisions/0100): no log of the calls
    // can push it past the runtime's limit
    const event = r.logs.findIndex((l) => l.startsWith('Program data: '));
    const firstCpi = r.logs.findIndex((l) => / invoke \[2\]$/.test(l));
    expect(firstCpi).toBeGreaterThan(0);
    expect(event).toBeLessThan(firstCpi);
    expect(r.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(r.computeUnits).toBeLessThan(30_000n);
  });

  it('rejects creation signed by only 2 of 5 admins and creates nothing', async () => {
    const { ix, snapshot } = await createSnapshotIx(
      o,
      'MAG7',
      await newMints(2),
      o.admins.slice(0, 2),
    );
    const before = accountBytes(o.svm, [snapshot, o.config]);
    const r = await send(o.svm, [ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(o.svm, [snapshot, o.config])).toEqual(before);
  });

  it('rejects a duplicate mint', async () => {
    const [m] = await newMints(1);
    const { ix, snapshot } = await createSnapshotIx(o, 'DUP', [m!, m!]);
    const r = await send(o.svm, [ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__DUPLICATE_MINT);
    expect(accountBytes(o.svm, [snapshot])).toEqual([null]);
  });

  it('rejects more than 20 mints', async () => {
    const { ix } = await createSnapshotIx(o, 'BIG', await newMints(20));
    // The count byte says 21 while the 20 slots stay as they are.
    const data = Uint8Array.from(ix.data!);
    data[1 + 16] = 21;
    const r = await send(o.svm, [{ ...ix, data }], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__TOO_MANY_ENTRIES);
  });

  it('rejects an empty mint list', async () => {
    const { ix } = await createSnapshotIx(o, 'EMPTY', []);
    const r = await send(o.svm, [ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_MINT_LIST);
  });

  it('rejects a SKU id that is not zero-padded printable ASCII', async () => {
    const skuId = encodeSkuId('AB');
    skuId[3] = 0x43; // "AB\0C"
    const { ix } = await createSnapshotIx(o, 'AB', await newMints(1), undefined, skuId);
    const r = await send(o.svm, [ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_SKU_ID);
  });

  it("rejects another SKU's address as the snapshot account", async () => {
    const mints = await newMints(1);
    const { ix } = await createSnapshotIx(o, 'AAA', mints);
    const { snapshot: other } = await createSnapshotIx(o, 'BBB', mints);
    const accounts = ix.accounts!.map((a) =>
      a.address === ix.accounts![2]!.address ? { ...a, address: other } : a,
    );
    const r = await send(o.svm, [{ ...ix, accounts }], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_PDA);
    expect(accountBytes(o.svm, [other])).toEqual([null]);
  });

  it('rejects the SKU address derived with a non-canonical bump', async () => {
    // Given the off-curve address of the same seeds with the next lower valid bump
    const skuId = encodeSkuId('BUMP');
    const [, canonical] = await findNavSnapshotPda(skuId);
    const nonCanonical = lowerBumpPda([new TextEncoder().encode('nav_snapshot'), skuId], canonical);
    const { ix } = await createSnapshotIx(o, 'BUMP', await newMints(1));
    const accounts = ix.accounts!.map((a, i) => (i === 2 ? { ...a, address: nonCanonical } : a));
    // When creating at that address, Then it is refused and nothing is created
    const r = await send(o.svm, [{ ...ix, accounts }], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_PDA);
    expect(accountBytes(o.svm, [nonCanonical])).toEqual([null]);
  });

  it('does not count admins passed without signing', async () => {
    const { ix } = await createSnapshotIx(o, 'NOSIG', await newMints(1));
    // The three admin accounts stay in the list but as read-only non-signers.
    const accounts = ix.accounts!.map((a, i) => (i >= 4 ? { address: a.address, role: 0 } : a));
    const r = await send(o.svm, [{ ...ix, accounts } as typeof ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('rejects a second creation of the same SKU', async () => {
    const first = await createSnapshotIx(o, 'ONCE', await newMints(1));
    expectOk(await send(o.svm, [first.ix], o.payer));
    const before = accountBytes(o.svm, [first.snapshot]);
    const again = await createSnapshotIx(o, 'ONCE', await newMints(2), o.admins.slice(2, 5));
    const r = await send(o.svm, [again.ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ALREADY_INITIALIZED);
    expect(accountBytes(o.svm, [first.snapshot])).toEqual(before);
  });

  it('creates the PDA even when a stranger pre-funded its address', async () => {
    const { ix, snapshot } = await createSnapshotIx(o, 'FUNDED', await newMints(1));
    // Given a stranger sent lamports to the snapshot address first
    o.svm.airdrop(snapshot, lamports(1_000_000n));
    // When the admins create it, Then creation still succeeds
    expectOk(await send(o.svm, [ix], o.payer));
    const created = o.svm.getAccount(snapshot);
    expect(created.exists && created.programAddress).toBe(ORACLE_PROGRAM_ADDRESS);
  });
});

/** The PDA of `seeds` with the highest valid bump below `canonical` (a non-canonical PDA). */
function lowerBumpPda(seeds: Uint8Array[], canonical: number): Address {
  const program = Uint8Array.from(getAddressEncoder().encode(ORACLE_PROGRAM_ADDRESS));
  for (let bump = canonical - 1; bump >= 0; bump--) {
    const h = createHash('sha256');
    for (const s of seeds) h.update(s);
    h.update(Uint8Array.of(bump));
    h.update(program);
    h.update(new TextEncoder().encode('ProgramDerivedAddress'));
    const candidate = getAddressDecoder().decode(h.digest());
    if (isOffCurveAddress(candidate)) return candidate;
  }
  throw new Error('no lower bump');
}
