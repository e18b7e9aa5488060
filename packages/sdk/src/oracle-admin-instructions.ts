/**
 * Admin multisig and keeper instructions of the oracle program (`initialize_config`,
 * `rotate_keepers`, `create_snapshot`, `approve_deviation`, `reset_sequence`,
 * `push_snapshot`), every PDA resolved here (config `["oracle_config"]`, snapshot
 * `["nav_snapshot", sku_id]`, deviation reference `["nav_reference", sku_id]`, the program's
 * ProgramData). Admin signers: at least the configured threshold (3 of 5).
 */

import {
  encodeSkuId,
  findNavReferencePda,
  findNavSnapshotPda,
  findOracleConfigPda,
  findOracleProgramDataPda,
  getApproveDeviationInstruction,
  getCreateSnapshotInstruction,
  getInitializeConfigInstruction,
  getResetSequenceInstruction,
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
  const [reference, referenceBump] = await findNavReferencePda(skuId, programAddress);
  const instruction = getCreateSnapshotInstruction(
    {
      payer: input.payer,
      config,
      snapshot,
      reference,
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
    // Two canonical PDAs found on chain: the snapshot's and the deviation reference's.
    costs: [{ key: 'oracle.createSnapshot' }, ...bumpSteps(bump), ...bumpSteps(referenceBump)],
  };
}

/**
 * An `approve_deviation`: lets the push of `sku`'s snapshot with exactly `sequence` (1 to 16
 * above the stored one) move beyond the cap; no other push can use it. Without `sequence`,
 * the push it approves is the snapshot's next as it stands when the approval lands.
 *
 * @example
 * const approve = await getApproveDeviationInstructionFor({ sku: 'MAG7', sequence: 43n, adminSigners });
 */
export async function getApproveDeviationInstructionFor(
  input: { sku: string; sequence?: bigint; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).oracle;
  const skuId = encodeSkuId(input.sku);
  const [[config], [snapshot], [reference]] = await Promise.all([
    findOracleConfigPda({ programAddress }),
    findNavSnapshotPda(skuId, programAddress),
    findNavReferencePda(skuId, programAddress),
  ]);
  const instruction = getApproveDeviationInstruction(
    {
      snapshot,
      config,
      reference,
      // 0: the snapshot's next push, resolved on chain when the approval lands.
      sequence: input.sequence ?? 0n,
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'oracle.approveDeviation' }] };
}

/**
 * A `reset_sequence` (admin recovery): raises `sku`'s snapshot sequence to `sequence`, so its
 * keepers push again from `sequence + 1` and every payload signed for a number up to it is void,
 * and drops any pending approval. The program refuses a value not above the stored sequence
 * (`SequenceNotRaised`) or within 2^32 of u64::MAX (`SequenceRoomTooSmall`): the vault's price
 * memory follows a sequence that only rises (decision 0995).
 *
 * @example
 * const reset = await getResetSequenceInstructionFor({ sku: 'MAG7', sequence: 1_000n, adminSigners });
 */
export async function getResetSequenceInstructionFor(
  input: { sku: string; sequence: bigint; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).oracle;
  const skuId = encodeSkuId(input.sku);
  const [[config], [snapshot], [reference]] = await Promise.all([
    findOracleConfigPda({ programAddress }),
    findNavSnapshotPda(skuId, programAddress),
    findNavReferencePda(skuId, programAddress),
  ]);
  const instruction = getResetSequenceInstruction(
    {
      snapshot,
      config,
      reference,
      sequence: input.sequence,
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  // Priced as an approval: the same accounts, checks and one 8-byte write.
  return { instruction, costs: [{ key: 'oracle.approveDeviation' }] };
}

/**
 * A keeper-signed `push_snapshot` of `sku`: the Ed25519 verification and the push, to send in
 * this order, adjacent, in one transaction. `entries` follow the snapshot's mint order;
 * `sequence` is 1 to 16 above the stored one (the keeper sends the next). Admin co-signers
 * only for a move beyond the cap.
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
