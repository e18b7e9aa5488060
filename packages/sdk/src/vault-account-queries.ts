/**
 * The vault program's open per-user accounts, found on chain: withdrawal requests and
 * redemption claims, by vault (the keeper's routers and payer) or by owner (the dapp's lists).
 * One filtered `getProgramAccounts` each (a standard RPC method, no indexer): the account's
 * size, its discriminator byte and the vault's or the owner's address at its offset. Such an
 * account exists exactly while something is pending (the program closes it when done), so the
 * answer needs no history.
 */

import {
  getRedemptionClaimDecoder,
  getWithdrawalRequestDecoder,
  REDEMPTION_CLAIM_DISCRIMINATOR,
  type RedemptionClaim,
  WITHDRAWAL_REQUEST_DISCRIMINATOR,
  type WithdrawalRequest,
} from '@basket/vault-client';
import {
  type Address,
  type Base58EncodedBytes,
  type FixedSizeDecoder,
  type GetProgramAccountsApi,
  getBase58Decoder,
  getBase64Encoder,
  type Rpc,
} from '@solana/kit';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';

/**
 * Which accounts: those of one vault, of one owner, or both.
 *
 * @example
 * const mine: VaultAccountFilter = { owner: wallet };
 */
export type VaultAccountFilter = Readonly<{ vault?: Address; owner?: Address }>;

/**
 * An account found, with its decoded data.
 *
 * @example
 * const [oldest]: FoundAccount<RedemptionClaim>[] = await findRedemptionClaims(rpc, { vault });
 */
export type FoundAccount<T> = Readonly<{ address: Address; data: T }>;

type Layout<T> = Readonly<{
  discriminator: number;
  decoder: FixedSizeDecoder<T>;
  /** Byte offsets of the vault's and the owner's addresses (generated layouts). */
  vault: bigint;
  owner: bigint;
}>;

/**
 * RedemptionClaim: discriminator and 3 bytes of header, vault at 4, owner at 36.
 *
 * @example
 * REDEMPTION_CLAIM_LAYOUT.owner; // 36n
 */
export const REDEMPTION_CLAIM_LAYOUT: Layout<RedemptionClaim> = Object.freeze({
  discriminator: REDEMPTION_CLAIM_DISCRIMINATOR,
  decoder: getRedemptionClaimDecoder(),
  vault: 4n,
  owner: 36n,
});

/**
 * WithdrawalRequest: 8 bytes of header, vault at 8, owner at 40.
 *
 * @example
 * WITHDRAWAL_REQUEST_LAYOUT.vault; // 8n
 */
export const WITHDRAWAL_REQUEST_LAYOUT: Layout<WithdrawalRequest> = Object.freeze({
  discriminator: WITHDRAWAL_REQUEST_DISCRIMINATOR,
  decoder: getWithdrawalRequestDecoder(),
  vault: 8n,
  owner: 40n,
});

async function findAccounts<T>(
  rpc: Rpc<GetProgramAccountsApi>,
  layout: Layout<T>,
  by: VaultAccountFilter,
  programs: Partial<ProgramAddresses>,
): Promise<FoundAccount<T>[]> {
  const b58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes) as Base58EncodedBytes;
  const at = (offset: bigint, address: Address) => ({
    memcmp: { offset, bytes: address as string as Base58EncodedBytes, encoding: 'base58' as const },
  });
  const accounts = await rpc
    .getProgramAccounts(resolveProgramAddresses(programs).vault, {
      encoding: 'base64',
      commitment: 'confirmed',
      filters: [
        { dataSize: BigInt(layout.decoder.fixedSize) },
        {
          memcmp: {
            offset: 0n,
            bytes: b58(Uint8Array.of(layout.discriminator)),
            encoding: 'base58',
          },
        },
        ...(by.vault ? [at(layout.vault, by.vault)] : []),
        ...(by.owner ? [at(layout.owner, by.owner)] : []),
      ],
    })
    .send();
  return accounts.map((a) => ({
    address: a.pubkey,
    data: layout.decoder.decode(getBase64Encoder().encode(a.account.data[0])),
  }));
}

/**
 * Open redemption claims (something still owed), oldest first.
 *
 * @example
 * const claims = await findRedemptionClaims(rpc, { vault });
 */
export async function findRedemptionClaims(
  rpc: Rpc<GetProgramAccountsApi>,
  by: VaultAccountFilter,
  programs: Partial<ProgramAddresses> = {},
): Promise<FoundAccount<RedemptionClaim>[]> {
  const found = await findAccounts(rpc, REDEMPTION_CLAIM_LAYOUT, by, programs);
  return found.sort((x, y) => compare(x.data.createdAt, y.data.createdAt));
}

/**
 * Pending stablecoin withdrawal requests, oldest first.
 *
 * @example
 * const requests = await findWithdrawalRequests(rpc, { owner: wallet });
 */
export async function findWithdrawalRequests(
  rpc: Rpc<GetProgramAccountsApi>,
  by: VaultAccountFilter,
  programs: Partial<ProgramAddresses> = {},
): Promise<FoundAccount<WithdrawalRequest>[]> {
  const found = await findAccounts(rpc, WITHDRAWAL_REQUEST_LAYOUT, by, programs);
  return found.sort((x, y) => compare(x.data.requestedAt, y.data.requestedAt));
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
