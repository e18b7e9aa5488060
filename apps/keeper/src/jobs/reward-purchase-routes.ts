// The two routes of a reward purchase (jobs/reward-purchase.ts): the RFQ, whose fill the
// keeper signs as the taker once its payload and instructions are checked, and the
// aggregator, exactly the part's stablecoin in, the stock out into the keeper's funding
// account. Both send under the purchase's one action key (decisions/reward-purchase.ts).
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  type CostedInstruction,
  ensureTokenAccounts,
  fetchEncodedAccountsBatched,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAccountAmount,
  tokenMintAccount,
} from '@basket/sdk';
import type { RfqQuote, SwapAsset } from '@basket/tokenized-api';
import {
  type Address,
  type Blockhash,
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  isFullySignedTransaction,
} from '@solana/kit';
import type { PreparedTransaction } from '../chain/fenced-send.ts';
import { KeeperError } from '../decisions/errors.ts';
import { type PurchaseDecision, takerSpendRefusal } from '../decisions/reward-purchase.ts';
import { toKitInstruction } from '../routes/aggregator-route.ts';
import { routeCosts } from '../routes/instruction-costs.ts';
import { centsText, preCommitCheck } from '../routes/rfq-route.ts';
import type { KeeperContext } from './context.ts';
import { type RfqSequenceOutcome, runRfqSequence } from './rfq-sequence.ts';

const JOB = 'epoch-distributor';

/** Another attempt (route, re-quote or replica) holds this epoch's purchase of the mint. */
export class PurchaseClaimed extends Error {}

export type Stable = Readonly<{
  mint: Address;
  tokenProgram: Address;
  decimals: number;
  account: Address;
}>;

/** One part to buy, decided. */
export type Buy = Readonly<{
  key: string;
  symbol: string;
  decision: Extract<PurchaseDecision, { action: 'buy' }>;
  stable: Stable;
  /** The swap assets list's entry (execution timeout, trading hours, halt). */
  entry: SwapAsset;
}>;

const decodeTransaction = (base64: string) =>
  getTransactionDecoder().decode(getBase64Encoder().encode(base64));

/** The keeper's account of `mint` (its funding account, where the purchase delivers). */
async function fundingAccountOf(ctx: KeeperContext, mint: Address) {
  const [info] = await readAccounts(ctx.rpc, [tokenMintAccount(mint)]);
  if (!info?.exists) throw new KeeperError('STALE_INPUT', `reward mint ${mint} not found`);
  const accounts = await ensureTokenAccounts(
    ctx.rpc,
    ctx.signer,
    [{ owner: ctx.signer.address, mint, tokenProgram: info.data.tokenProgram }],
    { commitment: 'confirmed' },
  );
  const address = accounts.addresses[0] as Address;
  const balance = async () => {
    const { accounts: read } = await fetchEncodedAccountsBatched(ctx.rpc, [address], {
      commitment: 'finalized',
    });
    const a = read[0];
    return a?.exists ? (tokenAccountAmount(a.data) ?? 0n) : 0n;
  };
  return { address, instructions: accounts.instructions, balance };
}

/**
 * The RFQ sequence for a purchase: the market maker's fill is signed as is by the keeper
 * (the taker) once its payload and its instructions are checked: the keeper's signature pays
 * at most the part's budget of stablecoin, for this mint, to this taker.
 */
export function buyViaRfq(ctx: KeeperContext, buy: Buy): Promise<RfqSequenceOutcome> {
  const taker = ctx.signer.address;
  return runRfqSequence(
    {
      api: ctx.api,
      quoteValiditySeconds: buy.entry.quoteValiditySeconds,
      executionTimeoutSeconds: buy.entry.executionTimeoutSeconds,
      pollIntervalMs: 1_000,
      now: ctx.now,
      submit: async (quote, guard) => {
        const fill = checkedFill(quote, buy, taker);
        // The routing rules again at the chain's time just before the fill is signed.
        await preCommitCheck(ctx, { symbol: buy.symbol, asset: buy.entry });
        const outcome = await ctx.send({
          job: JOB,
          actionKey: buy.key,
          instructions: routeCosts(fill.instructions),
          describe: `reward purchase ${buy.symbol} via RFQ ${quote.id}`,
          detail: {
            route: 'rfq',
            quoteId: quote.id,
            stablePaid: fill.stablePaid.toString(),
            stockReceived: fill.stockReceived.toString(),
          },
          prepared: () => {
            // A quote older than its validity is not signed (re-quoted as an expiry).
            guard.assertFresh();
            return signAsTaker(ctx, quote);
          },
        });
        if (outcome.kind === 'skipped' && outcome.reason === 'already-claimed') {
          throw new PurchaseClaimed(`${buy.key}: ${outcome.detail ?? 'claimed'}`);
        }
        if (outcome.kind !== 'sent') {
          throw new KeeperError('LEASE_LOST', `reward purchase not sent: ${outcome.kind}`);
        }
        return outcome.signature;
      },
    },
    {
      symbol: buy.symbol,
      side: 'Buy',
      cashAmount: centsText(buy.decision.cents * 1_000_000n),
      paymentWalletIdentifier: taker,
      receivingWalletIdentifier: taker,
    },
  );
}

