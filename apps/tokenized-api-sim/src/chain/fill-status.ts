// A quote's three status axes, following its fill on chain (spec: States and transitions).
import type { Signature } from '@solana/kit';
import type { QuoteStatuses } from '../quote-book.ts';
import type { WorldChain } from './world-chain.ts';

/** Where a fill is: not seen, seen (processed), landed, failed, or never able to land. */
export type FillState = 'pending' | 'submitted' | 'landed' | 'failed' | 'expired';

const AXES: Record<FillState, QuoteStatuses> = {
  pending: {
    generalStatus: 'Provided',
    hedgingStatus: 'NotStarted',
    blockchainStatus: 'PendingExecution',
  },
  submitted: {
    generalStatus: 'Accepted',
    hedgingStatus: 'InProgress',
    blockchainStatus: 'PendingExecution',
  },
  landed: { generalStatus: 'Completed', hedgingStatus: 'Succeeded', blockchainStatus: 'Executed' },
  failed: { generalStatus: 'Cancelled', hedgingStatus: 'Unwound', blockchainStatus: 'Failed' },
  expired: {
    generalStatus: 'Expired',
    hedgingStatus: 'NotStarted',
    blockchainStatus: 'ExpiredExecution',
  },
};

/**
 * The status axes of a fill state.
 *
 * @example
 * statusesOf('landed').generalStatus; // 'Completed'
 */
export function statusesOf(state: FillState): QuoteStatuses {
  return AXES[state];
}

/**
 * Reads where the fill is: its signature's status (history included), else whether the
 * cluster's block height has passed the blockhash's last valid height (it can never land).
 *
 * @example
 * const state = await fillState(world, fill.signature, fill.lastValidBlockHeight);
 */
export async function fillState(
  world: WorldChain,
  signature: string,
  lastValidBlockHeight: bigint,
): Promise<FillState> {
  // Height first: a fill not seen at a height past its last valid one can never be seen.
  const height = await world.rpc.getBlockHeight({ commitment: 'confirmed' }).send();
  const { value } = await world.rpc
    .getSignatureStatuses([signature as Signature], { searchTransactionHistory: true })
    .send();
  const status = value[0];
  if (status) {
    if (status.err !== null) return 'failed';
    return status.confirmationStatus === 'processed' ? 'submitted' : 'landed';
  }
  return height > lastValidBlockHeight ? 'expired' : 'pending';
}

/** True once a state cannot change any more. */
export const isFinalFillState = (state: FillState) =>
  state === 'landed' || state === 'failed' || state === 'expired';
