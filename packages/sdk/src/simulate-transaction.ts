/**
 * Simulation before send: a failed simulation surfaces as a {@link BasketTransactionError}
 * whose `failure` is decoded against the programs' error catalogues.
 */

import {
  type Base64EncodedWireTransaction,
  type Commitment,
  compileTransaction,
  getBase64EncodedWireTransaction,
} from '@solana/kit';
import {
  BasketTransactionError,
  type DecodeOptions,
  decodeRpcTransactionError,
  type RpcTransactionError,
} from './program-error.ts';

/**
 * The part of an RPC client simulation needs (a kit `Rpc<SimulateTransactionApi>` satisfies it).
 *
 * @example
 * const rpc: SimulateRpc = createSolanaRpc('http://127.0.0.1:8899');
 */
export interface SimulateRpc {
  /** The RPC method `simulateTransaction` with a base64 wire transaction. */
  simulateTransaction(
    transaction: Base64EncodedWireTransaction,
    config: {
      encoding: 'base64';
      replaceRecentBlockhash?: boolean;
      commitment?: Commitment;
    },
  ): {
    /** Sends the request. */
    send(options?: { abortSignal?: AbortSignal }): Promise<{
      readonly value: {
        readonly err: RpcTransactionError | null;
        readonly logs: readonly string[] | null;
        readonly unitsConsumed?: bigint | number | null;
      };
    }>;
  };
}

/**
 * What a successful simulation reports.
 *
 * @example
 * const { unitsConsumed } = await simulateTransactionMessage(rpc, message);
 */
export interface SimulationResult {
  readonly unitsConsumed: bigint | null;
  readonly logs: readonly string[];
}

/**
 * A transaction message as {@link simulateTransactionMessage} takes it: anything kit's
 * `compileTransaction` accepts (fee payer and lifetime set).
 *
 * @example
 * const message: SimulatableMessage = pipe(createTransactionMessage({ version: 0 }), ...);
 */
export type SimulatableMessage = Parameters<typeof compileTransaction>[0];

/**
 * Simulates an (unsigned) transaction message with the cluster's latest blockhash and no
 * signature checks.
 *
 * @throws {BasketTransactionError} when the simulation fails, with the decoded failure and logs.
 * @example
 * try {
 *   await simulateTransactionMessage(rpc, message);
 * } catch (e) {
 *   if (e instanceof BasketTransactionError && e.failure.kind === 'custom') console.log(e.failure.constant);
 * }
 */
export async function simulateTransactionMessage(
  rpc: SimulateRpc,
  message: SimulatableMessage,
  options: DecodeOptions & { commitment?: Commitment; abortSignal?: AbortSignal } = {},
): Promise<SimulationResult> {
  const wire = getBase64EncodedWireTransaction(compileTransaction(message));
  const { value } = await rpc
    .simulateTransaction(wire, {
      encoding: 'base64',
      replaceRecentBlockhash: true,
      ...(options.commitment ? { commitment: options.commitment } : {}),
    })
    .send(options.abortSignal ? { abortSignal: options.abortSignal } : undefined);
  const logs = value.logs ?? [];
  if (value.err !== null && value.err !== undefined) {
    const programs = message.instructions.map((ix) => ix.programAddress);
    throw new BasketTransactionError(
      decodeRpcTransactionError(value.err, programs, logs, options),
      logs,
    );
  }
  const units = value.unitsConsumed;
  return { unitsConsumed: units === null || units === undefined ? null : BigInt(units), logs };
}
