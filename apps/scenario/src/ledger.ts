// Where the scenario's transactions land: LiteSVM in-process (svm-ledger.ts) or a cluster
// over JSON-RPC, the local world by default (rpc-ledger.ts). The steps only see this class:
// SDK instructions sent the way the dapp and the keeper send them (`buildTransactionMessage`,
// compute-unit limit from the SDK's measured costs, failures decoded into typed program
// errors), the few token operations an issuer or a faucet would do, and the clock.
import {
  BasketTransactionError,
  type CostedInstruction,
  type GetMultipleAccountsRpc,
  MAX_TRANSACTION_SIZE,
  type ProgramAddresses,
  type TransactionFailure,
} from '@basket/sdk';
import {
  createMintInstructions,
  getCreateAccountInstruction,
  getInitializeAccount3Instruction,
  getMintToCheckedInstruction,
  type TestMint,
  type TestMintOptions,
  TOKEN_ACCOUNT_SIZE,
} from '@basket/test-harness';
import {
  type Address,
  type AddressesByLookupTableAddress,
  generateKeyPairSigner,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';

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

/** Offset of the raw amount in a token account of either token program. */
const AMOUNT_OFFSET = 64;

export abstract class Ledger {
  /** `litesvm` (in-process, canonical program ids) or `rpc` (a cluster, its program ids). */
  abstract readonly kind: 'litesvm' | 'rpc';
  /** What the SDK's readers and quotes take. */
  abstract readonly rpc: GetMultipleAccountsRpc;
  /** The programs' addresses on this ledger, passed to every SDK builder and reader. */
  abstract readonly programs: ProgramAddresses;

  /** Unix time of the Clock sysvar. */
  abstract now(): Promise<bigint>;
  /** The current slot. */
  abstract slot(): Promise<bigint>;
  /** Moves the clock forward (slots follow on LiteSVM; a cluster's clock is time-travelled). */
  abstract advance(seconds: bigint): Promise<void>;
  /** A slot the lookup-table program accepts as `recent_slot`. */
  abstract recentSlot(): Promise<bigint>;
  /** Waits for (or makes) the next slot: lookup-table additions are usable from then. */
  abstract nextSlot(): Promise<void>;
  /** Gives `address` at least `sol` SOL for fees and rent. */
  abstract fund(address: Address, sol: bigint): Promise<void>;
  /** Lamports that keep `space` bytes rent-exempt. */
  abstract rentExempt(space: number): Promise<bigint>;
  /** Serialized size of the transaction the instructions make, without sending it. */
  abstract sizeOf(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<number>;
  /** Sends SDK instructions as one transaction; a refusal is returned, not thrown. */
  abstract attempt(
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
  ): Promise<Attempt>;
  /** Sends other programs' instructions (system, token) with the default budget; throws. */
  abstract landRaw(
    what: string,
    feePayer: TransactionSigner,
    instructions: Instruction[],
  ): Promise<void>;

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

  /** Whether an account exists. */
  async exists(address: Address): Promise<boolean> {
    const { value } = await this.rpc
      .getMultipleAccounts([address], { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value[0] !== null && value[0] !== undefined;
  }

  /** Raw amount of a token account of either program; 0 when it does not exist. */
  async tokenAmount(account: Address): Promise<bigint> {
    const { value } = await this.rpc
      .getMultipleAccounts([account], { encoding: 'base64', commitment: 'confirmed' })
      .send();
    const info = value[0];
    if (!info) return 0n;
    const bytes = Buffer.from(info.data[0], 'base64');
    return bytes.readBigUInt64LE(AMOUNT_OFFSET);
  }

  /** Creates a mint on either token program (what an issuer does; the SDK builds no mint). */
  async createMint(payer: TransactionSigner, options: TestMintOptions): Promise<TestMint> {
    const { mint, instructions } = await createMintInstructions(
      payer,
      await generateKeyPairSigner(),
      options,
      (space) => this.rentExempt(space),
    );
    await this.landRaw('create mint', payer, instructions);
    return mint;
  }

  /** Creates a token account (at a fresh keypair address) of `mint` owned by `owner`. */
  async createTokenAccount(
    payer: TransactionSigner,
    mint: Pick<TestMint, 'address' | 'tokenProgram'>,
    owner: Address,
  ): Promise<Address> {
    const account = await generateKeyPairSigner();
    await this.landRaw('create token account', payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: account,
        lamports: await this.rentExempt(TOKEN_ACCOUNT_SIZE),
        space: TOKEN_ACCOUNT_SIZE,
        programAddress: mint.tokenProgram,
      }),
      getInitializeAccount3Instruction({
        account: account.address,
        mint: mint.address,
        owner,
        tokenProgram: mint.tokenProgram,
      }),
    ]);
    return account.address;
  }

  /** Mints `amount` raw units of `mint` to `destination`, signed by the mint's authority. */
  async mintTo(
    payer: TransactionSigner,
    mint: TestMint,
    destination: Address,
    amount: bigint,
  ): Promise<void> {
    await this.landRaw('mint to', payer, [
      getMintToCheckedInstruction({
        mint: mint.address,
        destination,
        authority: mint.authority,
        amount,
        decimals: mint.decimals,
        tokenProgram: mint.tokenProgram,
      }),
    ]);
  }
}
