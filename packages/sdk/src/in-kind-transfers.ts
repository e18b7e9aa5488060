/**
 * Whether each in-kind slice can move now, read the way the vault program decides
 * (`programs/vault/src/holdings.rs`, `blocked`): a frozen holding (token account state byte
 * 108 == 2) or a paused mint (Pausable extension flag) makes the program skip the slice
 * (`InKindNotPaid`: it stays in the book, with the other holders); a frozen destination makes
 * Token-2022 refuse the transfer, which fails the whole instruction. The destination counts
 * as frozen when it exists frozen, or when it does not exist yet and its mint creates every
 * new account frozen (DefaultAccountState = Frozen): the ATA the builder creates would be.
 */

import type { Address } from '@solana/kit';
import {
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  type ReadAccountsOptions,
} from './account-reader.ts';
import { findAssociatedTokenAddress } from './associated-token-accounts.ts';
import { mintExtension } from './mint-extensions.ts';
import { tokenAccountAmount } from './real-balances.ts';
import { tokenProgramAddress } from './token-programs.ts';
import type { VaultStateAccount } from './vault-instructions.ts';

/** Token-2022 extension types read here. */
const DEFAULT_ACCOUNT_STATE_EXTENSION = 6;
const PAUSABLE_EXTENSION = 26;
/** Token account state byte: 1 initialized, 2 frozen (both token programs). */
const STATE_OFFSET = 108;
const STATE_FROZEN = 2;

/**
 * Why an in-kind slice is not paid: the issuer froze the vault's holding or paused the mint
 * (the program skips the slice), or the receiving account is frozen (Token-2022 refuses).
 *
 * @example
 * const reason: UnpaidReason = 'MintPaused';
 */
export type UnpaidReason = 'HoldingFrozen' | 'MintPaused' | 'DestinationFrozen';

/**
 * One slot a withdrawal or payment would not pay: which, why, and the raw amount.
 *
 * @example
 * for (const u of quote.unpaid) console.log(u.slot, u.mint, u.reason, u.amountRaw);
 */
export interface UnpaidSlot {
  readonly slot: number;
  readonly mint: Address;
  readonly reason: UnpaidReason;
  readonly amountRaw: bigint;
}

/**
 * One asset slot's transfer as read now: the mint (its data for the transfer hook), the
 * vault's holding and the receiving account.
 *
 * @example
 * if (t.holdingFrozen) console.log(`${t.mint} is frozen in the vault`);
 */
export interface InKindAssetTransfer {
  readonly slot: number;
  readonly mint: Address;
  /** The mint's account data, or null when it does not exist. */
  readonly mintData: Uint8Array | null;
  readonly holding: Address;
  /** The holding's raw balance, or null when it does not exist. */
  readonly holdingBalance: bigint | null;
  readonly holdingFrozen: boolean;
  readonly mintPaused: boolean;
  readonly destination: Address;
  readonly destinationExists: boolean;
  /** Exists frozen, or would be created frozen (the mint's default account state). */
  readonly destinationFrozen: boolean;
}

/**
 * The transfers of an in-kind payout to `owner`, one per asset slot read.
 *
 * @example
 * const transfers = await readInKindTransfers(rpc, vault, wallet.address);
 */
export interface InKindTransfers {
  readonly owner: Address;
  readonly assets: readonly InKindAssetTransfer[];
}

/**
 * Whether a mint's Pausable extension says paused (authority 32 bytes, then the flag).
 *
 * @example
 * if (mintPaused(mintData)) showPausedBanner();
 */
export function mintPaused(data: Uint8Array): boolean {
  return mintExtension(data, PAUSABLE_EXTENSION)?.[32] === 1;
}

/**
 * Whether a mint creates every new token account frozen (DefaultAccountState = Frozen).
 *
 * @example
 * if (mintCreatesFrozenAccounts(mintData)) askTheIssuerToThaw();
 */
