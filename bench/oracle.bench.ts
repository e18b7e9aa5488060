import {
  encodeSkuId,
  findNavReferencePda,
  findNavSnapshotPda,
  getApproveDeviationInstruction,
  getCreateSnapshotInstruction,
  getInitializeConfigInstruction,
  getResetSequenceInstruction,
  getRotateKeepersInstruction,
  getSignedPushSnapshotInstructions,
  type NavPayloadEntry,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { addUpgradeableProgram, fund, newKeyPairSigner, send } from '@basket/test-harness';
import {
  type Address,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type KeyPairSigner,
} from '@solana/kit';
import { LiteSVM } from 'litesvm';
import type { CuRecord } from './src/record.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

export default async function oracleBench(): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  for (const keepers of [1, 8]) {
    // The payer is the program's upgrade authority, which initialize_config requires.
    const payer = await newKeyPairSigner();
    const svm = new LiteSVM();
    await addUpgradeableProgram(svm, {
      programAddress: ORACLE_PROGRAM_ADDRESS,
      program: 'oracle',
      authority: payer.address,
    });
    fund(svm, payer.address);
    const admins = await Promise.all([0, 1, 2, 3, 4].map(() => newKeyPairSigner()));
    const keeperKeys = await Promise.all(Array.from({ length: keepers }, () => newKeyPairSigner()));
    const [config] = await getProgramDerivedAddress({
      programAddress: ORACLE_PROGRAM_ADDRESS,
      seeds: [getUtf8Encoder().encode('oracle_config')],
    });
    const ix = getInitializeConfigInstruction({
      payer,
      config,
      systemProgram: SYSTEM_PROGRAM,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keeperCount: keepers,
      keepers: [...keeperKeys.map((k) => k.address), ...Array(8 - keepers).fill(SYSTEM_PROGRAM)],
      maxDeviationBps: 1_000,
      adminSigners: admins.slice(0, 3),
    });
    const r = await send(svm, [ix], payer);
    if (!r.ok) throw new Error(`initialize_config failed: ${r.error}`);
    records.push({
      program: 'oracle',
      instruction: 'initialize_config',
      case: `${keepers} keeper${keepers > 1 ? 's' : ''}, upgrade authority (payer) + 3 of 5 admins`,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
    if (keepers === 8)
      records.push(...(await snapshotBench(svm, payer, admins, keeperKeys, config)));
  }
  return records;
}

type Signer = KeyPairSigner;

/** create_snapshot, push_snapshot (1/5/10/20 entries) and rotate_keepers on a configured oracle. */
async function snapshotBench(
  svm: LiteSVM,
  payer: Signer,
  admins: Signer[],
  keepers: Signer[],
  config: Address,
): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  const record = (instruction: string, c: string, r: Awaited<ReturnType<typeof send>>) => {
    if (!r.ok) throw new Error(`${instruction} (${c}) failed: ${r.error}`);
    records.push({
      program: 'oracle',
      instruction,
      case: c,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
  };
  svm.warpToSlot(1_000n);
  const ONE = 1_000_000_000_000n;
  const entries = (n: number, price: bigint, multiplier = ONE): NavPayloadEntry[] =>
    Array.from({ length: n }, () => ({
      priceUsd1E8: price,
      multiplierNum: multiplier,
      updatedSlot: 1_000n,
      flags: 1,
    }));
  for (const n of [1, 5, 10, 20]) {
    const skuId = encodeSkuId(`BENCH${n}`);
    const [snapshot] = await findNavSnapshotPda(skuId);
    const [reference] = await findNavReferencePda(skuId);
    const mints = await Promise.all(
      Array.from({ length: n }, async () => (await newKeyPairSigner()).address),
    );
    const create = getCreateSnapshotInstruction({
      payer,
      config,
      snapshot,
      reference,
      systemProgram: SYSTEM_PROGRAM,
      skuId,
      mintCount: n,
      mints: [...mints, ...Array(20 - n).fill(SYSTEM_PROGRAM)],
      adminSigners: admins.slice(0, 3),
    });
    record('create_snapshot', `${n} mints, 3 of 5 admins`, await send(svm, [create], payer));
    const push = async (sequence: bigint, es: NavPayloadEntry[]) =>
      send(
        svm,
        await getSignedPushSnapshotInstructions({
          keeper: keepers[7]!.keyPair,
          snapshot,
          config,
          skuId,
          sequence,
          entries: es,
        }),
        payer,
      );
    record(
      'push_snapshot',
      `${n} entries, first push`,
      await push(1n, entries(n, 10_000_000_000n)),
    );
    record(
      'push_snapshot',
      `${n} entries, prices +0.5%`,
      await push(2n, entries(n, 10_050_000_000n)),
    );
    record(
      'push_snapshot',
      `${n} entries, every multiplier changed`,
      await push(3n, entries(n, 5_025_000_000n, 2n * ONE)),
    );
    if (n === 20) {
      const approve = getApproveDeviationInstruction({
        snapshot,
        config,
        reference,
        sequence: 4n,
        adminSigners: admins.slice(0, 3),
      });
      record('approve_deviation', '3 of 5 admins', await send(svm, [approve], payer));
      record(
        'push_snapshot',
        '20 entries, prices x3 after approval',
        await push(4n, entries(n, 15_075_000_000n, 2n * ONE)),
      );
      // FeeAccrual decay: every multiplier moves a little (the common case of a push in
      // which every multiplier changed), prices +0.3%.
      record(
        'push_snapshot',
        '20 entries, every multiplier decayed 1e-6, prices +0.3%',
        await push(5n, entries(n, 15_120_225_000n, 2n * ONE - 2_000_000n)),
      );
      // The same move at USD 100,000 per token (split comparison, like USD 100), then at
      // values of 2^98 (192-bit comparison): reached after an approved re-basing push.
      let sequence = 6n;
      for (const [price, label] of [
        [10_000_000_000_000n, 'USD 100,000 per token'],
        [400_000_000_000_000_000n, 'USD 4e9 per token (value >= 2^98)'],
      ] as const) {
        const approve = getApproveDeviationInstruction({
          snapshot,
          config,
          reference,
          sequence,
          adminSigners: admins.slice(0, 3),
        });
        const approved = await send(svm, [approve], payer);
        if (!approved.ok) throw new Error(`approve_deviation failed: ${approved.error}`);
        const rebase = await push(sequence++, entries(n, price, ONE));
        if (!rebase.ok) throw new Error(`re-basing push failed: ${rebase.error}`);
        record(
          'push_snapshot',
          `20 entries, every multiplier decayed 1e-6, ${label}`,
          await push(sequence++, entries(n, (price * 1_003n) / 1_000n, ONE - 1_000_000n)),
        );
      }
      // The admins' recovery path: the sequence raised past any payload signed so far (the
      // program refuses anything not above the stored one, decision 0995); the keeper's next
      // push follows the raised number.
      const raised = sequence - 1n + 1_000n;
      const reset = getResetSequenceInstruction({
        snapshot,
        config,
        reference,
        sequence: raised,
        adminSigners: admins.slice(0, 3),
      });
      record('reset_sequence', '3 of 5 admins', await send(svm, [reset], payer));
      sequence = raised + 1n;
    }
  }
  const rotate = getRotateKeepersInstruction({
    config,
    keeperCount: 2,
    keepers: [keepers[0]!.address, keepers[1]!.address, ...Array(6).fill(SYSTEM_PROGRAM)],
    adminSigners: admins.slice(0, 3),
  });
  record('rotate_keepers', '8 -> 2 keepers, 3 of 5 admins', await send(svm, [rotate], payer));
  return records;
}
