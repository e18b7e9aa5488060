/**
 * Transfer-hook extra accounts, resolved from a mint's extra-account-meta list as Token-2022
 * resolves them (spl-transfer-hook-interface): the hook program named in the mint's
 * TransferHook extension, its validation account `["extra-account-metas", mint]`, and every
 * extra account the list names. The vault forwards whatever follows an instruction's own
 * accounts to each stock transfer (withdraw_in_kind, pay_redemption, rebalance_leg), so a
 * builder appends these and Token-2022 finds them by address.
 *
 * Supported metas: a fixed address (discriminator 0) and a PDA of the hook program
 * (discriminator 1) or of an earlier account (128 + index) with literal, instruction-data and
 * account-key seeds. Account-data seeds are refused with a typed error.
 */

import {
  type AccountMeta,
  AccountRole,
  type Address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
  type Instruction,
} from '@solana/kit';
import {
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  type ReadAccountsOptions,
} from './account-reader.ts';
import { mintExtension } from './mint-extensions.ts';
import {
  SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS,
  SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED,
  SdkError,
} from './sdk-errors.ts';

/** Token-2022 extension type of TransferHook (authority 32 bytes, program id 32 bytes). */
const TRANSFER_HOOK_EXTENSION = 14;
/**
 * The vault forwards at most this many hook accounts to one transfer.
 *
 * @example
 * if (hookAccounts.length > MAX_VAULT_HOOK_ACCOUNTS) splitTheWithdrawal();
 */
export const MAX_VAULT_HOOK_ACCOUNTS = 8;

const addressDecoder = getAddressDecoder();
const addressEncoder = getAddressEncoder();
const ZERO = '11111111111111111111111111111111' as Address;

/**
 * The hook program set on a Token-2022 mint, or `null` (no TransferHook extension, or none set).
 *
 * @example
 * const program = transferHookProgramOf(mintAccount.data);
 */
export function transferHookProgramOf(mintData: Uint8Array): Address | null {
  const hook = mintExtension(mintData, TRANSFER_HOOK_EXTENSION);
  if (hook === null || hook.length < 64) return null;
  const program = addressDecoder.decode(hook.subarray(32, 64));
  return program === ZERO ? null : program;
}

/**
 * Reads one account's data, or `null` if it does not exist (RPC or LiteSVM).
 *
 * @example
 * const fetch: AccountDataFetcher = async (a) => { const i = svm.getAccount(a); return i.exists ? Uint8Array.from(i.data) : null; };
 */
export type AccountDataFetcher = (address: Address) => Promise<Uint8Array | null>;

/**
 * The transfer a hook's accounts are resolved for.
 *
 * @example
 * const input: HookedTransferInput = { mint, mintData, source: holding, destination, authority: vault, amount: 5n };
 */
export interface HookedTransferInput {
  mint: Address;
  mintData: Uint8Array;
  source: Address;
  destination: Address;
  authority: Address;
  amount: bigint;
}

/**
 * The bump of a hook's validation account `["extra-account-metas", mint]` under `program`:
 * Token-2022 and a hook that checks the account each search it from 255 down on every
 * transfer, so it prices the transfer (`hookedTransferCosts`).
 *
 * @example
 * const bump = await transferHookValidationBump(hookProgram, mint);
 */
export async function transferHookValidationBump(program: Address, mint: Address): Promise<number> {
  const [, bump] = await getProgramDerivedAddress({
    programAddress: program,
    seeds: [getUtf8Encoder().encode('extra-account-metas'), addressEncoder.encode(mint)],
  });
  return bump;
}

/**
 * A transfer's hook: its program, the bump of its validation account (Token-2022 and a hook
 * that checks the account each search it on chain, so it prices the transfer) and the
 * accounts the transfer needs after its four own (the extra accounts, the program, the
 * validation account).
 *
 * @example
 * const hook: ResolvedTransferHook = { program, validationBump: 254, accounts };
 */
export interface ResolvedTransferHook {
  program: Address;
  validationBump: number;
  accounts: AccountMeta[];
}

/**
 * The hook of one transfer of a hooked mint, or `null` when the mint has no hook set.
 *
 * @example
 * const hook = await resolveTransferHook({ mint, mintData, source: holding, destination, authority: vault, amount }, fetchData);
 * const costs = hook ? hookedTransferCosts([hook.validationBump]) : [];
 */
