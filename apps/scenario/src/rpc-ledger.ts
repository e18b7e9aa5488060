// The scenario's ledger over JSON-RPC and PubSub: the local world's validator (or any cluster
// whose programs are at the manifest's addresses). Transactions are sent and confirmed by the
// SDK's sender; what they cost and logged is read back with getTransaction. Moving the clock
// uses the local validator's time-travel cheatcode, forward only: on a real cluster the steps
// that wait days cannot run, and say so.

import { type LocalnetClock, localnetClock, waitFor } from '@basket/localnet';
import {
  BasketTransactionError,
  buildTransactionMessage,
  type CostedInstruction,
  createSendAndConfirm,
  type GetMultipleAccountsRpc,
  type ProgramAddresses,
  transactionMessageSize,
} from '@basket/sdk';
import { type Chain, connectChain } from '@basket/world';
import {
  type Address,
  type AddressesByLookupTableAddress,
  type Instruction,
  lamports,
  type Signature,
  type TransactionSigner,
} from '@solana/kit';
import { type Attempt, Ledger } from './ledger.ts';

const SOL = 1_000_000_000n;

export class RpcLedger extends Ledger {
  readonly kind = 'rpc' as const;
  readonly chain: Chain;
  private readonly clock: LocalnetClock;
  private readonly sendAndConfirm: ReturnType<typeof createSendAndConfirm>;

  constructor(
    rpcUrl: string,
    wsUrl: string,
    readonly programs: ProgramAddresses,
  ) {
    super();
    this.chain = connectChain(rpcUrl, wsUrl, programs);
    this.clock = localnetClock(rpcUrl);
    this.sendAndConfirm = createSendAndConfirm({
      rpc: this.chain.rpc,
      rpcSubscriptions: this.chain.rpcSubscriptions,
    });
  }

  /**
   * The SDK's readers over this cluster at `confirmed` unless they ask otherwise: each step
   * reads what the previous one just confirmed (the RPC's own default is `finalized`).
   */
  get rpc(): GetMultipleAccountsRpc {
    const { rpc } = this.chain;
    return {
      getMultipleAccounts: (addresses, config) =>
        rpc.getMultipleAccounts(addresses, {
          ...config,
          commitment: config?.commitment ?? 'confirmed',
        }),
    };
  }

  async now(): Promise<bigint> {
    return (await this.clock.now()).unixTimestamp;
  }

  async slot(): Promise<bigint> {
    return this.chain.rpc.getSlot({ commitment: 'confirmed' }).send();
  }

  async advance(seconds: bigint): Promise<void> {
    await this.clock.advanceBy(Number(seconds) * 1000);
  }

  async recentSlot(): Promise<bigint> {
    return (await this.slot()) - 1n;
  }

  async nextSlot(): Promise<void> {
    const current = await this.slot();
    await waitFor(`the chain did not pass slot ${current}`, async () =>
      (await this.slot()) > current ? true : null,
    );
  }

  async fund(address: Address, sol: bigint): Promise<void> {
    await this.chain.fund(address, lamports(sol * SOL));
  }

  async rentExempt(space: number): Promise<bigint> {
    return this.chain.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send();
  }

  private async message(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ) {
    const { value } = await this.chain.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    return buildTransactionMessage({
      feePayer,
      lifetime: value,
      instructions,
      ...(addressLookupTables ? { addressLookupTables } : {}),
    });
  }

  async sizeOf(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<number> {
    return transactionMessageSize(await this.message(feePayer, instructions, addressLookupTables));
  }

  async attempt(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<Attempt> {
    const txBytes = await this.sizeOf(feePayer, instructions, addressLookupTables);
    let signature: Signature;
    try {
      ({ signature } = await this.sendAndConfirm(
        (lifetime) =>
          buildTransactionMessage({
            feePayer,
            lifetime,
            instructions,
            ...(addressLookupTables ? { addressLookupTables } : {}),
          }),
        { programs: this.programs },
      ));
    } catch (error) {
      if (!(error instanceof BasketTransactionError)) throw error;
      return { ok: false, failure: error.failure, logs: [...error.logs] };
    }
    const tx = await this.chain.rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    if (!tx?.meta) throw new Error(`transaction ${signature} landed but cannot be read back`);
    return {
      ok: true,
      computeUnits: BigInt(tx.meta.computeUnitsConsumed ?? 0n),
      logs: [...(tx.meta.logMessages ?? [])],
      txBytes,
    };
  }

  async landRaw(what: string, feePayer: TransactionSigner, instructions: Instruction[]) {
    await this.chain.landRaw(what, feePayer, instructions);
  }
}
