// The oracle's exact-data and empty-account checks (mutation testing found them unneeded by
// the other suites): push_snapshot takes no instruction data (the payload is the Ed25519
// instruction's signed message) and create_snapshot exactly its fixed layout, so a byte more
// is refused by name rather than ignored; create_snapshot refuses, by name, any account that
// already holds data in the snapshot's or the reference's place (another SKU's), before it
// looks at addresses. Each refusal changes nothing; the exact call then lands.
import {
  ORACLE_ERROR__ALREADY_INITIALIZED,
  ORACLE_ERROR__INVALID_INSTRUCTION_DATA,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import type { Address, Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshot,
  createSnapshotIx,
  entries,
  expectOk,
  newMints,
  type Oracle,
  pushIxs,
  setupOracle,
} from './oracle-fixture.ts';

const withTrailingByte = (ix: Instruction): Instruction => ({
  ...ix,
  data: Uint8Array.from([...(ix.data ?? []), 0]),
});

describe('oracle: exact instruction data and empty accounts', () => {
  let o: Oracle;

  beforeEach(async () => {
    o = await setupOracle();
  });

  async function refused(ixs: Instruction[], code: number, watched: Address[]): Promise<void> {
    const before = accountBytes(o.svm, watched);
    const r = await send(o.svm, ixs, o.payer);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(o.svm, watched)).toEqual(before);
  }

  it('push_snapshot refuses instruction data, then pushes without it', async () => {
    const { snapshot, skuId } = await createSnapshot(o, 'DATA', 2);
    const [keeper] = o.keepers;
    if (!keeper) throw new Error('keeper');
    const ixs = await pushIxs(o, { keeper, snapshot, skuId, sequence: 1n, entries: entries(o, 2) });
    const last = ixs.length - 1;
    const padded = ixs.map((ix, i) => (i === last ? withTrailingByte(ix) : ix));
    await refused(padded, ORACLE_ERROR__INVALID_INSTRUCTION_DATA, [snapshot]);
    expectOk(await send(o.svm, ixs, o.payer));
  });

  it('create_snapshot refuses a byte beyond its layout, then creates with the exact data', async () => {
    const { ix, snapshot } = await createSnapshotIx(o, 'EXACT', await newMints(3));
    await refused([withTrailingByte(ix)], ORACLE_ERROR__INVALID_INSTRUCTION_DATA, [snapshot]);
    expect(o.svm.getAccount(snapshot).exists).toBe(false);
    expectOk(await send(o.svm, [ix], o.payer));
  });

  it("create_snapshot refuses another SKU's snapshot or reference in a new SKU's place", async () => {
    // Given SKU OLD created (its snapshot and reference hold data)
    const old = await createSnapshotIx(o, 'OLD', await newMints(1));
    expectOk(await send(o.svm, [old.ix], o.payer));
    const oldAccounts = old.ix.accounts ?? [];
    // When SKU NEW is created with OLD's snapshot (account 2) or reference (account 3) in place
    const fresh = await createSnapshotIx(o, 'NEW', await newMints(1));
    const accounts = fresh.ix.accounts ?? [];
    const watched = [...oldAccounts.slice(2, 4), ...accounts.slice(2, 4)].map((a) => a.address);
    for (const at of [2, 3]) {
      const swapped = accounts.map((a, i) =>
        i === at ? { ...a, address: oldAccounts[at]?.address as Address } : a,
      );
      // Then it is refused with AlreadyInitialized and nothing changes
      await refused(
        [{ ...fresh.ix, accounts: swapped }],
        ORACLE_ERROR__ALREADY_INITIALIZED,
        watched,
      );
    }
    // And NEW with its own accounts is created
    expectOk(await send(o.svm, [fresh.ix], o.payer));
  });
});