export function mintCreatesFrozenAccounts(data: Uint8Array): boolean {
  return mintExtension(data, DEFAULT_ACCOUNT_STATE_EXTENSION)?.[0] === STATE_FROZEN;
}

/**
 * Whether a token account's state byte says frozen (false for missing or short data).
 *
 * @example
 * tokenAccountFrozen(account.data); // true after the issuer's freeze
 */
export function tokenAccountFrozen(data: Uint8Array | null | undefined): boolean {
  return !!data && data.length > STATE_OFFSET && data[STATE_OFFSET] === STATE_FROZEN;
}

/**
 * Why this slot's slice would not be paid now, in the program's order (holding frozen, mint
 * paused, then the transfer into the destination), or null when it moves.
 *
 * @example
 * const reason = unpaidReason(transfers.assets[0]);
 */
export function unpaidReason(t: InKindAssetTransfer): UnpaidReason | null {
  if (t.holdingFrozen) return 'HoldingFrozen';
  if (t.mintPaused) return 'MintPaused';
  if (t.destinationFrozen) return 'DestinationFrozen';
  return null;
}

/**
 * Whether the program itself skips a slice for this reason (the instruction still lands);
 * a frozen destination instead fails the whole instruction.
 *
 * @example
 * skippedByProgram('MintPaused'); // true
 */
export function skippedByProgram(reason: UnpaidReason): boolean {
  return reason !== 'DestinationFrozen';
}

/**
 * Reads the mints, the vault's holdings and `owner`'s ATAs of the given slots (default every
 * asset) in one batched `getMultipleAccounts` call.
 *
 * @example
 * const transfers = await readInKindTransfers(rpc, vault, wallet.address, { commitment: 'confirmed' });
 */
export async function readInKindTransfers(
  rpc: GetMultipleAccountsRpc,
  vault: VaultStateAccount,
  owner: Address,
  options: ReadAccountsOptions & { slots?: readonly number[] } = {},
): Promise<InKindTransfers> {
  const state = vault.data;
  const slots = options.slots ?? Array.from({ length: state.assetCount }, (_, i) => i);
  const entries = slots.map((slot) => {
    const asset = state.assets[slot];
    if (!asset || slot >= state.assetCount) {
      throw new RangeError(`slot ${slot} is not an asset of the vault`);
    }
    return { slot, asset };
  });
  const destinations = await Promise.all(
    entries.map(({ asset }) =>
      findAssociatedTokenAddress({
        owner,
        mint: asset.mint,
        tokenProgram: tokenProgramAddress(asset.tokenProgram),
      }),
    ),
  );
  const addresses = entries.flatMap(({ asset }, i) => [
    asset.mint,
    asset.holding,
    destinations[i] as Address,
  ]);
  const { accounts } = await fetchEncodedAccountsBatched(rpc, addresses, options);
  const byAddress = new Map(accounts.map((a) => [a.address, a]));
  const dataOf = (address: Address) => {
    const account = byAddress.get(address);
    return account?.exists ? Uint8Array.from(account.data) : null;
  };
  return {
    owner,
    assets: entries.map(({ slot, asset }, i) => {
      const destination = destinations[i] as Address;
      const mintData = dataOf(asset.mint);
      const holdingData = dataOf(asset.holding);
      const destinationData = dataOf(destination);
      const createdFrozen = mintData !== null && mintCreatesFrozenAccounts(mintData);
      return {
        slot,
        mint: asset.mint,
        mintData,
        holding: asset.holding,
        holdingBalance: tokenAccountAmount(holdingData),
        holdingFrozen: tokenAccountFrozen(holdingData),
        mintPaused: mintData !== null && mintPaused(mintData),
        destination,
        destinationExists: destinationData !== null,
        destinationFrozen:
          destinationData === null ? createdFrozen : tokenAccountFrozen(destinationData),
      };
    }),
  };
}
