// Sends SDK-built instructions to LiteSVM the way the dapp and the keeper send them to a
// cluster: `buildTransactionMessage` (compute-unit limit from the SDK's measured costs),
// signed with kit, failures decoded by the SDK into typed program errors.
import {
  BasketTransactionError,
  buildTransactionMessage,
  type CostedInstruction,
  decodeRpcTransactionError,
  type GetMultipleAccountsRpc,
  MAX_TRANSACTION_SIZE,
  type TransactionFailure,
  transactionMessageSize,
} from '@basket/sdk';
import { rpcErrorOf, setUnixTime, svmRpc } from '@basket/test-harness';
import {
  type AddressesByLookupTableAddress,
  type Blockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';

/** What a landed transaction did. */
export interface Landed {
  /** Compute units of the whole transaction (budget instructions included). */
  computeUnits: bigint;
  logs: string[];
  /** Serialized size in bytes (the packet limit is 1,232). */
  txBytes: number;
}

/** A transaction's outcome: landed, or refused with the SDK's decoded failure. */
export type Attempt =
  | ({ ok: true } & Landed)
  | { ok: false; failure: TransactionFailure; logs: string[] };

/** A LiteSVM instance with an RPC view for the SDK and a sender for SDK instructions. */
export class Ledger {
  readonly rpc: GetMultipleAccountsRpc;

  constructor(readonly svm: LiteSVM) {
    this.rpc = svmRpc(svm);
  }

  /** Unix time of the Clock sysvar. */
  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  /**
   * Moves the clock forward. Slots advance too (2.5 per second, as on mainnet), so a keeper's
   * `updated_slot` is read against a plausible current slot.
   */
  advance(seconds: bigint): void {
    const clock = this.svm.getClock();
    this.svm.warpToSlot(clock.slot + (seconds * 5n) / 2n);
    setUnixTime(this.svm, clock.unixTimestamp + seconds);
  }

  /**
   * A slot the lookup-table program accepts as `recent_slot`: LiteSVM's SlotHashes sysvar
   * does not follow warps, so the newest entry is rewritten to the slot before the current.
   */
  recentSlot(): bigint {
    const recent = this.svm.getClock().slot - 1n;
    const hashes = this.svm.getSlotHashes();
    const newest = hashes[0];
    if (!newest) throw new Error('LiteSVM has no SlotHashes entry');
    newest.slot = recent;
    this.svm.setSlotHashes(hashes);
    return recent;
  }

  /** One slot later: addresses added to a lookup table are usable from the next slot. */
  nextSlot(): void {
    this.svm.warpToSlot(this.svm.getClock().slot + 1n);
  }

  /** Serialized size of the transaction the instructions make, without sending it. */
  sizeOf(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): number {
    return transactionMessageSize(this.message(feePayer, instructions, addressLookupTables));
  }

  private message(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ) {
    return buildTransactionMessage({
      feePayer,
      lifetime: {
        blockhash: this.svm.latestBlockhash() as Blockhash,
        lastValidBlockHeight: 1_000_000n,
      },
      instructions,
      ...(addressLookupTables ? { addressLookupTables } : {}),
    });
  }

  /** Sends the instructions as one transaction; a refusal is returned, not thrown. */
  async attempt(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<Attempt> {
    this.svm.expireBlockhash();
    const message = this.message(feePayer, instructions, addressLookupTables);
    const txBytes = transactionMessageSize(message);
    const tx = await signTransactionMessageWithSigners(message);
    const result = this.svm.sendTransaction(tx);
    if (result instanceof TransactionMetadata) {
      return {
        ok: true,
        computeUnits: result.computeUnitsConsumed(),
        logs: result.logs(),
        txBytes,
      };
    }
    const logs = result.meta().logs();
    const programs = message.instructions.map((i) => i.programAddress);
    return {
      ok: false,
      failure: decodeRpcTransactionError(rpcErrorOf(result.err()), programs, logs),
      logs,
    };
  }

  /** Sends the instructions; a refusal throws a `BasketTransactionError` naming `what`. */
  async land(
    what: string,
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<Landed> {
    const r = await this.attempt(feePayer, instructions, addressLookupTables);
    if (r.ok && r.txBytes > MAX_TRANSACTION_SIZE) {
      // LiteSVM does not enforce the packet size; a cluster would drop this transaction.
      throw new Error(`${what}: ${r.txBytes}-byte transaction exceeds ${MAX_TRANSACTION_SIZE}`);
    }
    if (r.ok) return r;
    const named =
      r.failure.kind === 'custom' && r.failure.constant ? `${r.failure.constant}: ` : '';
    const failure = { ...r.failure, message: `${what}: ${named}${r.failure.message}` };
    throw new BasketTransactionError(failure, r.logs);
  }

  /** Sends instructions that must be refused; returns the typed failure. */
  async refused(
    what: string,
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
  ): Promise<TransactionFailure> {
    const r = await this.attempt(feePayer, instructions);
    if (r.ok) throw new Error(`${what} was accepted, but the programs must refuse it`);
    return r.failure;
  }
}
