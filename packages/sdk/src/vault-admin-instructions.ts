/**
 * Admin multisig instructions of the vault program (`init_vault`, `set_paused`,
 * `set_asset_status`, the weight timelock `update_weights` / `apply_weights` /
 * `cancel_weights`, `set_share_metadata`), every PDA resolved from the SKU or the decoded
 * `VaultState`. The caller passes the admin signers (at least the threshold, 3 of 5); the
 * fee collections are the permissionless `getCollect{Mgmt,Perf}FeeInstructionFor`.
 */

import { encodeSkuId, findNavSnapshotPda, findOracleConfigPda } from '@basket/oracle-client';
import {
  findVaultStatePda,
  getApplyWeightsInstruction,
  getCancelWeightsInstruction,
  getInitVaultInstruction,
  getSetAssetStatusInstruction,
  getSetPausedInstruction,
  getSetShareMetadataInstruction,
  getUpdateWeightsInstruction,
} from '@basket/vault-client';
import {
  type Address,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type ProgramDerivedAddress,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from '@solana/kit';
import type { ComputeCost } from './compute-unit-costs.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { TOKEN_2022_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { findVaultHoldingPda, type VaultStateAccount } from './vault-instructions.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const MAX_ASSETS = 20;

/**
 * The numeric `AssetEntry.status` values `set_asset_status` takes.
 *
 * @example
 * await getSetAssetStatusInstructionFor({ vault, assetIndex: 2, status: ASSET_STATUS.Frozen, adminSigners });
 */
export const ASSET_STATUS = Object.freeze({ Active: 1, Frozen: 2, Retired: 3 } as const);

/**
 * The vault's share mint: PDA `["share", sku_id]` of the vault program.
 *
 * @example
 * const [shareMint] = await findShareMintPda(encodeSkuId('MAG7'));
 */
export async function findShareMintPda(
  skuId: ReadonlyUint8Array,
  programs: Partial<ProgramAddresses> = {},
): Promise<ProgramDerivedAddress> {
  return getProgramDerivedAddress({
    programAddress: resolveProgramAddresses(programs).vault,
    seeds: [getUtf8Encoder().encode('share'), skuId],
  });
}

/** Bump searches the program runs from 255 down to the canonical bump of each derived PDA. */
function bumpSteps(bumps: readonly number[]): ComputeCost[] {
  const steps = bumps.reduce((sum, bump) => sum + (255 - bump), 0);
  return steps > 0 ? [{ key: 'runtime.bumpSearchStep', count: steps }] : [];
}

function pad<T>(values: readonly T[], length: number, fill: T): T[] {
  return [...values, ...Array<T>(length - values.length).fill(fill)];
}

/**
 * One basket asset of a new vault: its mint, the mint's token program and its target weight.
 *
 * @example
 * const asset: InitVaultAsset = { mint: aaplx, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS, weightBps: 5_000 };
 */
export interface InitVaultAsset {
  readonly mint: Address;
  readonly tokenProgram: Address;
  readonly weightBps: number;
}

/**
 * An `init_vault` for `sku`: creates the vault state, its share mint, the cash buffer and one
 * holding per asset, all at their PDAs (derived here). `adminSigners` must meet the threshold
 * of both the new vault's admin set and the oracle's (platform) admin set. Weights must sum to
 * 10,000 bps; fees in bps; amounts raw.
 *
 * @example
 * const init = await getInitVaultInstructionFor({ payer, sku: 'MAG7', stableMint: usdc, stableTokenProgram: TOKEN_PROGRAM_ADDRESS, assets, admins, threshold: 3, keeper, treasury, mgmtFeeBps: 20, perfFeeBps: 1_000, withdrawFeeBps: 5, cashBufferBps: 500, maxSlipBps: 50, depositCapUsd: 10_000_000_000_000n, minDepositRaw: 1_000_000n, adminSigners });
 */
export async function getInitVaultInstructionFor(
  input: {
    payer: TransactionSigner;
    sku: string;
    stableMint: Address;
    stableTokenProgram: Address;
    assets: readonly InitVaultAsset[];
    admins: readonly Address[];
    threshold: number;
    keeper: Address;
    treasury: Address;
    /** The wallet rebalance legs pay into (whitelisted with the RFQ provider). */
    tradeAuthority: Address;
    mgmtFeeBps: number;
    perfFeeBps: number;
    withdrawFeeBps: number;
    cashBufferBps: number;
    maxSlipBps: number;
    depositCapUsd: bigint;
    minDepositRaw: bigint;
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { vault: Address; shareMint: Address; holdings: Address[] }> {
  const ids = resolveProgramAddresses(programs);
  if (input.assets.length < 1 || input.assets.length > MAX_ASSETS) {
    throw new RangeError(`a vault holds 1-${MAX_ASSETS} assets, not ${input.assets.length}`);
  }
  if (input.admins.length !== 5) {
    throw new RangeError(`the admin set has 5 keys, not ${input.admins.length}`);
  }
  const skuId = encodeSkuId(input.sku);
  const [
    [vault, vaultBump],
    [shareMint, shareBump],
    [cash, cashBump],
    holdings,
    [config],
    [snapshot, snapshotBump],
  ] = await Promise.all([
    findVaultStatePda({ skuId }, { programAddress: ids.vault }),
    findShareMintPda(skuId, ids),
    findVaultHoldingPda(skuId, input.stableMint, ids),
    Promise.all(input.assets.map((a) => findVaultHoldingPda(skuId, a.mint, ids))),
    findOracleConfigPda({ programAddress: ids.oracle }),
    findNavSnapshotPda(skuId, ids.oracle),
  ]);
  const instruction = getInitVaultInstruction(
    {
      payer: input.payer,
      vault,
      shareMint,
      oracleConfig: config,
      navSnapshot: snapshot,
      stableMint: input.stableMint,
      cashHolding: cash,
      systemProgram: SYSTEM_PROGRAM,
      tokenProgram: input.stableTokenProgram,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      skuId,
      admins: [...input.admins],
      threshold: input.threshold,
      keeper: input.keeper,
      treasury: input.treasury,
      tradeAuthority: input.tradeAuthority,
      mgmtFeeBps: input.mgmtFeeBps,
      perfFeeBps: input.perfFeeBps,
      withdrawFeeBps: input.withdrawFeeBps,
      cashBufferBps: input.cashBufferBps,
      maxSlipBps: input.maxSlipBps,
      depositCapUsd: input.depositCapUsd,
      minDepositRaw: input.minDepositRaw,
      assetCount: input.assets.length,
      tokenPrograms: pad(
        input.assets.map((a) => (a.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS ? 1 : 0)),
        MAX_ASSETS,
        0,
      ),
      weights: pad(
        input.assets.map((a) => a.weightBps),
        MAX_ASSETS,
        0,
      ),
      assetAccounts: input.assets.flatMap((a, i) => [
        a.mint,
        (holdings[i] as ProgramDerivedAddress)[0],
      ]),
      adminSigners: [...input.adminSigners],
    },
    { programAddress: ids.vault },
  );
  return {
    instruction,
    vault,
    shareMint,
    holdings: holdings.map(([h]) => h),
    costs: [
      { key: 'vault.initVault' },
      { key: 'vault.initVaultPerAsset', count: input.assets.length },
      ...bumpSteps([
        vaultBump,
        shareBump,
        cashBump,
        snapshotBump,
        ...holdings.map(([, bump]) => bump),
      ]),
    ],
  };
}

/**
 * A `set_paused` (the emergency circuit breaker): `paused` true stops deposits, withdrawals
 * and rebalances until an admin threshold unpauses.
 *
 * @example
 * const pause = getSetPausedInstructionFor({ vault: vault.address, paused: true, adminSigners });
 */
export function getSetPausedInstructionFor(
  input: { vault: Address; paused: boolean; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getSetPausedInstruction(
    { vault: input.vault, paused: input.paused, adminSigners: [...input.adminSigners] },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.setPaused' }] };
}

/**
 * A `set_asset_status` of the asset at `assetIndex` (vault order), taking effect at once.
 *
 * @example
 * const freeze = getSetAssetStatusInstructionFor({ vault: vault.address, assetIndex: 1, status: ASSET_STATUS.Frozen, adminSigners });
 */
export function getSetAssetStatusInstructionFor(
  input: {
    vault: Address;
    assetIndex: number;
    status: (typeof ASSET_STATUS)[keyof typeof ASSET_STATUS];
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  if (
    !Number.isInteger(input.assetIndex) ||
    input.assetIndex < 0 ||
    input.assetIndex >= MAX_ASSETS
  ) {
    throw new RangeError(`asset index ${input.assetIndex} is outside 0-${MAX_ASSETS - 1}`);
  }
  const instruction = getSetAssetStatusInstruction(
    {
      vault: input.vault,
      assetIndex: input.assetIndex,
      status: input.status,
      adminSigners: [...input.adminSigners],
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.setAssetStatus' }] };
}

/**
 * An `update_weights` queuing new target weights (one per asset, vault order, summing to
 * 10,000 bps) behind the 48 h timelock; apply them with {@link getApplyWeightsInstructionFor}
 * once the vault's `pendingWeightsEta` has passed.
 *
 * @example
 * const queue = getUpdateWeightsInstructionFor({ vault, weightsBps: [4_000, 4_000, 2_000], adminSigners });
 */
export function getUpdateWeightsInstructionFor(
  input: {
    vault: VaultStateAccount;
    weightsBps: readonly number[];
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const count = input.vault.data.assetCount;
  if (input.weightsBps.length !== count) {
    throw new RangeError(
      `the vault holds ${count} assets: one weight each, not ${input.weightsBps.length}`,
    );
  }
  const instruction = getUpdateWeightsInstruction(
    {
      vault: input.vault.address,
      newWeights: pad(input.weightsBps, MAX_ASSETS, 0),
      adminSigners: [...input.adminSigners],
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.updateWeights' }] };
}

/**
 * A permissionless `apply_weights` of the queued weights (the vault's `pendingWeightsNonce`),
 * refused before `pendingWeightsEta`.
 *
 * @example
 * const apply = getApplyWeightsInstructionFor({ vault });
 */
export function getApplyWeightsInstructionFor(
  input: { vault: VaultStateAccount; nonce?: bigint },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getApplyWeightsInstruction(
    { vault: input.vault.address, nonce: input.nonce ?? input.vault.data.pendingWeightsNonce },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.applyWeights' }] };
}

/**
 * A `cancel_weights` of the queued weights (default: the vault's `pendingWeightsNonce`).
 *
 * @example
 * const cancel = getCancelWeightsInstructionFor({ vault, adminSigners });
 */
export function getCancelWeightsInstructionFor(
  input: { vault: VaultStateAccount; nonce?: bigint; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getCancelWeightsInstruction(
    {
      vault: input.vault.address,
      nonce: input.nonce ?? input.vault.data.pendingWeightsNonce,
      adminSigners: [...input.adminSigners],
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.cancelWeights' }] };
}

function fixedAscii(value: string, length: number, field: string, allowEmpty: boolean) {
  if (!/^[\x20-\x7e]*$/.test(value) || value.length > length || (!allowEmpty && !value)) {
    throw new RangeError(
      `${field} must be ${allowEmpty ? '0' : '1'}-${length} printable ASCII characters`,
    );
  }
  const bytes = new Uint8Array(length);
  bytes.set(getUtf8Encoder().encode(value));
  return bytes;
}

/**
 * A `set_share_metadata` (once per vault): the share mint's TokenMetadata name (1-32), symbol
 * (1-10) and uri (0-128 printable ASCII characters). `payer` funds the mint's grown rent.
 *
 * @example
 * const meta = getSetShareMetadataInstructionFor({ payer, vault, name: 'Tech Ten', symbol: 'TECH10', uri: 'https://example.com/tech10.json', adminSigners });
 */
export function getSetShareMetadataInstructionFor(
  input: {
    payer: TransactionSigner;
    vault: VaultStateAccount;
    name: string;
    symbol: string;
    uri: string;
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): CostedInstruction {
  const instruction = getSetShareMetadataInstruction(
    {
      payer: input.payer,
      vault: input.vault.address,
      shareMint: input.vault.data.shareMint,
      systemProgram: SYSTEM_PROGRAM,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      name: fixedAscii(input.name, 32, 'name', false),
      symbol: fixedAscii(input.symbol, 10, 'symbol', false),
      uri: fixedAscii(input.uri, 128, 'uri', true),
      adminSigners: [...input.adminSigners],
    },
    { programAddress: resolveProgramAddresses(programs).vault },
  );
  return { instruction, costs: [{ key: 'vault.setShareMetadata' }] };
}
