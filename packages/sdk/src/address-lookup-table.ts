/**
 * Address lookup tables for a SKU: the create and extend instructions of the
 * address-lookup-table program, the static accounts a vault's deposit, withdraw_usdc,
 * withdraw_in_kind and pay_redemption share, and a batched reader that turns table accounts
 * into what `buildTransactionMessage({ addressLookupTables })` compresses against.
 *
 * The program's instructions are bincode `ProgramInstruction` values: a `u32` variant, then
 * the fields (`CreateLookupTable { recent_slot: u64, bump_seed: u8 }` = 0,
 * `ExtendLookupTable { new_addresses: Vec<Pubkey> }` = 2, the vector as a `u64` length and
 * the keys). The registry's `@solana-program/address-lookup-table` (0.12.1) requires
 * `@solana/kit` 6, so the two instructions are encoded here with kit's codecs (see
 * docs/sdk.md, "Address lookup tables").
 *
 * Table account layout (`LookupTableMeta`, 56 bytes, then the addresses):
 * - `[0..4]` state tag (`u32`, 1 = lookup table)
 * - `[4..12]` deactivation slot (`u64::MAX` while active)
 * - `[12..20]` last extended slot, `[20]` its start index
 * - `[21]` authority option tag, `[22..54]` authority
 * - `[54..56]` padding; `[56..]` 32-byte addresses
 */

import {
  type AccountMeta,
  AccountRole,
  type AccountSignerMeta,
  type Address,
  type AddressesByLookupTableAddress,
  getAddressDecoder,
  getAddressEncoder,
  getArrayEncoder,
  getProgramDerivedAddress,
  getStructEncoder,
  getU8Encoder,
  getU32Encoder,
  getU64Decoder,
  getU64Encoder,
  type Instruction,
  isSignerRole,
  type TransactionSigner,
} from '@solana/kit';
import { SYSVAR_CLOCK_ADDRESS } from '@solana/sysvars';
import {
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  type ReadAccountsOptions,
} from './account-reader.ts';
import type { ProgramAddresses } from './program-addresses.ts';
import {
  SDK_ERROR__ACCOUNT_DECODE_FAILED,
  SDK_ERROR__ACCOUNT_NOT_FOUND,
  SdkError,
} from './sdk-errors.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { findVaultHoldingPda, type VaultStateAccount } from './vault-instructions.ts';

/**
 * The address-lookup-table program.
 *
 * @example
 * ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS; // 'AddressLookupTab1e1111111111111111111111111'
 */
export const ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS =
  'AddressLookupTab1e1111111111111111111111111' as Address;
/**
 * Bytes before the first address of a table account.
 *
 * @example
 * LOOKUP_TABLE_META_SIZE; // 56
 */
export const LOOKUP_TABLE_META_SIZE = 56;
/**
 * Most addresses one table holds.
 *
 * @example
 * LOOKUP_TABLE_MAX_ADDRESSES; // 256
 */
export const LOOKUP_TABLE_MAX_ADDRESSES = 256;
/**
 * Addresses per extend instruction the SDK packs by default (one extend plus its signers stays
 * well inside a packet).
 *
 * @example
 * DEFAULT_EXTEND_CHUNK; // 20
 */
export const DEFAULT_EXTEND_CHUNK = 20;

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const U64_MAX = (1n << 64n) - 1n;

/** Account metas, signer metas carrying their signer (as the generated builders do). */
function metas(list: readonly (AccountMeta | AccountSignerMeta)[]): readonly AccountMeta[] {
  return list;
}

/**
 * The table address of `authority` created at `recentSlot`: PDA `[authority, recentSlot u64 LE]`
 * of the lookup-table program.
 *
 * @example
 * const [table, bump] = await findAddressLookupTablePda({ authority: admin.address, recentSlot });
 */
export async function findAddressLookupTablePda(seeds: { authority: Address; recentSlot: bigint }) {
  return getProgramDerivedAddress({
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
    seeds: [getAddressEncoder().encode(seeds.authority), getU64Encoder().encode(seeds.recentSlot)],
  });
}

/**
 * A `CreateLookupTable` at `recentSlot` (a slot still in the SlotHashes sysvar, e.g. the
 * `finalized` slot just read). `payer` funds the rent; `authority` may extend, freeze,
 * deactivate and close it.
 *
 * @example
 * const { instruction, table } = await getCreateLookupTableInstructionFor({ authority: admin.address, payer, recentSlot });
 */
