// The only path by which the keeper sends a transaction. In order: dry-run simulates and
// prints instead; the action is claimed under the leader lease (fencing token, unique key);
// the job's per-minute cap is taken; the message is built on a fresh blockhash with the
// priority fee the policy decides for the job (capped per job, known before signing), signed,
// its signature recorded before it leaves, in the same statement that checks the lease again;
// then it is re-sent at a short interval until it lands or its blockhash expires (the SDK's
// resilient sender). An expired version is rebuilt, on a new blockhash and at a higher fee,
// only for actions the keeper builds itself: the action key fences them (one row, one
// recorded signature at a time, each recorded under the lease) and the old version can no
// longer land. A co-signed RFQ fill is never rebuilt. A replica that lost the lease stops at
// the claim, before anything is signed, or at a record, before that version is sent.
import {
  BasketTransactionError,
  type BlockhashLifetime,
  buildTransactionMessage,
  type CostedInstruction,
  createPriorityFeeEstimator,
  DEFAULT_PRIORITY_FEE_POLICY,
  failureFromSendError,
  LandingUnknownError,
  MAX_TRANSACTION_SIZE,
  type PriorityFeeEstimate,
  type PriorityFeeEstimator,
  type ProgramAddresses,
  sendResiliently,
  simulateTransactionMessage,
  transactionMessageSize,
  writableAccountsOf,
} from '@basket/sdk';
import type { Logger } from '@basket/service-kit';
import {
  type Address,
  type AddressesByLookupTableAddress,
  type Commitment,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getSolanaErrorFromTransactionError,
  type Signature,
  signTransactionMessageWithSigners,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import type pg from 'pg';
import { KeeperError } from '../decisions/errors.ts';
import { abandonClaim, claimAction, finishAction, recordSignature } from '../service/actions.ts';
import type { LeaderElector } from '../service/leader.ts';
import { landingDeps } from './landing-deps.ts';
import type { KeeperLimits } from './limits.ts';
import type { createLimitedRpc, createSubscriptions } from './rpc.ts';

type Rpc = ReturnType<typeof createLimitedRpc>['rpc'];

/** A fully signed transaction with its blockhash lifetime (what confirmation waits on). */
export type PreparedTransaction = Transaction & {
  lifetimeConstraint: { blockhash: string; lastValidBlockHeight: bigint };
};

/** What one landed send cost and took (for the per-job metrics). */
export type LandedSend = Readonly<{
  elapsedMs: number;
  priorityLamports: bigint;
  totalLamports: bigint;
  resends: number;
  versions: number;
}>;

/** How the keeper lands its sends: fee policy and caps, re-send cadence, metrics hooks. */
export type LandingOptions = Readonly<{
  estimator?: PriorityFeeEstimator;
  /** Priority-fee cap in lamports for one send of `job` (a rebalance leg: by its value). */
  capLamports: (job: string, legValueUsd1e8?: bigint) => bigint;
  resendIntervalMs: number;
  maxVersions: number;
  /** Give a version up as unknown (left to the in-flight resolver) after this; default 180 s. */
  maxWaitMs?: number;
  onLanded?: (job: string, landed: LandedSend) => void;
  onExpired?: (job: string) => void;
  onSendError?: (job: string, error: unknown) => void;
}>;

const DEFAULT_LANDING: LandingOptions = {
  capLamports: () => 1_000_000n,
  resendIntervalMs: 2_000,
  maxVersions: 4,
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
        // Every send carries a price instruction: count its bytes.
        priorityFeeMicroLamports: 1n,
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
  landing?: LandingOptions;
}) {
  const landing = deps.landing ?? DEFAULT_LANDING;
  const estimator =
    landing.estimator ??
    createPriorityFeeEstimator({ rpc: deps.rpc as never, policy: DEFAULT_PRIORITY_FEE_POLICY });
  /**
   * The policy's first price for a transaction someone else pays for and signs first (an RFQ
   * fill: the keeper asks the market maker for this limit and price with the quote, decision
   * 0930), under `job`'s cap: the same decision a send of these instructions would take.
   */
  const priceFor = (input: {
    job: string;
    instructions: readonly CostedInstruction[];
    legValueUsd1e8?: bigint;
  }) =>
    estimator.decide({
      instructions: input.instructions,
      capLamports: landing.capLamports(input.job, input.legValueUsd1e8),
      attempt: 0,
    });
  return Object.assign(send, { priceFor });
  async function send(input: {
    job: string;
    actionKey: string;
    instructions: readonly CostedInstruction[];
    describe: string;
    commitment?: Commitment;
    detail?: Record<string, unknown>;
    /** The SKU's lookup table(s), for transactions naming every asset (20-asset baskets). */
    addressLookupTables?: AddressesByLookupTableAddress;
    /** What a rebalance leg trades (USD, 8 decimals): bounds its priority fee. */
    legValueUsd1e8?: bigint;
    /**
     * A transaction signed elsewhere as well (the RFQ route: the market maker pays the fee
     * and signs the wrapped message). Called only after the claim, so a replica that lost
     * the lease never asks anyone to sign; `instructions` still name the programs for errors.
     */
    prepared?: () => Promise<PreparedTransaction>;
  }): Promise<SendOutcome> {
    const build = (lifetime: BlockhashLifetime, priorityFeeMicroLamports: bigint) =>
      buildTransactionMessage({
        feePayer: deps.feePayer,
        lifetime,
        instructions: input.instructions,
        priorityFeeMicroLamports,
        ...(input.addressLookupTables ? { addressLookupTables: input.addressLookupTables } : {}),
      });
    const capLamports = landing.capLamports(input.job, input.legValueUsd1e8);
    if (deps.dryRun && input.prepared) {
      deps.logger.info(
        { job: input.job, actionKey: input.actionKey, ...input.detail },
        `dry-run: would send ${input.describe}`,
      );
      return { kind: 'dry-run', unitsConsumed: null, sizeBytes: 0 };
    }
    if (deps.dryRun) {
      const { value } = await deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const fee = await estimator.decide({
        instructions: input.instructions,
        capLamports,
        attempt: 0,
      });
      const message = build(value, fee.microLamportsPerCu);
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
          priorityFeeLamports: fee.priorityLamports.toString(),
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
      input.detail ?? null,
    );
    if (!claim.claimed) {
      return claim.reason === 'lease-lost'
        ? { kind: 'skipped', reason: 'lease-lost' }
        : { kind: 'skipped', reason: 'already-claimed', detail: claim.status };
    }
    let signature = null as string | null;
    // A failure names its instruction by its index in the sent message, which starts with the
    // compute-budget instructions the build adds: each version built replaces this list with
    // its message's programs (a prepared transaction's instructions name its own).
    const programs: Address[] = input.instructions.map((i) => i.instruction.programAddress);
    try {
      await deps.limits.takeTxSlot(input.job);
      const commitment = input.commitment ?? 'confirmed';
      let estimate: PriorityFeeEstimate | undefined;
      let fee: { priorityLamports: bigint; totalLamports: bigint } = {
        priorityLamports: 0n,
        totalLamports: 0n,
      };
      const version = async (attempt: number) => {
        let transaction: PreparedTransaction;
        if (input.prepared) transaction = await input.prepared();
        else {
          estimate ??= await estimator.read(
            writableAccountsOf(input.instructions.map((i) => i.instruction)),
          );
          const decided = await estimator.decide({
            instructions: input.instructions,
            capLamports,
            attempt,
            estimate,
          });
          fee = decided;
          const { value } = await deps.rpc.getLatestBlockhash({ commitment }).send();
          const message = build(value, decided.microLamportsPerCu);
          programs.splice(0, programs.length, ...message.instructions.map((i) => i.programAddress));
          transaction = (await signTransactionMessageWithSigners(message)) as PreparedTransaction;
        }
        return {
          wire: getBase64EncodedWireTransaction(transaction),
          signature: getSignatureFromTransaction(transaction) as Signature,
          lastValidBlockHeight: transaction.lifetimeConstraint.lastValidBlockHeight,
        };
      };
      const result = await sendResiliently(
        landingDeps(deps.rpc, deps.subscriptions, commitment, programs, deps.programs, (e) =>
          landing.onSendError?.(input.job, e),
        ),
        {
          build: version,
          // Each version's signature is recorded under the lease before it leaves.
          beforeSend: async (v) => {
            signature = v.signature;
            return recordSignature(
              deps.pool,
              lease,
              input.actionKey,
              v.signature,
              deps.claimMarginMs,
            );
          },
          rebuildable: !input.prepared,
          maxVersions: landing.maxVersions,
          resendIntervalMs: landing.resendIntervalMs,
          ...(landing.maxWaitMs === undefined ? {} : { maxWaitMs: landing.maxWaitMs }),
          commitment,
        },
      );
      if (result.kind === 'fenced-out') {
        await abandonClaim(deps.pool, lease, input.actionKey, 'lease-lost');
        deps.logger.warn(
          { job: input.job, actionKey: input.actionKey, versions: result.versions },
          `lease lost before sending ${input.describe}: not sent`,
        );
        return { kind: 'skipped', reason: 'lease-lost' };
      }
      if (result.kind === 'expired') {
        // Every version is past its last valid block height and unknown to the chain: none
        // can land, so the action may run again.
        landing.onExpired?.(input.job);
        await finishAction(deps.pool, input.actionKey, 'expired', signature, {
          versions: result.versions,
        });
        throw new BasketTransactionError(
          {
            kind: 'transaction',
            errorName: 'BlockHeightExceeded',
            message: `The blockhash expired before ${input.describe} landed (${result.versions} version(s), ${result.sends} send(s))`,
          },
          [],
        );
      }
      if (result.kind === 'failed') throw transactionError(result.err);
      await finishAction(deps.pool, input.actionKey, 'sent', signature, {
        ...input.detail,
        priorityLamports: fee.priorityLamports.toString(),
        ms: result.elapsedMs,
        resends: result.resends,
        versions: result.versions,
      });
      deps.onSent?.(input.job);
      landing.onLanded?.(input.job, {
        elapsedMs: result.elapsedMs,
        priorityLamports: fee.priorityLamports,
        totalLamports: fee.totalLamports,
        resends: result.resends,
        versions: result.versions,
      });
      deps.logger.info(
        {
          job: input.job,
          actionKey: input.actionKey,
          signature,
          ms: result.elapsedMs,
          resends: result.resends,
          versions: result.versions,
          priorityLamports: fee.priorityLamports.toString(),
        },
        `sent ${input.describe}`,
      );
      return { kind: 'sent', signature: signature as string };
    } catch (error) {
      // Settled above (every version expired): the row already says so.
      if (error instanceof BasketTransactionError) throw error;
      const failure =
        error instanceof KeeperError || error instanceof LandingUnknownError
          ? null
          : failureFromSendError(error, programs, { programs: deps.programs });
      // An expired blockhash (every version) means the transaction can never land: the action
      // may run again. A program or runtime failure did not land either. Anything else (the
      // chain could not be read to tell) leaves the outcome unknown: the row stays `sending` with its
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
  }
}

/** A landed failure's TransactionError as kit's error, for the programs' catalogues. */
function transactionError(err: unknown): unknown {
  if (err instanceof Error) return err;
  return getSolanaErrorFromTransactionError(err as never);
}