export async function resolveTransferHook(
  input: HookedTransferInput,
  fetch: AccountDataFetcher,
): Promise<ResolvedTransferHook | null> {
  const program = transferHookProgramOf(input.mintData);
  if (program === null) return null;
  const [validation, validationBump] = await getProgramDerivedAddress({
    programAddress: program,
    seeds: [getUtf8Encoder().encode('extra-account-metas'), addressEncoder.encode(input.mint)],
  });
  const data = await fetch(validation);
  const metas: AccountMeta[] = [];
  if (data !== null) {
    const amount = new Uint8Array(8);
    new DataView(amount.buffer).setBigUint64(0, input.amount, true);
    const instructionData = Uint8Array.from([105, 37, 101, 197, 75, 251, 102, 26, ...amount]);
    const known: Address[] = [
      input.source,
      input.mint,
      input.destination,
      input.authority,
      validation,
    ];
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const count = view.getUint32(12, true);
    for (let i = 0; i < count; i++) {
      const at = 16 + i * 35;
      const meta = data.subarray(at, at + 35);
      const address = await resolveMeta(meta, { program, known, instructionData });
      known.push(address);
      const signer = meta[33] === 1;
      const writable = meta[34] === 1;
      metas.push({
        address,
        role: writable
          ? signer
            ? AccountRole.WRITABLE_SIGNER
            : AccountRole.WRITABLE
          : signer
            ? AccountRole.READONLY_SIGNER
            : AccountRole.READONLY,
      });
    }
  }
  return {
    program,
    validationBump,
    accounts: [
      ...metas,
      { address: program, role: AccountRole.READONLY },
      { address: validation, role: AccountRole.READONLY },
    ],
  };
}

/**
 * The accounts a transfer of a hooked mint needs after its four own: the extra accounts,
 * the hook program and its validation account. Empty when the mint has no hook set.
 *
 * @example
 * const hook = await resolveTransferHookAccounts({ mint, mintData, source: holding, destination, authority: vault, amount }, fetchData);
 */
export async function resolveTransferHookAccounts(
  input: HookedTransferInput,
  fetch: AccountDataFetcher,
): Promise<AccountMeta[]> {
  return (await resolveTransferHook(input, fetch))?.accounts ?? [];
}

/**
 * The validation-account bump of each of `mints`' transfers whose hook accounts are among
 * `hookAccounts` (a mint's validation account `["extra-account-metas", mint]` of a program
 * also listed there), in the order of `mints`; a mint none of whose hook is listed runs no
 * hook here and is left out. For builders handed merged hook accounts.
 *
 * @example
 * const bumps = await hookValidationBumps([mintA, mintB], hookAccounts);
 * const costs = hookedTransferCosts(bumps);
 */
export async function hookValidationBumps(
  mints: readonly Address[],
  hookAccounts: readonly AccountMeta[],
): Promise<number[]> {
  const listed = new Set(hookAccounts.map((m) => m.address));
  const bumps: number[] = [];
  for (const mint of mints) {
    for (const program of listed) {
      const [validation, bump] = await getProgramDerivedAddress({
        programAddress: program,
        seeds: [getUtf8Encoder().encode('extra-account-metas'), addressEncoder.encode(mint)],
      });
      if (listed.has(validation)) {
        bumps.push(bump);
        break;
      }
    }
  }
  return bumps;
}

async function resolveMeta(
  meta: Uint8Array,
  ctx: { program: Address; known: Address[]; instructionData: Uint8Array },
): Promise<Address> {
  const kind = meta[0] as number;
  const config = meta.subarray(1, 33);
  if (kind === 0) return addressDecoder.decode(config);
  const owner = kind === 1 ? ctx.program : ctx.known[kind - 128];
  if (owner === undefined || (kind !== 1 && kind < 128)) {
    throw new SdkError(SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED, {
      reason: `extra account meta kind ${kind}`,
    });
  }
  const seeds: Uint8Array[] = [];
  for (let at = 0; at < config.length && config[at] !== 0; ) {
    const tag = config[at] as number;
    if (tag === 1) {
      const len = config[at + 1] as number;
      seeds.push(config.slice(at + 2, at + 2 + len));
      at += 2 + len;
    } else if (tag === 2) {
      const index = config[at + 1] as number;
      const len = config[at + 2] as number;
      seeds.push(ctx.instructionData.slice(index, index + len));
      at += 3;
    } else if (tag === 3) {
      const key = ctx.known[config[at + 1] as number];
      if (key === undefined) {
        throw new SdkError(SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED, { reason: 'seed account index' });
      }
      seeds.push(Uint8Array.from(addressEncoder.encode(key)));
      at += 2;
    } else {
      throw new SdkError(SDK_ERROR__TRANSFER_HOOK_UNSUPPORTED, { reason: `seed kind ${tag}` });
    }
  }
  const [address] = await getProgramDerivedAddress({ programAddress: owner, seeds });
  return address;
}