export async function getCreateLookupTableInstructionFor(input: {
  authority: Address;
  payer: TransactionSigner;
  recentSlot: bigint;
}): Promise<CostedInstruction & { table: Address }> {
  const [table, bump] = await findAddressLookupTablePda(input);
  const data = getStructEncoder([
    ['variant', getU32Encoder()],
    ['recentSlot', getU64Encoder()],
    ['bump', getU8Encoder()],
  ]).encode({ variant: 0, recentSlot: input.recentSlot, bump });
  const instruction: Instruction = {
    programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
    accounts: metas([
      { address: table, role: AccountRole.WRITABLE },
      { address: input.authority, role: AccountRole.READONLY },
      { address: input.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: input.payer },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
    ]),
    data,
  };
  return { instruction, table, costs: [{ key: 'addressLookupTable.create' }] };
}

/**
 * `ExtendLookupTable` instructions appending `addresses` to `table`, `chunk` per instruction
 * (send them in separate transactions if they do not fit one). Addresses become usable from
 * the slot after the extension.
 *
 * @example
 * const extends_ = getExtendLookupTableInstructionsFor({ table, authority: admin, payer, addresses });
 */
export function getExtendLookupTableInstructionsFor(input: {
  table: Address;
  authority: TransactionSigner;
  payer: TransactionSigner;
  addresses: readonly Address[];
  chunk?: number;
}): CostedInstruction[] {
  const chunk = input.chunk ?? DEFAULT_EXTEND_CHUNK;
  if (!Number.isInteger(chunk) || chunk < 1 || chunk > 30) {
    throw new RangeError(`chunk must be an integer 1-30, not ${chunk}`);
  }
  if (input.addresses.length > LOOKUP_TABLE_MAX_ADDRESSES) {
    throw new RangeError(
      `a lookup table holds at most ${LOOKUP_TABLE_MAX_ADDRESSES} addresses, not ${input.addresses.length}`,
    );
  }
  const encoder = getStructEncoder([
    ['variant', getU32Encoder()],
    ['addresses', getArrayEncoder(getAddressEncoder(), { size: getU64Encoder() })],
  ]);
  const out: CostedInstruction[] = [];
  for (let i = 0; i < input.addresses.length; i += chunk) {
    const addresses = input.addresses.slice(i, i + chunk);
    const instruction: Instruction = {
      programAddress: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
      accounts: metas([
        { address: input.table, role: AccountRole.WRITABLE },
        {
          address: input.authority.address,
          role: AccountRole.READONLY_SIGNER,
          signer: input.authority,
        },
        { address: input.payer.address, role: AccountRole.WRITABLE_SIGNER, signer: input.payer },
        { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      ]),
      data: encoder.encode({ variant: 2, addresses }),
    };
    out.push({
      instruction,
      costs: [
        { key: 'addressLookupTable.extend' },
        { key: 'addressLookupTable.extendPerAddress', count: addresses.length },
      ],
    });
  }
  return out;
}

/**
 * Every account a vault's user flows (deposit, withdraw_usdc, withdraw_in_kind,
 * pay_redemption) share and no user owns: the vault state, its snapshot, share mint,
 * stablecoin mint, cash buffer, both token programs, the system program, the Clock sysvar
 * (deposit reads the time from its account), then each asset's
 * mint and holding (vault order), then `extra` (accounts the vault does not store, such as the
 * treasury's stablecoin account `withdraw_usdc` pays its fee to). Program ids invoked at the
 * top level stay out: a transaction cannot load them from a table.
 *
 * @example
 * const addresses = await vaultLookupTableAddresses(vault, {}, [treasuryUsdc]);
 */
export async function vaultLookupTableAddresses(
  vault: VaultStateAccount,
  programs: Partial<ProgramAddresses> = {},
  extra: readonly Address[] = [],
): Promise<Address[]> {
  const state = vault.data;
  const assets = state.assets.slice(0, state.assetCount);
  const [[cash], holdings] = await Promise.all([
    findVaultHoldingPda(state.skuId, state.stableMint, programs),
    Promise.all(assets.map((a) => findVaultHoldingPda(state.skuId, a.mint, programs))),
  ]);
  const all = [
    vault.address,
    state.navSnapshot,
    state.shareMint,
    state.stableMint,
    cash,
    TOKEN_PROGRAM_ADDRESS,
    TOKEN_2022_PROGRAM_ADDRESS,
    SYSTEM_PROGRAM,
    SYSVAR_CLOCK_ADDRESS,
    ...assets.flatMap((a, i) => [a.mint, (holdings[i] as readonly [Address, number])[0]]),
    ...extra,
  ];
  return [...new Set(all)];
}

/**
 * Every account of `instructions` a lookup table can carry, deduplicated in order: all but the
 * signers (a signer must be a static key of the message) and the programs the instructions
 * invoke at the top level (a transaction cannot load those from a table). For set-up
 * transactions that exceed a packet before the accounts they create exist, such as
 * `init_vault` (3 assets already need 1,328 bytes) or the rewards `initialize`.
 *
 * @example
 * const init = await getInitVaultInstructionFor(input);
 * const addresses = lookupTableAddressesForInstructions([init.instruction]);
 */
export function lookupTableAddressesForInstructions(
  instructions: readonly Instruction[],
): Address[] {
  const invoked = new Set(instructions.map((i) => i.programAddress));
  const all = instructions.flatMap((i) =>
    (i.accounts ?? [])
      .filter((a) => !isSignerRole(a.role) && !invoked.has(a.address))
      .map((a) => a.address),
  );
  return [...new Set(all)];
}

/**
 * The addresses of `wanted` a table does not hold yet, in `wanted` order: what to extend an
 * existing table with (a table only grows; duplicates are skipped).
 *
 * @example
 * const toAdd = lookupTableAddressesToAdd(table.addresses, await vaultLookupTableAddresses(vault));
 */
export function lookupTableAddressesToAdd(
  existing: readonly Address[],
  wanted: readonly Address[],
): Address[] {
  const held = new Set(existing);
  return [...new Set(wanted)].filter((a) => !held.has(a));
}

/**
 * A decoded lookup table account.
 *
 * @example
 * const { addresses, active } = decodeAddressLookupTable(address, account.data);
 */
export interface AddressLookupTableState {
  readonly address: Address;
  readonly authority: Address | null;
  /** `u64::MAX` while the table is active. */
  readonly deactivationSlot: bigint;
  readonly lastExtendedSlot: bigint;
  readonly active: boolean;
  readonly addresses: readonly Address[];
}

/**
 * Decodes a lookup table account's bytes.
 *
 * @throws {SdkError} `SDK_ERROR__ACCOUNT_DECODE_FAILED` when the bytes are not a lookup table.
 * @example
 * const table = decodeAddressLookupTable(address, account.data);
 */
export function decodeAddressLookupTable(
  address: Address,
  data: Uint8Array,
): AddressLookupTableState {
  const fail = (reason: string): never => {
    throw new SdkError(SDK_ERROR__ACCOUNT_DECODE_FAILED, { address, reason });
  };
  if (data.length < LOOKUP_TABLE_META_SIZE) fail('shorter than the 56-byte lookup table header');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== 1) fail('state tag is not 1 (lookup table)');
  if ((data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0)
    fail('address area is not 32-byte aligned');
  const u64 = getU64Decoder();
  const deactivationSlot = u64.decode(data, 4);
  const tag = data[21];
  if (tag !== 0 && tag !== 1) fail(`authority option tag ${tag} is not 0 or 1`);
  const decoder = getAddressDecoder();
  const addresses: Address[] = [];
  for (let at = LOOKUP_TABLE_META_SIZE; at < data.length; at += 32) {
    addresses.push(decoder.decode(data, at));
  }
  return {
    address,
    authority: tag === 1 ? decoder.decode(data, 22) : null,
    deactivationSlot,
    lastExtendedSlot: u64.decode(data, 12),
    active: deactivationSlot === U64_MAX,
    addresses,
  };
}

/**
 * Reads lookup tables in one batched call and returns them in the shape
 * `buildTransactionMessage({ addressLookupTables })` takes.
 *
 * @throws {SdkError} `SDK_ERROR__ACCOUNT_NOT_FOUND` for a missing table,
 * `SDK_ERROR__ACCOUNT_DECODE_FAILED` for an account that is not one.
 * @example
 * const addressLookupTables = await fetchAddressLookupTables(rpc, [table]);
 * const message = buildTransactionMessage({ feePayer, lifetime, instructions, addressLookupTables });
 */
export async function fetchAddressLookupTables(
  rpc: GetMultipleAccountsRpc,
  tables: readonly Address[],
  options: ReadAccountsOptions = {},
): Promise<AddressesByLookupTableAddress> {
  const { accounts } = await fetchEncodedAccountsBatched(rpc, tables, options);
  const out: Record<Address, Address[]> = {};
  for (const account of accounts) {
    if (!account.exists)
      throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: account.address });
    if (account.programAddress !== ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS) {
      throw new SdkError(SDK_ERROR__ACCOUNT_DECODE_FAILED, {
        address: account.address,
        reason: `owned by ${account.programAddress}, not the lookup-table program`,
      });
    }
    out[account.address] = [...decodeAddressLookupTable(account.address, account.data).addresses];
  }
  return out;
}
