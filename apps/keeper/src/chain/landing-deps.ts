// The resilient sender's I/O over the keeper's RPC: sends without the RPC's own retries (the
// sender re-sends), preflight on a version's first send only, statuses searched in history,
// the block height at the send's commitment, and WebSocket notifications to wake early.
import {
  failureFromSendError,
  type LandingDeps,
  type ProgramAddresses,
  signatureNotifier,
} from '@basket/sdk';
import type { Address, Commitment } from '@solana/kit';
import type { createLimitedRpc, createSubscriptions } from './rpc.ts';

type Rpc = ReturnType<typeof createLimitedRpc>['rpc'];

/**
 * @example
 * const deps = landingDeps(rpc, subscriptions, 'confirmed', programs, config.programs);
 */
export function landingDeps(
  rpc: Rpc,
  subscriptions: ReturnType<typeof createSubscriptions>,
  commitment: Commitment,
  instructionPrograms: readonly Address[],
  programs: ProgramAddresses,
  onSendError: (error: unknown) => void = () => {},
): LandingDeps {
  return {
    async sendWire(wire, resend) {
      await rpc
        .sendTransaction(wire, {
          encoding: 'base64',
          skipPreflight: resend,
          preflightCommitment: commitment,
          maxRetries: 0n,
        })
        .send();
    },
    async status(signature) {
      const { value } = await rpc
        .getSignatureStatuses([signature], { searchTransactionHistory: true })
        .send();
      const status = value[0];
      return status ? { err: status.err, confirmationStatus: status.confirmationStatus } : null;
    },
    blockHeight: () => rpc.getBlockHeight({ commitment }).send(),
    notified: signatureNotifier(subscriptions as never, commitment),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
    // A program's refusal at preflight: no later send of this version can land.
    isFatalSendError: (error) => {
      const failure = failureFromSendError(error, instructionPrograms, { programs });
      return failure?.kind === 'custom' || failure?.kind === 'instruction';
    },
    onSendError,
  };
}
