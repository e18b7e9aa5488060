// The two routes of a reward purchase (jobs/reward-purchase.ts): the RFQ, whose fill the
// keeper signs as the taker once its payload and instructions are checked, and the
// aggregator, exactly the part's stablecoin in, the stock out into the keeper's funding
// account. Both send under the purchase's one action key (decisions/reward-purchase.ts). The
// RFQ is asked for with the policy's limit and price for the job (routes/rfq-budget.ts,
// decision 0930): the maker's fill, signed as is, carries them; the aggregator's transaction is
// the keeper's own and priced by the fenced sender.
import {
  type CostedInstruction,
  ensureTokenAccounts,
  fetchEncodedAccountsBatched,
  findAssociatedTokenAddress,
  getNavQuote,
  readAccounts,
  tokenAccountAmount,
  tokenMintAccount,
  transferHookProgramOf,
  transferHookValidationBump,
} from '@basket/sdk';
import type { RfqQuote, SwapAsset } from '@basket/tokenized-api';
import {
  type Address,
  type Blockhash,
  getBase64Encoder,
  getTransactionDecoder,
  isFullySignedTransaction,
} from '@solana/kit';
import type { PreparedTransaction } from '../chain/fenced-send.ts';
import { KeeperError } from '../decisions/errors.ts';
import type { PurchaseDecision } from '../decisions/reward-purchase.ts';
import { checkRfqFill } from '../firewall/rfq-fill.ts';
import { firewalledSwap } from '../routes/aggregator-route.ts';
import {
  decodeThirdPartyMessage,
  guarded,
  productKeysOf,
  rpcLifetime,
} from '../routes/firewall-guard.ts';
import { routeCosts } from '../routes/instruction-costs.ts';
import type { HookedMint } from '../routes/leg-types.ts';
import {
  assertWithinBudget,
  budgetRequestFields,
  honestFillEstimate,
  type RfqBudget,
  rfqBudget,
  withoutComputeBudget,
} from '../routes/rfq-budget.ts';
import { centsText, preCommitCheck } from '../routes/rfq-route.ts';
import type { KeeperContext } from './context.ts';
import { minRewardStockRaw } from './reward-purchase-price.ts';
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

