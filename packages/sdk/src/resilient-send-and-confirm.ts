/**
 * {@link createSendAndConfirm}'s contract (same input, options, result and typed errors) over
 * the resilient sender: the signed transaction is re-sent every `resendIntervalMs` until it
 * lands or its blockhash expires, and only then, for a message builder, signed again on a new
 * blockhash (a wallet is asked again only then). For user transactions (the dapp), whose
 * signer is at hand each time: nothing here fences an action, so a caller that must never
 * have two versions alive passes a built message (one version) or relies on the program's own
 * guards.
 */

import {
  type Address,
  assertIsSendableTransaction,
  type GetBlockHeightApi,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getSolanaErrorFromTransactionError,
  type Rpc,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { BasketTransactionError } from './program-error.ts';
import {
  failureFromSendError,
  type SendAndConfirmFunction,
  type SendAndConfirmRpc,
  type SendAndConfirmSubscriptions,
  type SendableMessage,
} from './send-and-confirm.ts';
import { type LandingDeps, sendResiliently, signatureNotifier } from './transaction-sender.ts';

/**
 * Creates a {@link SendAndConfirmFunction} that survives dropped sends.
 *
 * @throws {BasketTransactionError} from the returned function when the transaction fails (a
 * program error decoded) or every version expired (`BlockHeightExceeded`).
 * @example
 * const sendAndConfirm = createResilientSendAndConfirm({ rpc, rpcSubscriptions });
 * const { signature } = await sendAndConfirm((lifetime) => buildTransactionMessage({ feePayer, lifetime, instructions }));
 */
export function createResilientSendAndConfirm(config: {
  rpc: SendAndConfirmRpc & Rpc<GetBlockHeightApi>;
  rpcSubscriptions: SendAndConfirmSubscriptions;
  /** Default 2 s. */
  resendIntervalMs?: number;
}): SendAndConfirmFunction {
  const { rpc } = config;
  return async (input, options = {}) => {
    const commitment = options.commitment ?? 'confirmed';
    const rebuild = typeof input === 'function' ? input : null;
    const maxAttempts = rebuild ? (options.maxAttempts ?? 3) : 1;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new RangeError(`maxAttempts must be a positive integer, not ${maxAttempts}`);
    }
    let programs: Address[] = [];
    const decode = (error: unknown) => failureFromSendError(error, programs, options);
    const deps: LandingDeps = {
      async sendWire(wire, resend) {
        await rpc
          .sendTransaction(wire, {
            encoding: 'base64',
            skipPreflight: resend || options.skipPreflight === true,
            preflightCommitment: commitment,
            maxRetries: 0n,
          })
          .send(options.abortSignal ? { abortSignal: options.abortSignal } : undefined);
      },
      async status(signature) {
        const { value } = await rpc
          .getSignatureStatuses([signature], { searchTransactionHistory: true })
          .send();
        const s = value[0];
        return s ? { err: s.err, confirmationStatus: s.confirmationStatus } : null;
      },
      blockHeight: () => rpc.getBlockHeight({ commitment }).send(),
      notified: signatureNotifier(config.rpcSubscriptions, commitment),
      sleep: (ms) =>
        new Promise((resolve, reject) => {
          if (options.abortSignal?.aborted) return reject(options.abortSignal.reason);
          setTimeout(resolve, ms);
        }),
      now: Date.now,
      isFatalSendError: (error) => {
        const failure = decode(error);
        return failure?.kind === 'custom' || failure?.kind === 'instruction';
      },
    };
    const result = await sendResiliently(deps, {
      build: async () => {
        let message: SendableMessage;
        if (rebuild) {
          const { value } = await rpc.getLatestBlockhash({ commitment }).send();
          message = rebuild(value);
        } else message = input as SendableMessage;
        programs = message.instructions.map((i) => i.programAddress);
        const transaction = await signTransactionMessageWithSigners(message);
        assertIsSendableTransaction(transaction);
        return {
          wire: getBase64EncodedWireTransaction(transaction),
          signature: getSignatureFromTransaction(transaction),
          lastValidBlockHeight: message.lifetimeConstraint.lastValidBlockHeight,
        };
      },
      rebuildable: rebuild !== null,
      maxVersions: maxAttempts,
      resendIntervalMs: config.resendIntervalMs ?? 2_000,
      commitment,
    });
    if (result.kind === 'landed') {
      return { signature: result.signature as never, attempts: result.versions };
    }
    if (result.kind === 'failed') {
      const error =
        result.err instanceof Error
          ? result.err
          : getSolanaErrorFromTransactionError(result.err as never);
      const failure = decode(error);
      if (!failure) throw error;
      throw new BasketTransactionError(failure, []);
    }
    throw new BasketTransactionError(
      {
        kind: 'transaction',
        errorName: 'BlockHeightExceeded',
        message: `The blockhash expired before the transaction was confirmed (${result.versions} version(s), ${result.sends} send(s)): send it again`,
      },
      [],
    );
  };
}
