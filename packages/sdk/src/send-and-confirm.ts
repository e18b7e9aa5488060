/**
 * Sign, send and confirm through an RPC and its subscriptions (kit's
 * `sendAndConfirmTransactionFactory`), with failures as the SDK's typed errors: a program's
 * custom code (at preflight or at confirmation) becomes a {@link BasketTransactionError} whose
 * `failure` is decoded against the programs' catalogues, never raw logs. An expired blockhash
 * is its own failure (`errorName: 'BlockHeightExceeded'`), and a caller who passes a message
 * builder instead of a message gets it rebuilt on a fresh blockhash and resent.
 */

import {
  type Address,
  assertIsSendableTransaction,
  type Commitment,
  type GetEpochInfoApi,
  type GetLatestBlockhashApi,
  type GetSignatureStatusesApi,
  getSignatureFromTransaction,
  isSolanaError,
  type Rpc,
  type RpcSubscriptions,
  type SendTransactionApi,
  type Signature,
  type SignatureNotificationsApi,
  type SlotNotificationsApi,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SOLANA_ERROR__INSTRUCTION_ERROR__UNKNOWN,
  SOLANA_ERROR__TRANSACTION_ERROR__UNKNOWN,
  sendAndConfirmTransactionFactory,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  BasketTransactionError,
  type DecodeOptions,
  decodeKitError,
  type TransactionFailure,
} from './program-error.ts';
import type { BlockhashLifetime, buildTransactionMessage } from './transaction-message.ts';

/**
 * The RPC methods send-and-confirm uses (a kit `createSolanaRpc` client has them).
 *
 * @example
 * const rpc: SendAndConfirmRpc = createSolanaRpc('https://api.mainnet-beta.solana.com');
 */
export type SendAndConfirmRpc = Rpc<
  GetEpochInfoApi & GetSignatureStatusesApi & SendTransactionApi & GetLatestBlockhashApi
>;
/**
 * The subscriptions send-and-confirm uses (a kit `createSolanaRpcSubscriptions` client).
 *
 * @example
 * const rpcSubscriptions: SendAndConfirmSubscriptions = createSolanaRpcSubscriptions('wss://api.mainnet-beta.solana.com');
 */
export type SendAndConfirmSubscriptions = RpcSubscriptions<
  SignatureNotificationsApi & SlotNotificationsApi
>;

/**
 * A message as `buildTransactionMessage` returns it (fee payer signer, blockhash lifetime).
 *
 * @example
 * const message: SendableMessage = buildTransactionMessage({ feePayer, lifetime, instructions });
 */
export type SendableMessage = ReturnType<typeof buildTransactionMessage>;

/**
 * Options of a send.
 *
 * @example
 * const options: SendAndConfirmOptions = { commitment: 'confirmed', maxAttempts: 3 };
 */
export interface SendAndConfirmOptions extends DecodeOptions {
  /** Default `confirmed`. */
  readonly commitment?: Commitment;
  readonly abortSignal?: AbortSignal;
  /** Skip the RPC's preflight simulation (failures then surface at confirmation). */
  readonly skipPreflight?: boolean;
  /**
   * Sends in all when the input is a message builder and the blockhash keeps expiring
   * (default 3); a fixed message is sent once.
   */
  readonly maxAttempts?: number;
}

/**
 * What a confirmed send returns.
 *
 * @example
 * const { signature, attempts } = await sendAndConfirm(message);
 */
export interface SendAndConfirmResult {
  readonly signature: Signature;
  /** 1, or more when an expired blockhash made the helper rebuild the message. */
  readonly attempts: number;
}

/**
 * A send-and-confirm function: takes a built message, or a builder from a blockhash lifetime
 * (so an expired blockhash can be replaced), signs with the message's signers, sends, and
 * waits for the commitment.
 *
 * @example
 * const signature = (await sendAndConfirm((lifetime) => buildTransactionMessage({ feePayer, lifetime, instructions }))).signature;
 */
export type SendAndConfirmFunction = (
  message: SendableMessage | ((lifetime: BlockhashLifetime) => SendableMessage),
  options?: SendAndConfirmOptions,
) => Promise<SendAndConfirmResult>;

