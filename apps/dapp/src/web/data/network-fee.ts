// The network fee a user's transaction pays, decided before the wallet is asked to sign: the
// SDK's priority-fee policy over the accounts the transaction writes, capped for a user's
// transaction, plus the signature fee. The same price goes into the message, so the fee shown
// is the fee paid.
import {
  type CostedInstruction,
  createPriorityFeeEstimator,
  DEFAULT_PRIORITY_FEE_POLICY,
  type PriorityFeeDecision,
} from '@basket/sdk';
import type { DappContext } from './context.ts';

/** A user's transaction pays at most this much priority fee (0.00005 SOL). */
export const USER_PRIORITY_FEE_CAP_LAMPORTS = 50_000n;

/** What the user is shown before signing. */
export type NetworkFee = Pick<
  PriorityFeeDecision,
  'microLamportsPerCu' | 'priorityLamports' | 'totalLamports'
>;

/** The fee for `instructions` now (one signature: the user's). */
export async function decideNetworkFee(
  ctx: Pick<DappContext, 'rpc'>,
  instructions: readonly CostedInstruction[],
): Promise<NetworkFee> {
  const estimator = createPriorityFeeEstimator({
    rpc: ctx.rpc,
    policy: DEFAULT_PRIORITY_FEE_POLICY,
  });
  const fee = await estimator.decide({
    instructions,
    capLamports: USER_PRIORITY_FEE_CAP_LAMPORTS,
    attempt: 0,
    signatures: 1,
  });
  return {
    microLamportsPerCu: fee.microLamportsPerCu,
    priorityLamports: fee.priorityLamports,
    totalLamports: fee.totalLamports,
  };
}
