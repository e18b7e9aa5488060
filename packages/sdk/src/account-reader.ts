/**
 * Batched account reads: one `getMultipleAccounts` call per batch of up to 100 addresses, never
 * one call per account. Batches run concurrently; duplicate addresses are fetched once.
 */

import {
  type Address,
  type Commitment,
  type EncodedAccount,
  type MaybeEncodedAccount,
  parseBase64RpcAccount,
} from '@solana/kit';

/**
 * Largest number of addresses `getMultipleAccounts` accepts in one call.
 *
 * @example
 * MAX_ACCOUNTS_PER_CALL; // 100
 */
export const MAX_ACCOUNTS_PER_CALL = 100;

type Base64RpcAccount = Parameters<typeof parseBase64RpcAccount>[1];

/**
 * The part of an RPC client the reader needs (a kit `Rpc<GetMultipleAccountsApi>` satisfies it).
 *
 * @example
 * const rpc: GetMultipleAccountsRpc = createSolanaRpc(url);
 */
export interface GetMultipleAccountsRpc {
  /** The RPC method `getMultipleAccounts` (at most 100 addresses per call). */
  getMultipleAccounts(
    addresses: Address[],
    config: { encoding: 'base64'; commitment?: Commitment },
  ): {
    /** Sends the request. */
    send(options?: { abortSignal?: AbortSignal }): Promise<{
      readonly context: { readonly slot: bigint };
      readonly value: readonly (Base64RpcAccount | null)[];
    }>;
  };
}

/**
 * Options of the batched reader.
 *
 * @example
 * const options: ReadAccountsOptions = { commitment: 'confirmed' };
 */
export interface ReadAccountsOptions {
  readonly commitment?: Commitment;
  readonly abortSignal?: AbortSignal;
  /** Addresses per call, 1-100 (default 100). */
  readonly batchSize?: number;
}

/**
 * Fetches many accounts with one `getMultipleAccounts` call per batch of up to 100 distinct
 * addresses, in input order (duplicates share one fetch). Also returns the lowest context slot
 * of the batches, so callers can tell how fresh the whole read is.
 *
 * @example
 * const { accounts } = await fetchEncodedAccountsBatched(rpc, [vaultState, navSnapshot]);
 */
export async function fetchEncodedAccountsBatched(
  rpc: GetMultipleAccountsRpc,
  addresses: readonly Address[],
  options: ReadAccountsOptions = {},
): Promise<{ accounts: MaybeEncodedAccount[]; slot: bigint | null }> {
  const batchSize = options.batchSize ?? MAX_ACCOUNTS_PER_CALL;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_ACCOUNTS_PER_CALL) {
    throw new RangeError(`batchSize must be an integer 1-${MAX_ACCOUNTS_PER_CALL}`);
  }
  const unique = [...new Set(addresses)];
  const batches: Address[][] = [];
  for (let i = 0; i < unique.length; i += batchSize) batches.push(unique.slice(i, i + batchSize));
  const config = {
    encoding: 'base64' as const,
    ...(options.commitment ? { commitment: options.commitment } : {}),
  };
  const send = options.abortSignal ? { abortSignal: options.abortSignal } : undefined;
  const results = await Promise.all(
    batches.map((batch) => rpc.getMultipleAccounts(batch, config).send(send)),
  );
  const byAddress = new Map<Address, MaybeEncodedAccount>();
  let slot: bigint | null = null;
  results.forEach((result, b) => {
    const batch = batches[b] as Address[];
    if (slot === null || result.context.slot < slot) slot = result.context.slot;
    batch.forEach((address, i) => {
      byAddress.set(address, parseBase64RpcAccount(address, result.value[i] ?? null));
    });
  });
  return { accounts: addresses.map((a) => byAddress.get(a) as MaybeEncodedAccount), slot };
}

/**
 * How to check and decode one account: the expected owner program and a decoder (usually a
 * generated `get<Account>Decoder()` behind a discriminator check, see `account-requests.ts`).
 *
 * @example
 * const request: AccountRequest<NavSnapshot> = navSnapshotAccount(address);
 */
export interface AccountRequest<T> {
  readonly address: Address;
  /** The program that must own the account, or null when the decoder checks it. */
  readonly owner: Address | null;
  /** Checks and decodes the account's data; throws `SdkError` when it is not what it should be. */
  readonly decode: (account: EncodedAccount) => T;
}

/**
 * Decoded result of one {@link AccountRequest}: the data, or `exists: false`.
 *
 * @example
 * if (result.exists) console.log(result.data.sequence);
 */
export type DecodedAccount<T> =
  | {
      readonly exists: true;
      readonly address: Address;
      readonly data: T;
      readonly lamports: bigint;
    }
  | { readonly exists: false; readonly address: Address };

/**
 * Reads and decodes several typed accounts in batched calls, checking each owner.
 *
 * @throws {SdkError} `SDK_ERROR__ACCOUNT_DECODE_FAILED` when an account has the wrong owner or
 * its data does not decode.
 * @example
 * const [vault, snapshot] = await readAccounts(rpc, [vaultStateAccount(a), navSnapshotAccount(b)]);
 */
export async function readAccounts<const R extends readonly AccountRequest<unknown>[]>(
  rpc: GetMultipleAccountsRpc,
  requests: R,
  options: ReadAccountsOptions = {},
): Promise<{ [K in keyof R]: R[K] extends AccountRequest<infer T> ? DecodedAccount<T> : never }> {
  const { accounts } = await fetchEncodedAccountsBatched(
    rpc,
    requests.map((r) => r.address),
    options,
  );
  return requests.map((request, i) =>
    decodeWith(request, accounts[i] as MaybeEncodedAccount),
  ) as never;
}

/**
 * Applies one {@link AccountRequest} to an account already fetched (for callers that batch
 * requests of different types themselves).
 *
 * @example
 * const mint = decodeWith(tokenMintAccount(address), accounts[0]);
 */
export function decodeWith<T>(
  request: AccountRequest<T>,
  account: MaybeEncodedAccount,
): DecodedAccount<T> {
  if (!account.exists) return { exists: false, address: request.address };
  return {
    exists: true,
    address: request.address,
    lamports: account.lamports,
    data: request.decode(account),
  };
}
