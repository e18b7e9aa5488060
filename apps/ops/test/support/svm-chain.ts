// The chain the operator commands meet, answered by LiteSVM in-process: the RPC methods that
// `buildProposal` and `submitProposal` call (account reads, simulation, rent, fees, send and
// signature status) and `landRaw` (the proposal's nonce account). So a proposal is built,
// signed and submitted by the same code as against a cluster, without a validator.
import { svmRpc } from '@basket/test-harness';
import type { Chain } from '@basket/world';
import {
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  createTransactionMessage,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';

const reply = <T>(value: T) => ({ send: async () => value });

/**
 * The adapter. A sent transaction lands at once (or throws, as a preflight refusal would) and
 * its status reads `confirmed`. The blockhash is expired before each proposal is sent, so its
 * nonce advance (refused within the blockhash the nonce was stored under) lands.
 *
 * @example
 * const chain = svmChain(svm);
 * const proposal = await buildProposal(chain, { ...input, feePayer });
 */
export function svmChain(svm: LiteSVM): Chain {
  const base = svmRpc(svm);
  const landed = new Map<string, { err: null; confirmationStatus: 'confirmed' }>();

  function sendTx(tx: Transaction): string {
    const result = svm.sendTransaction(tx as never);
    if (result instanceof FailedTransactionMetadata) {
      throw new Error(
        `LiteSVM refused: ${String(result.err())}\n${result.meta().logs().join('\n')}`,
      );
    }
    const signature = getSignatureFromTransaction(tx);
    landed.set(signature, { err: null, confirmationStatus: 'confirmed' });
    return signature;
  }

  const rpc = {
    getMultipleAccounts: base.getMultipleAccounts,
    getAccountInfo: (address: string, config?: unknown) => ({
      send: async () => {
        const r = await base.getMultipleAccounts([address as never], config).send();
        return { context: r.context, value: r.value[0] ?? null };
      },
    }),
    simulateTransaction: base.simulateTransaction,
    getMinimumBalanceForRentExemption: (space: bigint) =>
      reply(svm.minimumBalanceForRentExemption(space)),
    getRecentPrioritizationFees: () => reply([]),
    sendTransaction: (wire: Base64EncodedWireTransaction) => ({
      send: async () => {
        // A new blockhash since the nonce was stored: its advance is refused within one.
        svm.expireBlockhash();
        return sendTx(
          getTransactionDecoder().decode(getBase64Encoder().encode(wire)) as Transaction,
        );
      },
    }),
    getSignatureStatuses: (signatures: readonly string[]) =>
      reply({ context: { slot: 0n }, value: signatures.map((s) => landed.get(s) ?? null) }),
  };

  async function landRaw(_what: string, feePayer: TransactionSigner, instructions: Instruction[]) {
    svm.expireBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: svm.latestBlockhash() as never, lastValidBlockHeight: 1_000_000n },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    return sendTx(await signTransactionMessageWithSigners(message));
  }

  return { rpc, landRaw } as unknown as Chain;
}