/**
 * Appends hook accounts to a vault instruction (withdraw_in_kind, pay_redemption,
 * rebalance_leg), each address once with the strongest role asked for.
 *
 * @example
 * const ix = withVaultHookAccounts(instruction, [...hookOfMintA, ...hookOfMintB]);
 */
export function withVaultHookAccounts<T extends Instruction>(
  ix: T,
  hookAccounts: readonly AccountMeta[],
): T {
  const merged: AccountMeta[] = [];
  for (const meta of hookAccounts) {
    const at = merged.findIndex((m) => m.address === meta.address);
    if (at < 0) merged.push(meta);
    else merged[at] = { ...merged[at], role: (merged[at]?.role ?? 0) | meta.role } as AccountMeta;
  }
  if (merged.length > MAX_VAULT_HOOK_ACCOUNTS) {
    throw new SdkError(SDK_ERROR__TOO_MANY_HOOK_ACCOUNTS, {
      count: merged.length,
      max: MAX_VAULT_HOOK_ACCOUNTS,
    });
  }
  if (merged.length === 0) return ix;
  return Object.freeze({ ...ix, accounts: [...(ix.accounts ?? []), ...merged] });
}

/**
 * An {@link AccountDataFetcher} over an RPC's `getMultipleAccounts` (what every SDK read uses,
 * so LiteSVM's adapter answers it too).
 *
 * @example
 * const fetch = rpcAccountData(rpc, { commitment: 'confirmed' });
 */
export function rpcAccountData(
  rpc: GetMultipleAccountsRpc,
  options: ReadAccountsOptions = {},
): AccountDataFetcher {
  return async (address) => {
    const { accounts } = await fetchEncodedAccountsBatched(rpc, [address], options);
    const account = accounts[0];
    return account?.exists ? Uint8Array.from(account.data) : null;
  };
}

/**
 * {@link resolveTransferHookAccounts} reading the mint itself: empty for a mint that is not
 * Token-2022, has no hook set, or does not exist.
 *
 * @example
 * const hook = await resolveMintTransferHookAccounts({ mint, source, destination, authority, amount }, rpcAccountData(rpc));
 */
export async function resolveMintTransferHookAccounts(
  input: Omit<HookedTransferInput, 'mintData'>,
  fetch: AccountDataFetcher,
): Promise<AccountMeta[]> {
  const mintData = await fetch(input.mint);
  if (mintData === null) return [];
  return resolveTransferHookAccounts({ ...input, mintData }, fetch);
}

/**
 * The hook accounts of a rewards `claim`: one transfer per reward mint, from the epoch's
 * holding to the claimant's destination with the epoch account as authority, how many of
 * those transfers run a hook and each one's validation bump (pass `hookAccounts` to
 * `getClaimInstructionWithHooksFor`, which prices them from the bumps it derives).
 *
 * @example
 * const { hookAccounts, hookedTransfers } = await resolveClaimHookAccounts({ epoch: epochAddress, rewards: epoch.rewards, destinations, amounts }, rpcAccountData(rpc));
 */
export async function resolveClaimHookAccounts(
  input: {
    /** The epoch account (the holdings' owner, the transfers' authority). */
    epoch: Address;
    /** The epoch's reward slots, in its order (at least as many as `destinations`). */
    rewards: readonly { mint: Address; holding: Address }[];
    destinations: readonly Address[];
    amounts: readonly bigint[];
  },
  fetch: AccountDataFetcher,
): Promise<HookedTransfers> {
  const hookAccounts: AccountMeta[] = [];
  const validationBumps: number[] = [];
  for (const [i, destination] of input.destinations.entries()) {
    const reward = input.rewards[i];
    if (!reward) continue;
    const mintData = await fetch(reward.mint);
    if (mintData === null) continue;
    const hook = await resolveTransferHook(
      {
        mint: reward.mint,
        mintData,
        source: reward.holding,
        destination,
        authority: input.epoch,
        amount: input.amounts[i] ?? 0n,
      },
      fetch,
    );
    if (hook === null) continue;
    validationBumps.push(hook.validationBump);
    hookAccounts.push(...hook.accounts);
  }
  return { hookAccounts, hookedTransfers: validationBumps.length, validationBumps };
}

/**
 * The hook accounts of several transfers, how many of them run a hook and the bump of each
 * one's validation account (what prices it: `hookedTransferCosts(validationBumps)`).
 *
 * @example
 * const none: HookedTransfers = { hookAccounts: [], hookedTransfers: 0, validationBumps: [] };
 */
export interface HookedTransfers {
  hookAccounts: AccountMeta[];
  hookedTransfers: number;
  validationBumps: number[];
}