/** Codes of one kit error and of every cause below it. */
function* chain(
  error: unknown,
): Generator<{ code: number; context: Record<string, unknown>; message: string }> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth += 1) {
    if (isSolanaError(current)) {
      const context = current.context as unknown as Record<string, unknown>;
      yield { code: current.context.__code, context, message: current.message };
    }
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * The SDK's failure for an error thrown while sending or confirming: a decoded custom
 * program error, an expired blockhash (`BlockHeightExceeded`), a runtime instruction error or
 * a transaction error (`errorName` is kit's stable code, `SolanaError#4615038`; match it with
 * kit's `SOLANA_ERROR__*` constants); `null` for anything else (network, RPC availability),
 * which callers rethrow as is.
 *
 * @example
 * const failure = failureFromSendError(e, message.instructions.map((i) => i.programAddress));
 */
export function failureFromSendError(
  error: unknown,
  instructionPrograms: readonly Address[],
  options: DecodeOptions = {},
): TransactionFailure | null {
  const custom = decodeKitError(error, instructionPrograms, options);
  if (custom) return custom;
  for (const e of chain(error)) {
    if (e.code === SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED) {
      return {
        kind: 'transaction',
        errorName: 'BlockHeightExceeded',
        message: `The blockhash expired before the transaction was confirmed (block height ${String(e.context.currentBlockHeight)} > last valid ${String(e.context.lastValidBlockHeight)}): rebuild it with a fresh blockhash`,
      };
    }
    if (
      e.code >= SOLANA_ERROR__INSTRUCTION_ERROR__UNKNOWN &&
      e.code < SOLANA_ERROR__INSTRUCTION_ERROR__UNKNOWN + 1_000
    ) {
      const index = typeof e.context.index === 'number' ? e.context.index : 0;
      return {
        kind: 'instruction',
        errorName: `SolanaError#${e.code}`,
        programAddress: instructionPrograms[index] ?? null,
        instructionIndex: index,
        message: `Instruction ${index} failed: ${e.message}`,
      };
    }
    if (
      e.code >= SOLANA_ERROR__TRANSACTION_ERROR__UNKNOWN &&
      e.code < SOLANA_ERROR__TRANSACTION_ERROR__UNKNOWN + 1_000
    ) {
      return {
        kind: 'transaction',
        errorName: `SolanaError#${e.code}`,
        message: `Transaction failed: ${e.message}`,
      };
    }
  }
  return null;
}

function logsOf(error: unknown): readonly string[] {
  for (const e of chain(error)) {
    if (Array.isArray(e.context.logs)) return e.context.logs as string[];
  }
  return [];
}

/**
 * Creates a {@link SendAndConfirmFunction} over an RPC and its subscriptions.
 *
 * @throws {BasketTransactionError} from the returned function when the transaction fails (a
 * program error decoded, `BlockHeightExceeded` once the attempts are used up); other errors
 * (network, abort) are rethrown unchanged.
 * @example
 * const sendAndConfirm = createSendAndConfirm({ rpc, rpcSubscriptions });
 * try {
 *   const { signature } = await sendAndConfirm((lifetime) => buildTransactionMessage({ feePayer: wallet, lifetime, instructions }));
 * } catch (e) {
 *   if (e instanceof BasketTransactionError && e.failure.kind === 'custom') showError(e.failure.message);
 * }
 */
export function createSendAndConfirm(config: {
  rpc: SendAndConfirmRpc;
  rpcSubscriptions: SendAndConfirmSubscriptions;
}): SendAndConfirmFunction {
  const send = sendAndConfirmTransactionFactory(config);
  return async (input, options = {}) => {
    const commitment = options.commitment ?? 'confirmed';
    const rebuild = typeof input === 'function' ? input : null;
    const maxAttempts = rebuild ? (options.maxAttempts ?? 3) : 1;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new RangeError(`maxAttempts must be a positive integer, not ${maxAttempts}`);
    }
    for (let attempt = 1; ; attempt += 1) {
      let message: SendableMessage;
      if (rebuild) {
        const { value } = await config.rpc
          .getLatestBlockhash({ commitment })
          .send(options.abortSignal ? { abortSignal: options.abortSignal } : undefined);
        message = rebuild(value);
      } else {
        message = input as SendableMessage;
      }
      const transaction = await signTransactionMessageWithSigners(message);
      assertIsSendableTransaction(transaction);
      try {
        await send(transaction as Parameters<typeof send>[0], {
          commitment,
          ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}),
          ...(options.skipPreflight ? { skipPreflight: true } : {}),
        });
        return { signature: getSignatureFromTransaction(transaction), attempts: attempt };
      } catch (error) {
        const programs = message.instructions.map((i) => i.programAddress);
        const failure = failureFromSendError(error, programs, options);
        if (!failure) throw error;
        const expired =
          failure.kind === 'transaction' && failure.errorName === 'BlockHeightExceeded';
        if (expired && attempt < maxAttempts) continue;
        throw new BasketTransactionError(failure, logsOf(error));
      }
    }
  };
}