/** The distributor's account of `mint` (its funding account, where the purchase delivers). */
async function fundingAccountOf(ctx: KeeperContext, mint: Address) {
  const [info] = await readAccounts(ctx.rpc, [tokenMintAccount(mint)]);
  if (!info?.exists) throw new KeeperError('STALE_INPUT', `reward mint ${mint} not found`);
  const accounts = await ensureTokenAccounts(
    ctx.rpc,
    ctx.feePayer,
    [{ owner: ctx.distributor.address, mint, tokenProgram: info.data.tokenProgram }],
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
export async function buyViaRfq(ctx: KeeperContext, buy: Buy): Promise<RfqSequenceOutcome> {
  const taker = ctx.distributor.address;
  const hooks = await rewardHooks(ctx, buy.decision.mint);
  const { tokenProgram, funding } = await rewardMint(ctx, buy.decision.mint, taker);
  const budget = await rfqBudget(ctx, {
    job: JOB,
    estimate: honestFillEstimate(
      [
        { mint: buy.decision.mint, tokenProgram, account: funding },
        {
          mint: buy.stable.mint,
          tokenProgram: buy.stable.tokenProgram,
          account: buy.stable.account,
        },
      ],
      hooks,
    ),
  });
  return runRfqSequence(
    {
      api: ctx.api,
      quoteValiditySeconds: buy.entry.quoteValiditySeconds,
      executionTimeoutSeconds: buy.entry.executionTimeoutSeconds,
      pollIntervalMs: 1_000,
      now: ctx.now,
      submit: async (quote, guard) => {
        const fill = await checkedFill(ctx, quote, buy, taker, budget);
        const instructions = routeCosts(fill.instructions, hooks);
        assertWithinBudget(quote.id, instructions, budget);
        // The routing rules again at the chain's time just before the fill is signed.
        await preCommitCheck(ctx, { symbol: buy.symbol, asset: buy.entry });
        const outcome = await ctx.send({
          job: JOB,
          actionKey: buy.key,
          instructions,
          describe: `reward purchase ${buy.symbol} via RFQ ${quote.id}`,
          detail: {
            route: 'rfq',
            quoteId: quote.id,
            stablePaid: fill.stablePaid.toString(),
            stockReceived: fill.stockReceived.toString(),
            // The maker pays it (fee payer), at the keeper's policy's price.
            computeUnitLimit: budget.unitLimit,
            computeUnitPrice: budget.microLamportsPerCu.toString(),
            makerPriorityLamports: budget.priorityLamports.toString(),
          },
          prepared: () => {
            // A quote older than its validity is not signed (re-quoted as an expiry).
            guard.assertFresh();
            return signAsTaker(ctx, quote, fill.lifetime);
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
      ...budgetRequestFields(budget),
    },
  );
}

/** The reward mint's token program, hook program and the taker's (funding) account of it. */
async function rewardMint(ctx: KeeperContext, mint: Address, owner: Address) {
  const { accounts } = await fetchEncodedAccountsBatched(ctx.rpc, [mint], {
    commitment: 'confirmed',
  });
  const encoded = accounts[0];
  if (!encoded?.exists) throw new KeeperError('STALE_INPUT', `reward mint ${mint} not found`);
  const tokenProgram = encoded.programAddress;
  const data = Uint8Array.from(encoded.data);
  const funding = await findAssociatedTokenAddress({ owner, mint, tokenProgram });
  return { tokenProgram, hookProgram: transferHookProgramOf(data), funding };
}

/**
 * The reward mint as a route prices it: a hooked stock (HOODx in the local world) runs its
 * hook in the maker's or the venue's delivery, priced from its validation bump.
 */
async function rewardHooks(ctx: KeeperContext, mint: Address): Promise<HookedMint[]> {
  const { hookProgram } = await rewardMint(ctx, mint, ctx.distributor.address);
  if (hookProgram === null) return [];
  return [{ mint, validationBump: await transferHookValidationBump(hookProgram, mint) }];
}

/**
 * The least stock a purchase paying `stableRaw` accepts: the oracle's price of the mint (the
 * snapshot of a configured SKU that holds it) less the configured slippage.
 *
 * @throws {KeeperError} `STALE_INPUT` when no SKU's snapshot prices the mint.
 */
async function oracleFloor(ctx: KeeperContext, buy: Buy, stableRaw: bigint): Promise<bigint> {
  for (const sku of ctx.skus) {
    if (!sku.assets.some((a) => a.mint === buy.decision.mint)) continue;
    const nav = await getNavQuote(ctx.rpc, sku.skuId, {
      programs: ctx.programs,
      commitment: 'confirmed',
    });
    const asset = nav.assets.find((a) => a.mint === buy.decision.mint);
    if (!asset?.entry) continue;
    return minRewardStockRaw(
      stableRaw,
      buy.stable.decimals,
      { ...asset.entry, decimals: asset.decimals },
      ctx.config.rewardMaxSlipBps ?? 100,
    );
  }
  throw new KeeperError('STALE_INPUT', `no oracle price for reward mint ${buy.decision.mint}`);
}

/**
 * The quote's payload checked against the purchase, then the maker's whole message through
 * the transaction firewall (firewall/rfq-fill.ts): the keeper pays at most the part's budget
 * of stablecoin from its funding account into the maker's, the maker delivers at least the
 * oracle's floor of the reward stock into the keeper's account of it, nothing else names a
 * product key. A refusal is alerted; the caller falls back to the aggregator.
 */
async function checkedFill(
  ctx: KeeperContext,
  quote: RfqQuote,
  buy: Buy,
  taker: Address,
  budget: RfqBudget,
) {
  const p = quote.signaturePayload as Record<string, unknown>;
  if (
    p.stockMint !== buy.decision.mint ||
    p.stablecoinMint !== buy.stable.mint ||
    p.taker !== taker
  ) {
    throw new KeeperError('LEG_OUTSIDE_BOUND', `quote ${quote.id} is not for this purchase`);
  }
  const quoted = BigInt(String(p.stablecoinAmount));
  const maxRaw = quoted < buy.decision.stableRaw ? quoted : buy.decision.stableRaw;
  const route = 'rfq-reward';
  return guarded(ctx, route, { quoteId: quote.id, mint: buy.decision.mint }, async () => {
    const messageBytes = Uint8Array.from(decodeTransaction(quote.signature).messageBytes);
    const message = await decodeThirdPartyMessage(ctx, route, messageBytes);
    const mint = await rewardMint(ctx, buy.decision.mint, taker);
    const [product, makerAccount, minRaw] = await Promise.all([
      productKeysOf(ctx, {
        [buy.stable.account]: "the distributor's rewards-funding stablecoin account",
        [mint.funding]: "the distributor's funding account of the reward stock",
      }),
      findAssociatedTokenAddress({
        owner: message.feePayer,
        mint: buy.stable.mint,
        tokenProgram: buy.stable.tokenProgram,
      }),
      oracleFloor(ctx, buy, maxRaw),
    ]);
    const checked = checkRfqFill(route, message, {
      product,
      taker,
      payment: {
        mint: buy.stable.mint,
        source: buy.stable.account,
        destination: makerAccount,
        maxRaw,
      },
      delivery: { mint: buy.decision.mint, destination: mint.funding, minRaw },
      hookPrograms: mint.hookProgram ? [mint.hookProgram] : [],
      computeBudget: { unitLimit: budget.unitLimit, microLamportsPerCu: budget.microLamportsPerCu },
    });
    return {
      // The fill is signed as is, its budget included; these name its programs for errors.
      instructions: withoutComputeBudget(message.instructions),
      stablePaid: checked.paidRaw,
      stockReceived: checked.deliveredRaw,
      lifetime: await rpcLifetime(ctx, message.lifetimeToken),
    };
  });
}

async function signAsTaker(
  ctx: KeeperContext,
  quote: RfqQuote,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
): Promise<PreparedTransaction> {
  const tx = decodeTransaction(quote.signature);
  const [dictionary] = await ctx.distributor.signTransactions([tx as never]);
  // The lifetime's last valid height is our RPC's (rpcLifetime), never the provider's.
  const transaction = {
    ...tx,
    signatures: { ...tx.signatures, ...dictionary },
    lifetimeConstraint: lifetime,
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
  // The venue's price against the oracle's, within the configured slippage, before anything
  // is signed; what lands is then bounded by the venue's own minimum (its threshold).
  const floor = await oracleFloor(ctx, buy, amount);
  if (BigInt(quote.outAmount) < floor) {
    throw new KeeperError(
      'LEG_OUTSIDE_BOUND',
      `the aggregator quotes ${quote.outAmount} < ${floor} of ${buy.symbol} the oracle's price allows`,
    );
  }
  const swap = await ctx.swapApi.swapInstructionsPost({
    swapRequest: {
      userPublicKey: ctx.distributor.address,
      quoteResponse: quote,
      destinationTokenAccount: funding.address,
      wrapAndUnwrapSol: false,
    },
  });
  const kit = await firewalledSwap(ctx, 'aggregator-reward', swap, {
    signer: ctx.distributor,
    source: buy.stable.account,
    destination: funding.address,
    accounts: {
      [buy.stable.account]: "the distributor's rewards-funding stablecoin account",
      [funding.address]: "the distributor's funding account of the reward stock",
    },
    fields: { mint: buy.decision.mint },
  });
  const route: CostedInstruction[] = routeCosts(kit, await rewardHooks(ctx, buy.decision.mint));
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
