/**
 * Admin multisig and keeper instructions of the oracle program (`initialize_config`,
 * `rotate_keepers`, `create_snapshot`, `approve_deviation`, `push_snapshot`), every PDA
 * resolved here (config `["oracle_config"]`, snapshot `["nav_snapshot", sku_id]`, the
 * program's ProgramData). Admin signers: at least the configured threshold (3 of 5).
 */

import {
  encodeSkuId,
  findNavSnapshotPda,
  findOracleConfigPda,
  findOracleProgramDataPda,
  getApproveDeviationInstruction,
  getCreateSnapshotInstruction,
  getInitializeConfigInstruction,
  getRotateKeepersInstruction,
  getSignedPushSnapshotInstructions,
  type NavPayloadEntry,
} from '@basket/oracle-client';
import type { Address, TransactionSigner } from '@solana/kit';
import type { ComputeCost } from './compute-unit-costs.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import type { CostedInstruction } from './transaction-message.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const MAX_KEEPERS = 8;
const MAX_ENTRIES = 20;

function keeperSlots(keepers: readonly Address[]): Address[] {
  if (keepers.length < 1 || keepers.length > MAX_KEEPERS) {
    throw new RangeError(`a keeper set has 1-${MAX_KEEPERS} keys, not ${keepers.length}`);
  }
  return [...keepers, ...Array<Address>(MAX_KEEPERS - keepers.length).fill(SYSTEM_PROGRAM)];
}

function bumpSteps(bump: number): ComputeCost[] {
  return bump < 255 ? [{ key: 'runtime.bumpSearchStep', count: 255 - bump }] : [];
}

/**
 * An `initialize_config` (once per deployment): the admin set (5 keys), its threshold, the
 * keeper set (1-8) and the deviation cap. Signed by the program's upgrade authority (default:
 * the payer) and the new admins' threshold.
 *
 * @example
 * const init = await getInitializeConfigInstructionFor({ payer: deployer, admins, threshold: 3, keepers: [keeper], maxDeviationBps: 1_000, adminSigners });
 */
export async function getInitializeConfigInstructionFor(
  input: {
    payer: TransactionSigner;
    upgradeAuthority?: TransactionSigner;
    admins: readonly Address[];
    threshold: number;
    keepers: readonly Address[];
    maxDeviationBps: number;
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { config: Address }> {
  const programAddress = resolveProgramAddresses(programs).oracle;
  const [[config, bump], [programData]] = await Promise.all([
    findOracleConfigPda({ programAddress }),
    findOracleProgramDataPda(programAddress),
  ]);
  const instruction = getInitializeConfigInstruction(
    {
      payer: input.payer,
      config,
      systemProgram: SYSTEM_PROGRAM,
      programData,
      upgradeAuthority: input.upgradeAuthority ?? input.payer,
      admins: [...input.admins],
      threshold: input.threshold,
      keeperCount: input.keepers.length,
      keepers: keeperSlots(input.keepers),
      maxDeviationBps: input.maxDeviationBps,
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return {
    instruction,
    config,
    costs: [{ key: 'oracle.initializeConfig' }, ...bumpSteps(bump)],
  };
}

/**
 * A `rotate_keepers` replacing the keeper set (1-8 distinct keys).
 *
 * @example
 * const rotate = await getOracleRotateKeepersInstructionFor({ keepers: [newKeeper], adminSigners });
 */
export async function getOracleRotateKeepersInstructionFor(
  input: { keepers: readonly Address[]; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).oracle;
  const [config] = await findOracleConfigPda({ programAddress });
  const instruction = getRotateKeepersInstruction(
    {
      config,
      keeperCount: input.keepers.length,
      keepers: keeperSlots(input.keepers),
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'oracle.rotateKeepers' }] };
}

/**
 * A `create_snapshot` for `sku` with its fixed mint list (1-20, the vault's asset order).
 *
 * @example
 * const create = await getCreateSnapshotInstructionFor({ payer, sku: 'MAG7', mints, adminSigners });
 */
export async function getCreateSnapshotInstructionFor(
  input: {
    payer: TransactionSigner;
    sku: string;
    mints: readonly Address[];
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { snapshot: Address }> {
  if (input.mints.length < 1 || input.mints.length > MAX_ENTRIES) {
    throw new RangeError(`a snapshot holds 1-${MAX_ENTRIES} mints, not ${input.mints.length}`);
  }
  const programAddress = resolveProgramAddresses(programs).oracle;
  const skuId = encodeSkuId(input.sku);
  const [[config], [snapshot, bump]] = await Promise.all([
    findOracleConfigPda({ programAddress }),
    findNavSnapshotPda(skuId, programAddress),
  ]);
  const instruction = getCreateSnapshotInstruction(
    {
      payer: input.payer,
      config,
      snapshot,
      systemProgram: SYSTEM_PROGRAM,
      skuId,
      mintCount: input.mints.length,
      mints: [
        ...input.mints,
        ...Array<Address>(MAX_ENTRIES - input.mints.length).fill(SYSTEM_PROGRAM),
      ],
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return {
    instruction,
    snapshot,
    costs: [{ key: 'oracle.createSnapshot' }, ...bumpSteps(bump)],
  };
}

/**
 * An `approve_deviation`: lets the next push of `sku`'s snapshot move beyond the cap.
 *
 * @example
 * const approve = await getApproveDeviationInstructionFor({ sku: 'MAG7', adminSigners });
 */
export async function getApproveDeviationInstructionFor(
  input: { sku: string; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).oracle;
  const [[config], [snapshot]] = await Promise.all([
    findOracleConfigPda({ programAddress }),
    findNavSnapshotPda(encodeSkuId(input.sku), programAddress),
  ]);
  const instruction = getApproveDeviationInstruction(
    { snapshot, config, adminSigners: [...input.adminSigners] },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'oracle.approveDeviation' }] };
}

/**
 * A keeper-signed `push_snapshot` of `sku`: the Ed25519 verification and the push, to send in
 * this order, adjacent, in one transaction. `entries` follow the snapshot's mint order;
 * `sequence` is above the stored one. Admin co-signers only for a move beyond the cap.
 *
 * @example
 * const [verify, push] = await getPushSnapshotInstructionsFor({ keeper: keeperKeyPair, sku: 'MAG7', sequence: 42n, entries });
 */
export async function getPushSnapshotInstructionsFor(
  input: {
    keeper: CryptoKeyPair;
    sku: string;
    sequence: bigint;
    entries: readonly NavPayloadEntry[];
    adminSigners?: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<[CostedInstruction, CostedInstruction]> {
  const programAddress = resolveProgramAddresses(programs).oracle;
  const skuId = encodeSkuId(input.sku);
  const [[config], [snapshot]] = await Promise.all([
    findOracleConfigPda({ programAddress }),
    findNavSnapshotPda(skuId, programAddress),
  ]);
  const [verify, push] = await getSignedPushSnapshotInstructions({
    keeper: input.keeper,
    snapshot,
    config,
    skuId,
    sequence: input.sequence,
    entries: input.entries,
    adminSigners: [...(input.adminSigners ?? [])],
    programAddress,
  });
  return [
    { instruction: verify, costs: [] },
    {
      instruction: push,
      costs: [
        { key: 'oracle.pushSnapshot' },
        { key: 'oracle.pushSnapshotPerEntry', count: input.entries.length },
        { key: 'oracle.pushSnapshotPerAdminSigner', count: input.adminSigners?.length ?? 0 },
      ],
    },
  ];
}