function checkedFill(quote: RfqQuote, buy: Buy, taker: Address) {
  const p = quote.signaturePayload as Record<string, unknown>;
  if (
    p.stockMint !== buy.decision.mint ||
    p.stablecoinMint !== buy.stable.mint ||
    p.taker !== taker
  ) {
    throw new KeeperError('LEG_OUTSIDE_BOUND', `quote ${quote.id} is not for this purchase`);
  }
  const stablePaid = BigInt(String(p.stablecoinAmount));
  const stockReceived = BigInt(String(p.stockAmount));
  const compiled = getCompiledTransactionMessageDecoder().decode(
    decodeTransaction(quote.signature).messageBytes,
  );
  const instructions = decompileTransactionMessage(compiled).instructions as Instruction[];
  const refusal = takerSpendRefusal(instructions, {
    taker,
    stableMint: buy.stable.mint,
    stableAccount: buy.stable.account,
    tokenPrograms: [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS],
    ataProgram: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    maxStableRaw: stablePaid < buy.decision.stableRaw ? stablePaid : buy.decision.stableRaw,
  });
  if (refusal) throw new KeeperError('LEG_OUTSIDE_BOUND', `quote ${quote.id}: ${refusal}`);
  return { instructions, stablePaid, stockReceived };
}

async function signAsTaker(ctx: KeeperContext, quote: RfqQuote): Promise<PreparedTransaction> {
  const tx = decodeTransaction(quote.signature);
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  const [dictionary] = await ctx.signer.signTransactions([tx as never]);
  const p = quote.signaturePayload as Record<string, unknown>;
  const transaction = {
    ...tx,
    signatures: { ...tx.signatures, ...dictionary },
    lifetimeConstraint: {
      blockhash: compiled.lifetimeToken as Blockhash,
      lastValidBlockHeight: BigInt(String(p.lastValidBlockHeight)),
    },
  };
  if (!isFullySignedTransaction(transaction)) {
    throw new KeeperError('RFQ_COSIGN_REFUSED', `quote ${quote.id}: a signature is missing`);
  }
  return transaction as PreparedTransaction;
}

/**
 * The aggregator route for a purchase: exactly the part's stablecoin in, the reward stock
 * out into the keeper's funding account, the configured slippage bound, finalized.
 */
export async function buyViaAggregator(ctx: KeeperContext, buy: Buy) {
  if (!ctx.swapApi) throw new KeeperError('ROUTE_UNAVAILABLE', 'no aggregator configured');
  const amount = buy.decision.stableRaw;
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new KeeperError('LEG_OUTSIDE_BOUND', `${amount} is beyond the swap API's integers`);
  }
  const funding = await fundingAccountOf(ctx, buy.decision.mint);
  const quote = await ctx.swapApi.quoteGet({
    inputMint: buy.stable.mint,
    outputMint: buy.decision.mint,
    amount: Number(amount),
    slippageBps: ctx.config.rewardMaxSlipBps ?? 100,
    swapMode: 'ExactIn',
  });
  const swap = await ctx.swapApi.swapInstructionsPost({
    swapRequest: {
      userPublicKey: ctx.signer.address,
      payer: ctx.signer.address,
      quoteResponse: quote,
      destinationTokenAccount: funding.address,
      wrapAndUnwrapSol: false,
    },
  });
  const signers = { [ctx.signer.address]: ctx.signer };
  const route: CostedInstruction[] = routeCosts(
    [
      ...swap.setupInstructions,
      swap.swapInstruction,
      ...(swap.cleanupInstruction ? [swap.cleanupInstruction] : []),
    ].map((ix) => toKitInstruction(ix, signers)),
  );
  const before = await funding.balance();
  const sent = await ctx.send({
    job: JOB,
    actionKey: buy.key,
    instructions: [...funding.instructions, ...route],
    commitment: 'finalized',
    describe: `reward purchase ${buy.symbol} via the aggregator`,
    // The venue guarantees at least its threshold; what it delivered is measured after.
    detail: {
      route: 'aggregator',
      stablePaid: amount.toString(),
      stockMin: quote.otherAmountThreshold,
    },
  });
  // Only this leader moves the funding account between the two reads (fenced send).
  const stockReceived = sent.kind === 'sent' ? (await funding.balance()) - before : 0n;
  return { sent, stockReceived };
}
