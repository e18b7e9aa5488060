// Two oracle bounds met exactly at their limits (mutation testing found neither pinned): a
// deviation cap of 10,000 bps (100%) is a valid configuration, and a signed payload of only
// its header (no entries) is a well-formed payload, refused by the push as not matching the
// snapshot's entry count rather than as malformed.
import {
  findOracleConfigPda,
  getInitializeConfigInstruction,
  getOracleConfigDecoder,
  ORACLE_ERROR__ENTRY_COUNT_MISMATCH,
  ORACLE_ERROR__INVALID_INSTRUCTION_DATA,
} from '@basket/oracle-client';
import { accountBytes, fund, send } from '@basket/test-harness';
import { type Address, generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createSnapshot, push, SYSTEM_PROGRAM, setupOracle } from './oracle-fixture.ts';
import { createOracleSvm } from './upgradeable-program.ts';

describe('oracle bounds at their limits', () => {
  it('initialize_config accepts a 10,000 bps cap and refuses 10,001', async () => {
    const deployer = await generateKeyPairSigner();
    const svm = await createOracleSvm(deployer.address);
    fund(svm, deployer.address);
    const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    const keeper = await generateKeyPairSigner();
    const [config] = await findOracleConfigPda();
    const init = (maxDeviationBps: number) =>
      getInitializeConfigInstruction({
        payer: deployer,
        config,
        systemProgram: SYSTEM_PROGRAM,
        admins: admins.map((a) => a.address),
        threshold: 3,
        keeperCount: 1,
        keepers: [keeper.address, ...Array(7).fill(SYSTEM_PROGRAM)] as Address[],
        maxDeviationBps,
        adminSigners: admins.slice(0, 3),
      });
    const over = await send(svm, [init(10_001)], deployer);
    expect(over.customError, over.error ?? '').toBe(ORACLE_ERROR__INVALID_INSTRUCTION_DATA);
    expect(accountBytes(svm, [config])).toEqual([null]);
    const at = await send(svm, [init(10_000)], deployer);
    expect(at.error).toBeNull();
    const acc = svm.getAccount(config);
    if (!acc.exists) throw new Error('config');
    expect(getOracleConfigDecoder().decode(Uint8Array.from(acc.data)).maxDeviationBps).toBe(10_000);
  });

  it('push_snapshot refuses a header-only payload as an entry count mismatch', async () => {
    const o = await setupOracle();
    const { snapshot, skuId } = await createSnapshot(o, 'EMPTY', 2);
    const [keeper] = o.keepers;
    if (!keeper) throw new Error('keeper');
    const before = accountBytes(o.svm, [snapshot]);
    const r = await push(o, { keeper, snapshot, skuId, sequence: 1n, entries: [] });
    expect(r.customError, r.error ?? '').toBe(ORACLE_ERROR__ENTRY_COUNT_MISMATCH);
    expect(accountBytes(o.svm, [snapshot])).toEqual(before);
  });
});
