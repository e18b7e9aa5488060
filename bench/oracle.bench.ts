import { getInitializeConfigInstruction, ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import { createSvm, fund, send } from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  getProgramDerivedAddress,
  getUtf8Encoder,
} from '@solana/kit';
import type { CuRecord } from './src/record.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

export default async function oracleBench(): Promise<CuRecord[]> {
  const records: CuRecord[] = [];
  for (const keepers of [1, 8]) {
    const svm = createSvm({ oracle: ORACLE_PROGRAM_ADDRESS });
    const payer = await generateKeyPairSigner();
    fund(svm, payer.address);
    const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    const keeperKeys = await Promise.all(
      Array.from({ length: keepers }, () => generateKeyPairSigner()),
    );
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
      case: `${keepers} keeper${keepers > 1 ? 's' : ''}, 3 of 5 admins`,
      computeUnits: Number(r.computeUnits),
      txBytes: r.txBytes,
    });
  }
  return records;
}
