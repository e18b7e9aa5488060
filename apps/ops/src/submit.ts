/**
 * Sending a proposal: the checks first (admin set read from the chain now, signatures, the
 * nonce still current), then a simulation so a program error is shown with its logs before
 * anything is spent, then the send, re-sent until it is seen, and the wait for confirmation.
 */
import { waitFor } from '@basket/localnet';
import type { ProgramAddresses } from '@basket/sdk';
import type { Chain } from '@basket/world';
import {
  type Base64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type Signature,
} from '@solana/kit';
import { readAdminSet } from './chain-state.ts';
import { OpsError } from './errors.ts';
import { decodeTransaction, type Proposal } from './proposal-file.ts';
import { checkReadyToSubmit } from './proposal-signatures.ts';
import { currentNonce } from './propose.ts';

/** How often an unseen proposal transaction is sent again. */
const RESEND_INTERVAL_MS = 2_000;

/**
 * Submits a proposal once the governing admin threshold has signed; throws an
 * {@link OpsError} (nothing sent) otherwise.
 *
 * @example
 * const { signature } = await submitProposal(chain, programs, readProposal('pause.json'));
 */
export async function submitProposal(
  chain: Chain,
  programs: ProgramAddresses,
  proposal: Proposal,
  options: { timeoutMs?: number } = {},
): Promise<{ signature: Signature; admins: string[] }> {
  const admins = await readAdminSet(chain.rpc, programs, proposal.governance);
  const signedAdmins = await checkReadyToSubmit(proposal, admins);
  const transaction = decodeTransaction(proposal);
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const nonce = await currentNonce(chain, proposal.nonceAccount);
  if (nonce !== message.lifetimeToken) {
    throw new OpsError(
      'NONCE_ADVANCED',
      `the nonce of ${proposal.nonceAccount} has moved on: this proposal was submitted already or superseded`,
    );
  }
  const wire = proposal.transaction as Base64EncodedWireTransaction;
  const simulation = await chain.rpc
    .simulateTransaction(wire, { encoding: 'base64', sigVerify: true, commitment: 'confirmed' })
    .send();
  if (simulation.value.err) {
    const logs = (simulation.value.logs ?? []).slice(-8).join('\n    ');
    throw new OpsError(
      'TRANSACTION_FAILED',
      `simulation refused the transaction: ${JSON.stringify(simulation.value.err, bigintJson)}\n    ${logs}`,
    );
  }
  const signature = getSignatureFromTransaction(transaction);
  await chain.rpc
    .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
    .send();
  // A send the provider drops is found by the status alone: re-send the same transaction every
  // 2 s until it is seen (its durable nonce keeps it valid; once landed, a re-send is refused).
  let lastSend = Date.now();
  await waitFor(
    `transaction ${signature} was not confirmed`,
    async () => {
      const { value } = await chain.rpc.getSignatureStatuses([signature]).send();
      if (value[0] === null && Date.now() - lastSend >= RESEND_INTERVAL_MS) {
        lastSend = Date.now();
        await chain.rpc
          .sendTransaction(wire, { encoding: 'base64', skipPreflight: true, maxRetries: 0n })
          .send()
          .catch(() => {});
      }
      const status = value[0];
      if (status?.err) {
        throw new OpsError(
          'TRANSACTION_FAILED',
          `${signature} failed: ${JSON.stringify(status.err, bigintJson)}`,
        );
      }
      const done =
        status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized';
      return done ? true : null;
    },
    { timeoutMs: options.timeoutMs ?? 60_000, intervalMs: 250 },
  );
  return { signature, admins: signedAdmins };
}

function bigintJson(_key: string, value: unknown) {
  return typeof value === 'bigint' ? value.toString() : value;
}
