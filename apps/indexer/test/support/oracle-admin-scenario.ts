// The oracle's admin events from real transactions in LiteSVM (the program deployed
// upgradeable, the payer its upgrade authority): the configuration initialized (5 admins,
// threshold 3, one keeper), a snapshot created over two issuer mints (non-unit multipliers),
// a deviation approved, the keepers rotated, the sequence reset (the admins' recovery); as
// webhook items, with what the accounts hold.
import { ORACLE_PROGRAM_ADDRESS } from '@basket/oracle-client';
import {
  getApproveDeviationInstructionFor,
  getCreateSnapshotInstructionFor,
  getInitializeConfigInstructionFor,
  getOracleRotateKeepersInstructionFor,
  getResetSequenceInstructionFor,
  navSnapshotAccount,
  oracleConfigAccount,
  readAccounts,
} from '@basket/sdk';
import { createIssuerMint } from '@basket/test-harness';
import { type Address, generateKeyPairSigner } from '@solana/kit';
import { svmRpc } from '../../../../packages/sdk/test/support/svm-rpc.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { chainWith, recorder } from './svm-items.ts';

export const ORACLE_SKU = 'ORACLE-1';

export type OracleAdminScenario = Readonly<{
  items: TransactionItem[];
  sig: Record<string, string>;
  measured: Readonly<{
    threshold: number;
    keeperCountAfter: number;
    keeperSetVersionAfter: bigint;
    /** The mints the snapshot was created over. */
    snapshotMints: readonly Address[];
    /** The snapshot's sequence when the deviation was approved. */
    approvedSequence: bigint;
    /** The sequence before the reset, and the one the admins set. */
    resetFrom: bigint;
    resetTo: bigint;
  }>;
}>;

export async function oracleAdminScenario(): Promise<OracleAdminScenario> {
  const { svm, payer } = await chainWith('oracle', ORACLE_PROGRAM_ADDRESS);
  const chain = { svm, payer };
  const { items, sig, step } = recorder(chain);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  const [keeper, extra] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  const init = await getInitializeConfigInstructionFor({
    payer,
    admins: admins.map((a) => a.address),
    threshold: 3,
    keepers: [keeper.address],
    maxDeviationBps: 1_000,
    adminSigners: admins.slice(0, 3),
  });
  await step('initialize', [init.instruction]);
  const mints = [
    await createIssuerMint(svm, payer, { decimals: 8, multiplier: 1.0571 }),
    await createIssuerMint(svm, payer, { decimals: 9, multiplier: 2.5 }),
  ].map((m) => m.address);
  const create = await getCreateSnapshotInstructionFor({
    payer,
    sku: ORACLE_SKU,
    mints,
    adminSigners: admins.slice(1, 4),
  });
  await step('createSnapshot', [create.instruction]);
  const [snapshot] = await readAccounts(svmRpc(svm), [navSnapshotAccount(create.snapshot)]);
  if (!snapshot.exists) throw new Error('snapshot missing');
  await step('approveDeviation', [
    (
      await getApproveDeviationInstructionFor({
        sku: ORACLE_SKU,
        // The approval names the push it lets past the cap: the snapshot's next.
        sequence: snapshot.data.sequence + 1n,
        adminSigners: admins.slice(2, 5),
      })
    ).instruction,
  ]);
  await step('rotateKeepers', [
    (
      await getOracleRotateKeepersInstructionFor({
        keepers: [keeper.address, extra.address],
        adminSigners: admins.slice(0, 3),
      })
    ).instruction,
  ]);
  const resetTo = snapshot.data.sequence + 7n;
  await step('resetSequence', [
    (
      await getResetSequenceInstructionFor({
        sku: ORACLE_SKU,
        sequence: resetTo,
        adminSigners: admins.slice(1, 4),
      })
    ).instruction,
  ]);
  const [config] = await readAccounts(svmRpc(svm), [oracleConfigAccount(init.config)]);
  const [reset] = await readAccounts(svmRpc(svm), [navSnapshotAccount(create.snapshot)]);
  if (!reset.exists || reset.data.sequence !== resetTo) throw new Error('sequence not reset');
  if (!config.exists) throw new Error('oracle config missing');
  return {
    items,
    sig,
    measured: {
      threshold: config.data.admins.threshold,
      keeperCountAfter: config.data.keeperCount,
      keeperSetVersionAfter: config.data.keeperSetVersion,
      snapshotMints: mints,
      approvedSequence: snapshot.data.sequence + 1n,
      resetFrom: snapshot.data.sequence,
      resetTo,
    },
  };
}
