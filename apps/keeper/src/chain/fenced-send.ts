// The only path by which the keeper sends a transaction. In order: dry-run simulates and
// prints instead; the action is claimed under the leader lease (fencing token, unique key);
// the job's per-minute cap is taken; the message is built on a fresh blockhash, signed, its
// signature recorded before it leaves, in the same statement that checks the lease again; then
// it is sent (submission budget) and confirmed. A replica that lost the lease stops at the
// claim, before anything is signed, or at the record, before anything is sent: the RFQ
// co-sign call, a remote signer and the per-job slot all come between the two.
import {
  BasketTransactionError,
  type BlockhashLifetime,
  buildTransactionMessage,
  type CostedInstruction,
  failureFromSendError,
  MAX_TRANSACTION_SIZE,
  type ProgramAddresses,
  simulateTransactionMessage,
  transactionMessageSize,
} from '@basket/sdk';
import type { Logger } from '@basket/service-kit';
import {
  type AddressesByLookupTableAddress,
  type Commitment,
  getSignatureFromTransaction,
  sendAndConfirmTransactionFactory,
  signTransactionMessageWithSigners,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import type pg from 'pg';
import { KeeperError } from '../decisions/errors.ts';
import { abandonClaim, claimAction, finishAction, recordSignature } from '../service/actions.ts';
import type { LeaderElector } from '../service/leader.ts';
import type { KeeperLimits } from './limits.ts';
import type { createLimitedRpc, createSubscriptions } from './rpc.ts';

type Rpc = ReturnType<typeof createLimitedRpc>['rpc'];

/** A fully signed transaction with its blockhash lifetime (what confirmation waits on). */
export type PreparedTransaction = Transaction & {
  lifetimeConstraint: { blockhash: string; lastValidBlockHeight: bigint };
};

/** The outcome of one fenced send. */
export type SendOutcome =
  | Readonly<{ kind: 'sent'; signature: string }>
  | Readonly<{ kind: 'dry-run'; unitsConsumed: bigint | null; sizeBytes: number }>
  | Readonly<{
      kind: 'skipped';
      reason: 'not-leader' | 'lease-lost' | 'already-claimed';
      detail?: string;
    }>;

export type FencedSender = ReturnType<typeof createFencedSender>;

/** Every transaction this keeper sends fits (checked before a claim). */
export function fits(
  feePayer: TransactionSigner,
  instructions: readonly CostedInstruction[],
  addressLookupTables?: AddressesByLookupTableAddress,
) {
  const lifetime: BlockhashLifetime = {
    blockhash: '11111111111111111111111111111111' as never,
    lastValidBlockHeight: 0n,
  };
  return (
    transactionMessageSize(
      buildTransactionMessage({
        feePayer,
        lifetime,
        instructions,
        ...(addressLookupTables ? { addressLookupTables } : {}),
      }),
    ) <= MAX_TRANSACTION_SIZE
  );
}

/**
 * @example
 * const send = createFencedSender({ ... });
 * await send({ job: 'nav-push', actionKey: 'nav-push:TECH6:9', instructions, describe: 'push #9' });
 */
export function createFencedSender(deps: {
  rpc: Rpc;
  subscriptions: ReturnType<typeof createSubscriptions>;
  pool: pg.Pool;
  elector: LeaderElector;
  limits: KeeperLimits;
  feePayer: TransactionSigner;
  programs: ProgramAddresses;
  logger: Logger;
  dryRun: boolean;
  /** Time the lease must still have when a send is claimed, and again when it is recorded. */
  claimMarginMs: number;
  onSent?: (job: string) => void;
}) {
  const confirm = sendAndConfirmTransactionFactory({
    rpc: deps.rpc as never,
    rpcSubscriptions: deps.subscriptions as never,
  });
  return async function send(input: {
    job: string;
    actionKey: string;
    instructions: readonly CostedInstruction[];
    describe: string;
    commitment?: Commitment;
    detail?: Record<string, unknown>;
    /** The SKU's lookup table(s), for transactions naming every asset (20-asset baskets). */
    addressLookupTables?: AddressesByLookupTableAddress;
    /**
     * A transaction signed elsewhere as well (the RFQ route: the market maker pays the fee
     * and signs the wrapped message). Called only after the claim, so a replica that lost
     * the lease never asks anyone to sign; `instructions` still name the programs for errors.
     */
    prepared?: () => Promise<PreparedTransaction>;
  }): Promise<SendOutcome> {
    const build = (lifetime: BlockhashLifetime) =>
      buildTransactionMessage({
        feePayer: deps.feePayer,
        lifetime,
        instructions: input.instructions,
        ...(input.addressLookupTables ? { addressLookupTables: input.addressLookupTables } : {}),
      });
    if (deps.dryRun && input.prepared) {
      deps.logger.info(
        { job: input.job, actionKey: input.actionKey, ...input.detail },
        `dry-run: would send ${input.describe}`,
      );
      return { kind: 'dry-run', unitsConsumed: null, sizeBytes: 0 };
    }
    if (deps.dryRun) {
      const { value } = await deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const message = build(value);
      const sim = await simulateTransactionMessage(deps.rpc as never, message, {
        programs: deps.programs,
      });
      const sizeBytes = transactionMessageSize(message);
      deps.logger.info(
        {
          job: input.job,
          actionKey: input.actionKey,
          units: sim.unitsConsumed?.toString(),
          sizeBytes,
          ...input.detail,
        },
        `dry-run: would send ${input.describe}`,
      );
      return { kind: 'dry-run', unitsConsumed: sim.unitsConsumed, sizeBytes };
    }
    const lease = deps.elector.lease();
    if (!lease) return { kind: 'skipped', reason: 'not-leader' };
    const claim = await claimAction(
      deps.pool,
      lease,
      input.actionKey,
      input.job,
      deps.claimMarginMs,
    );
    if (!claim.claimed) {
      return claim.reason === 'lease-lost'
        ? { kind: 'skipped', reason: 'lease-lost' }
        : { kind: 'skipped', reason: 'already-claimed', detail: claim.status };
    }
    let signature: string | null = null;
    try {
      await deps.limits.takeTxSlot(input.job);
      const commitment = input.commitment ?? 'confirmed';
      let transaction: PreparedTransaction;
      if (input.prepared) transaction = await input.prepared();
      else {
        const { value } = await deps.rpc.getLatestBlockhash({ commitment }).send();
        transaction = (await signTransactionMessageWithSigners(
          build(value),
        )) as PreparedTransaction;
      }
      signature = getSignatureFromTransaction(transaction);
      const fenced = await recordSignature(
        deps.pool,
        lease,
        input.actionKey,
        signature,
        deps.claimMarginMs,
      );
      if (!fenced) {
        await abandonClaim(deps.pool, lease, input.actionKey, 'lease-lost');
        deps.logger.warn(
          { job: input.job, actionKey: input.actionKey },
          `lease lost before sending ${input.describe}: not sent`,
        );
        return { kind: 'skipped', reason: 'lease-lost' };
      }
      await confirm(transaction as never, { commitment });
      await finishAction(deps.pool, input.actionKey, 'sent', signature, input.detail ?? {});
      deps.onSent?.(input.job);
      deps.logger.info(
        { job: input.job, actionKey: input.actionKey, signature },
        `sent ${input.describe}`,
      );
      return { kind: 'sent', signature };
    } catch (error) {
      const failure =
        error instanceof KeeperError
          ? null
          : failureFromSendError(
              error,
              input.instructions.map((i) => i.instruction.programAddress),
              { programs: deps.programs },
            );
      // An expired blockhash means the transaction can never land: the action may run again.
      // A program or runtime failure did not land either. Anything else (a network error
      // after the send) leaves the outcome unknown: the row stays `sending` with its
      // signature until the in-flight resolver reads the chain, so nothing is sent twice.
      const expired =
        failure?.kind === 'transaction' && failure.errorName === 'BlockHeightExceeded';
      const unknownOutcome = failure === null && signature !== null;
      if (!unknownOutcome) {
        await finishAction(deps.pool, input.actionKey, expired ? 'expired' : 'failed', signature, {
          error: error instanceof Error ? error.message : String(error),
        }).catch(() => {});
      }
      if (failure) throw new BasketTransactionError(failure, []);
      throw error;
    }
  };
}
