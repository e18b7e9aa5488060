import { waitFor } from '@basket/localnet';
import {
  type BlockhashLifetime,
  buildTransactionMessage,
  type CostedInstruction,
  createPooledRpc,
  createPriorityFeeEstimator,
  createSendAndConfirm,
  DEFAULT_PRIORITY_FEE_POLICY,
  type ProgramAddresses,
  type SendableMessage,
  setComputeBudget,
} from '@basket/sdk';
import {
  type Address,
  type AddressesByLookupTableAddress,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  type Instruction,
  type Lamports,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from '@solana/kit';

/**
 * The chain as every service meets it: a JSON-RPC endpoint and its PubSub, transactions sent
 * and confirmed through the SDK (typed program errors, blockhash expiry handled by rebuilding).
 *
 * @example
 * const chain = connectChain('http://127.0.0.1:8899', 'ws://127.0.0.1:8900');
 * await chain.landRaw('fund', payer, [ix]);
 * // Several endpoints (the operator CLI): reads and sends fail over in order (decision 0932).
 * const pooled = connectChain(['https://a.example', 'https://b.example'], 'wss://a.example');
 */
export function connectChain(
  rpcUrl: string | readonly string[],
  wsUrl: string,
  /** Program ids other than the generated defaults, so failures decode to named errors. */
  programs?: Partial<ProgramAddresses>,
  /**
   * A cap (lamports of priority fee per transaction) turns on the SDK's priority-fee policy for
   * every transaction landed (the operator CLI); unset: no price (the local world's bootstrap).
   */
  options: { priorityFeeCapLamports?: bigint } = {},
) {
  // One URL: that endpoint as before; several: the SDK's endpoint pool (health, failover and a
  // rate limit per endpoint), the same client type either way.
  const rpc = typeof rpcUrl === 'string' ? createSolanaRpc(rpcUrl) : createPooledRpc(rpcUrl).rpc;
  const rpcSubscriptions = createSolanaRpcSubscriptions(wsUrl);
  const sendAndConfirm = createSendAndConfirm({ rpc, rpcSubscriptions });
  const cap = options.priorityFeeCapLamports;
  const fees =
    cap === undefined
      ? null
      : createPriorityFeeEstimator({ rpc, policy: DEFAULT_PRIORITY_FEE_POLICY });
  /** The price for `instructions` (decided once per landing, before anything is signed). */
  const priceFor = async (instructions: readonly CostedInstruction[]) =>
    fees && cap !== undefined
      ? (await fees.decide({ instructions, capLamports: cap, attempt: 0 })).microLamportsPerCu
      : undefined;

  /** SDK instructions (with their measured compute costs) as one confirmed transaction. */
  async function land(
    what: string,
    feePayer: TransactionSigner,
    instructions: readonly CostedInstruction[],
    addressLookupTables?: AddressesByLookupTableAddress,
    computeMarginBps?: number,
  ) {
    try {
      const price = await priceFor(instructions);
      return await sendAndConfirm(
        (lifetime) =>
          buildTransactionMessage({
            feePayer,
            lifetime,
            instructions,
            ...(price === undefined ? {} : { priorityFeeMicroLamports: price }),
            ...(addressLookupTables ? { addressLookupTables } : {}),
            ...(computeMarginBps === undefined ? {} : { computeMarginBps }),
          }),
        programs ? { programs } : {},
      );
    } catch (error) {
      throw withContext(what, error);
    }
  }

  /**
   * Instructions of other programs (system, token, loader) without a compute budget
   * instruction: the runtime's default budget per instruction covers them.
   */
  async function landRaw(
    what: string,
    feePayer: TransactionSigner,
    instructions: readonly Instruction[],
  ) {
    // Priced, the limit is the runtime's default for these instructions, so the cap holds.
    const computeUnitLimit = Math.min(1_400_000, 200_000 * instructions.length);
    const price = await priceFor(instructions.map((instruction) => ({ instruction, costs: [] })));
    const build = (lifetime: BlockhashLifetime) =>
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(feePayer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) =>
          price === undefined
            ? m
            : setComputeBudget(m, { computeUnitLimit, microLamportsPerCu: price }),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ) as unknown as SendableMessage;
    try {
      return await sendAndConfirm(build, programs ? { programs } : {});
    } catch (error) {
      throw withContext(what, error);
    }
  }

  /**
   * Airdrops `address` back up to `atLeast` lamports once it holds less than half of that
   * (a wallet that spent a little is left alone, so a re-run changes nothing).
   */
  async function fund(address: Address, atLeast: Lamports): Promise<void> {
    const { value } = await rpc.getBalance(address, { commitment: 'confirmed' }).send();
    if (value >= atLeast / 2n) return;
    const signature = await rpc.requestAirdrop(address, lamports(atLeast - value)).send();
    await waitFor(`the airdrop to ${address} was not confirmed`, async () => {
      const { value: statuses } = await rpc.getSignatureStatuses([signature]).send();
      const status = statuses[0];
      if (status?.err)
        throw new Error(`airdrop to ${address} failed: ${JSON.stringify(status.err)}`);
      const done =
        status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized';
      return done ? true : null;
    });
  }

  async function exists(address: Address): Promise<boolean> {
    const { value } = await rpc
      .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value !== null;
  }

  /** Raw bytes of an account (null when it does not exist): the SDK's `AccountDataFetcher`. */
  async function accountData(address: Address): Promise<Uint8Array | null> {
    const { value } = await rpc
      .getAccountInfo(address, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    return value === null ? null : Uint8Array.from(Buffer.from(value.data[0], 'base64'));
  }

  /** Raw amount of a token account (0 when it does not exist). */
  async function tokenAmount(account: Address): Promise<bigint> {
    try {
      const { value } = await rpc
        .getTokenAccountBalance(account, { commitment: 'confirmed' })
        .send();
      return BigInt(value.amount);
    } catch {
      if (!(await exists(account))) return 0n;
      throw new Error(`cannot read the token balance of ${account}`);
    }
  }

  return { rpc, rpcSubscriptions, land, landRaw, fund, exists, accountData, tokenAmount };
}

export type Chain = ReturnType<typeof connectChain>;

function withContext(what: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const wrapped = new Error(`${what}: ${message}`);
  (wrapped as { cause?: unknown }).cause = error;
  return wrapped;
}
