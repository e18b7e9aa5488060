// The scenario's ledger in-process: one LiteSVM with the programs at their canonical ids. Its
// clock is set, not waited for, so every run prices the same instants the same way.
import {
  buildTransactionMessage,
  type CostedInstruction,
  DEFAULT_PROGRAM_ADDRESSES,
  decodeRpcTransactionError,
  type GetMultipleAccountsRpc,
  type ProgramAddresses,
  transactionMessageSize,
} from '@basket/sdk';
import { fund, rpcErrorOf, send, setUnixTime, svmRpc } from '@basket/test-harness';
import {
  type Address,
  type AddressesByLookupTableAddress,
  type Blockhash,
  type Instruction,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';
import { type Attempt, Ledger } from './ledger.ts';

export class SvmLedger extends Ledger {
  readonly kind = 'litesvm' as const;
  readonly rpc: GetMultipleAccountsRpc;
  readonly programs: ProgramAddresses = DEFAULT_PROGRAM_ADDRESSES;

  constructor(readonly svm: LiteSVM) {
    super();
    this.rpc = svmRpc(svm);
  }

  async now(): Promise<bigint> {
    return this.svm.getClock().unixTimestamp;
  }

  async slot(): Promise<bigint> {
    return this.svm.getClock().slot;
  }

  /** Slots advance with the clock (2.5 per second, as on mainnet). */
  async advance(seconds: bigint): Promise<void> {
    const clock = this.svm.getClock();
    this.svm.warpToSlot(clock.slot + (seconds * 5n) / 2n);
    setUnixTime(this.svm, clock.unixTimestamp + seconds);
  }

  /**
   * LiteSVM's SlotHashes sysvar does not follow warps, so the newest entry is rewritten to
   * the slot before the current one.
   */
  async recentSlot(): Promise<bigint> {
    const recent = this.svm.getClock().slot - 1n;
    const hashes = this.svm.getSlotHashes();
    const newest = hashes[0];
    if (!newest) throw new Error('LiteSVM has no SlotHashes entry');
    newest.slot = recent;
    this.svm.setSlotHashes(hashes);
    return recent;
  }

  async nextSlot(): Promise<void> {
    this.svm.warpToSlot(this.svm.getClock().slot + 1n);
  }

  async fund(address: Address, sol: bigint): Promise<void> {
    fund(this.svm, address, sol);
  }

  async rentExempt(space: number): Promise<bigint> {
    return this.svm.minimumBalanceForRentExemption(BigInt(space));
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

  async sizeOf(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<number> {
    return transactionMessageSize(this.message(feePayer, instructions, addressLookupTables));
  }

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

  async landRaw(what: string, feePayer: TransactionSigner, instructions: Instruction[]) {
    const r = await send(this.svm, instructions, feePayer);
    if (!r.ok) throw new Error(`${what} failed: ${r.error}`);
  }
}
