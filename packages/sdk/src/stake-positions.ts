/**
 * A staker's positions in the rewards program: the rewards config, the Clock sysvar and the
 * stake records `["stake", owner, i]` for the first `count` indices in one batch, then the
 * staking mint (named by the config) for display.
 */

import { findStakeRecordPda, type StakeRecord } from '@basket/rewards-client';
import type { Address, MaybeEncodedAccount } from '@solana/kit';
import {
  decodeWith,
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  MAX_ACCOUNTS_PER_CALL,
  type ReadAccountsOptions,
} from './account-reader.ts';
import {
  clockSysvarAccount,
  rewardsConfigAccount,
  stakeRecordAccount,
  tokenMintAccount,
} from './account-requests.ts';
import { formatDecimalAmount } from './decimal-amount.ts';
import { findRewardsConfigAddress } from './pdas.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { amountToUiAmount } from './scaled-ui-amount.ts';
import { SDK_ERROR__ACCOUNT_NOT_FOUND, SdkError } from './sdk-errors.ts';

/**
 * One stake record of the owner.
 *
 * @example
 * for (const p of positions) console.log(p.stakeIndex, p.uiAmount, p.unlocked);
 */
export interface StakePosition {
  readonly address: Address;
  readonly stakeIndex: bigint;
  readonly record: StakeRecord;
  /** The staked amount as wallets show it (ScaledUiAmount applied at `now`). */
  readonly uiAmount: string;
  readonly withdrawn: boolean;
  /** Whether `unstake` is allowed at `now` (the unlock second itself is free). */
  readonly unlocked: boolean;
}

/**
 * What {@link getStakePositions} returns.
 *
 * @example
 * const { positions, nextStakeIndex } = await getStakePositions(rpc, wallet.address);
 */
export interface StakePositions {
  readonly owner: Address;
  /** The cluster's unix time the positions were evaluated at. */
  readonly now: bigint;
  readonly positions: readonly StakePosition[];
  /** The first index in the scanned range without a record: the index for a new stake. */
  readonly nextStakeIndex: bigint | null;
}

/**
 * Reads `owner`'s stake records at indices `0..count-1` (default 32, at most 98 so the first
 * batch stays one call) with the config and the Clock, then the staking mint: two
 * `getMultipleAccounts` calls.
 *
 * @example
 * const { positions, nextStakeIndex } = await getStakePositions(rpc, wallet.address);
 * const stake = await getStakeInstructionFor({ ..., stakeIndex: nextStakeIndex ?? 0n });
 */
export async function getStakePositions(
  rpc: GetMultipleAccountsRpc,
  owner: Address,
  options: ReadAccountsOptions & { count?: number; programs?: Partial<ProgramAddresses> } = {},
): Promise<StakePositions> {
  const count = options.count ?? 32;
  if (!Number.isInteger(count) || count < 1 || count > MAX_ACCOUNTS_PER_CALL - 2) {
    throw new RangeError(`count must be an integer 1-${MAX_ACCOUNTS_PER_CALL - 2}`);
  }
  const programs = resolveProgramAddresses(options.programs);
  const configAddress = await findRewardsConfigAddress(programs);
  const records = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      findStakeRecordPda({ owner, stakeIndex: BigInt(i) }, { programAddress: programs.rewards }),
    ),
  );
  const configRequest = rewardsConfigAccount(configAddress, programs);
  const recordRequests = records.map(([address]) => stakeRecordAccount(address, programs));
  const clockRequest = clockSysvarAccount();
  const first = await fetchEncodedAccountsBatched(
    rpc,
    [configRequest.address, clockRequest.address, ...recordRequests.map((r) => r.address)],
    options,
  );
  const config = decodeWith(configRequest, first.accounts[0] as MaybeEncodedAccount);
  if (!config.exists) throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: configAddress });
  const clock = decodeWith(clockRequest, first.accounts[1] as MaybeEncodedAccount);
  const now = clock.exists ? clock.data.unixTimestamp : BigInt(Math.floor(Date.now() / 1000));
  const mintRequest = tokenMintAccount(config.data.stakingMint);
  const second = await fetchEncodedAccountsBatched(rpc, [mintRequest.address], options);
  const mint = decodeWith(mintRequest, second.accounts[0] as MaybeEncodedAccount);
  if (!mint.exists) {
    throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: config.data.stakingMint });
  }
  const positions: StakePosition[] = [];
  let nextStakeIndex: bigint | null = null;
  recordRequests.forEach((request, i) => {
    const decoded = decodeWith(request, first.accounts[i + 2] as MaybeEncodedAccount);
    if (!decoded.exists) {
      nextStakeIndex ??= BigInt(i);
      return;
    }
    const record = decoded.data;
    const { decimals, scaledUiAmount } = mint.data;
    positions.push({
      address: decoded.address,
      stakeIndex: record.stakeIndex,
      record,
      uiAmount: scaledUiAmount
        ? amountToUiAmount(record.amount, decimals, scaledUiAmount, now)
        : formatDecimalAmount(record.amount, decimals),
      withdrawn: record.withdrawn !== 0,
      unlocked: now >= record.unlockTs,
    });
  });
  return { owner, now, positions, nextStakeIndex };
}
