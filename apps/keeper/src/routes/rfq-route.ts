// The RFQ route of one leg (spec, RFQ execution sequence): request a quote for the leg's cash
// notional with the trade authority as the wallet, decode the market maker's transaction,
// wrap its fill as rebalance_leg (the vault pays the trade account), the fill, the trade
// authority's forward of what it received into the vault's holding, rebalance_settle; have
// the maker sign that final message (it pays the fee), co-sign with the keeper and the trade
// authority through their keychain signers, send before the blockhash expires, then poll the
// quote until Completed + Executed (rfq-sequence.ts). A quote the vault would refuse is
// never signed: the sequence ends and the caller takes the aggregator route. A quote older
// than its validity is never signed either: it is re-quoted as an expired execution. Nothing
// of the maker's is signed before the transaction firewall has checked every instruction of
// its message (firewall/rfq-fill.ts) and the maker's co-signed answer is the message built.
// The quote is asked for with the keeper's priority-fee policy's limit and price for the leg
// (rfq-budget.ts, decision 0930): the fill carries them, and so does the message that lands.
import {
  buildTransactionMessage,
  type CostedInstruction,
  findAssociatedTokenAddress,
  setComputeBudget,
} from '@basket/sdk';
import type { RfqQuote } from '@basket/tokenized-api';
import {
  type Address,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  isFullySignedTransaction,
} from '@solana/kit';
import type { PreparedTransaction } from '../chain/fenced-send.ts';
import { KeeperError } from '../decisions/errors.ts';
import type { PlannedLeg } from '../decisions/planned-leg.ts';
import { chooseLegRoute } from '../decisions/route-choice.ts';
import { assertSameMessage, decodeMessage } from '../firewall/message.ts';
import { checkRfqFill } from '../firewall/rfq-fill.ts';
import type { KeeperContext } from '../jobs/context.ts';
import { type QuoteGuard, type RfqSequenceOutcome, runRfqSequence } from '../jobs/rfq-sequence.ts';
import { chainNowMs } from './chain-time.ts';
import { decodeThirdPartyMessage, guarded, productKeysOf, rpcLifetime } from './firewall-guard.ts';
import { hookedMints } from './hook-accounts.ts';
import { forwardInstruction, routeCosts } from './instruction-costs.ts';
import { type LegSetup, minReceiveRaw, wrapRoute } from './leg-setup.ts';
import {
  assertWithinBudget,
  budgetRequestFields,
  honestFillEstimate,
  type RfqBudget,
  rfqBudget,
  withoutComputeBudget,
} from './rfq-budget.ts';

const decodeTransaction = (base64: string) =>
  getTransactionDecoder().decode(getBase64Encoder().encode(base64));

/** The fill's amounts, checked against the leg (mints, taker, side). */
function fillAmounts(quote: RfqQuote, setup: LegSetup, plan: PlannedLeg, taker: Address) {
  const p = quote.signaturePayload as Record<string, unknown>;
  const buy = plan.trade.side === 'buy';
  const asset = buy ? setup.receive : setup.pay;
  const cash = buy ? setup.pay : setup.receive;
  if (p.stockMint !== asset.mint || p.stablecoinMint !== cash.mint || p.taker !== taker) {
    throw new KeeperError('LEG_OUTSIDE_BOUND', `quote ${quote.id} is not for this leg`);
  }
  const stock = BigInt(String(p.stockAmount));
  const stable = BigInt(String(p.stablecoinAmount));
  return { payRaw: buy ? stable : stock, expectedRaw: buy ? stock : stable };
}

/** A quote's fill wrapped for the vault, not signed yet. */
export type WrappedFill = Readonly<{
  instructions: readonly CostedInstruction[];
  unsigned: ReturnType<typeof compileTransaction>;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  payRaw: bigint;
  expectedRaw: bigint;
}>;

/**
 * The firewall over the maker's fill (firewall/rfq-fill.ts): the trade authority pays at most
 * `payRaw` of the pay mint from its account into the maker's, the maker delivers at least
 * `expectedRaw` of the receiving mint into the trade authority's account, nothing else names
 * a product key. Returns the fill's instructions (lookup tables resolved).
 *
 * @throws {FirewallRefusal} naming the instruction; alerted.
 */
async function firewalledFill(
  ctx: KeeperContext,
  setup: LegSetup,
  quote: RfqQuote,
  amounts: { payRaw: bigint; expectedRaw: bigint },
  messageBytes: Uint8Array,
  budget: RfqBudget,
) {
  const route = 'rfq-rebalance';
  return guarded(ctx, route, { quoteId: quote.id, sku: setup.vault.data.skuId }, async () => {
    const message = await decodeThirdPartyMessage(ctx, route, messageBytes);
    const trade = ctx.tradeSigner.address;
    const product = await productKeysOf(ctx, {
      [setup.pay.tradeAccount]: "the trade authority's account of the pay mint",
      [setup.receive.tradeAccount]: "the trade authority's account of the receiving mint",
      [setup.pay.holding]: "the vault's holding of the pay mint",
      [setup.receive.holding]: "the vault's holding of the receiving mint",
    });
    const makerAccount = await findAssociatedTokenAddress({
      owner: message.feePayer,
      mint: setup.pay.mint,
      tokenProgram: setup.pay.tokenProgram,
    });
    checkRfqFill(route, message, {
      product,
      taker: trade,
      payment: {
        mint: setup.pay.mint,
        source: setup.pay.tradeAccount,
        destination: makerAccount,
        maxRaw: amounts.payRaw,
      },
      delivery: {
        mint: setup.receive.mint,
        destination: setup.receive.tradeAccount,
        minRaw: amounts.expectedRaw,
      },
      hookPrograms: [setup.pay.hookProgram, setup.receive.hookProgram].filter(
        (h): h is Address => h !== null,
      ),
      computeBudget: { unitLimit: budget.unitLimit, microLamportsPerCu: budget.microLamportsPerCu },
    });
    return message;
  });
}

/**
 * Decodes the quote's transaction, checks its amounts against the vault's bound and every
 * instruction through the firewall, and wraps its fill: rebalance_leg, the fill unchanged,
 * the forward into the holding, rebalance_settle. The market maker stays the fee payer and
 * the blockhash stays the quote's; its last valid height is our RPC's, never the provider's.
 *
 * @throws {KeeperError} `LEG_OUTSIDE_BOUND` when the vault would refuse the quote,
 *   `TRANSACTION_REFUSED` (a {@link FirewallRefusal}) when the fill does anything else or
 *   lacks the asked compute budget; `LEG_OUTSIDE_BOUND` as well when the wrapped transaction
 *   needs more compute than the asked limit.
 * @example
 * const wrapped = await wrapFill(ctx, setup, plan, quote, budget);
 */
export async function wrapFill(
  ctx: KeeperContext,
  setup: LegSetup,
  plan: PlannedLeg,
  quote: RfqQuote,
  budget: RfqBudget,
): Promise<WrappedFill> {
  const { payRaw, expectedRaw } = fillAmounts(quote, setup, plan, ctx.tradeSigner.address);
  const least = minReceiveRaw(ctx, setup, payRaw);
  if (expectedRaw < least) {
    throw new KeeperError(
      'LEG_OUTSIDE_BOUND',
      `quote ${quote.id} delivers ${expectedRaw} < ${least} the vault accepts for ${payRaw}`,
    );
  }
  const original = decodeTransaction(quote.signature);
  const message = await firewalledFill(
    ctx,
    setup,
    quote,
    { payRaw, expectedRaw },
    Uint8Array.from(original.messageBytes),
    budget,
  );
  // The fill's limit and price (checked) are the whole message's: set once, below.
  const fill = withoutComputeBudget(message.instructions);
  const instructions = await wrapRoute(ctx, setup, {
    payRaw,
    expectedRaw,
    route: [
      ...routeCosts(fill, hookedMints(setup)),
      await forwardInstruction(ctx, setup.receive, expectedRaw),
    ],
  });
  assertWithinBudget(quote.id, instructions, budget);
  const lifetime = await rpcLifetime(ctx, message.lifetimeToken);
  // The asked limit (at least what the wrapped instructions need) and price: the fee the maker
  // agreed to pay, exactly.
  const built = setComputeBudget(
    buildTransactionMessage({
      feePayer: createNoopSigner(message.feePayer),
      lifetime,
      instructions,
      priorityFeeMicroLamports: budget.microLamportsPerCu,
    }),
    { computeUnitLimit: budget.unitLimit, microLamportsPerCu: budget.microLamportsPerCu },
  );
  return { instructions, unsigned: compileTransaction(built), lifetime, payRaw, expectedRaw };
}

/**
 * Has the market maker sign the wrapped message, checks it signed exactly that message, and
 * adds the keeper's and the trade authority's signatures (keychain signers). A quote older
 * than its validity is not sent to the maker, nor signed once the maker answers (`guard`).
 *
 * @throws {KeeperError} `RFQ_QUOTE_STALE` (nothing signed by the vault's side),
 *   `RFQ_COSIGN_REFUSED`.
 * @example
 * const tx = await cosignAndSign(ctx, quote.id, wrapped, guard);
 */
export async function cosignAndSign(
  ctx: KeeperContext,
  quoteId: string,
  wrapped: WrappedFill,
  guard: QuoteGuard,
): Promise<PreparedTransaction> {
  guard.assertFresh();
  const cosigned = await ctx.rfqCosign(quoteId, getBase64EncodedWireTransaction(wrapped.unsigned));
  const back = decodeTransaction(cosigned.transaction);
  // The maker's answer must be the very message built: an instruction added before the leg
  // or after the settle, another fee payer or blockhash, is refused and alerted.
  await guarded(ctx, 'rfq-rebalance', { quoteId }, () =>
    assertSameMessage(
      'rfq-rebalance',
      decodeMessage('rfq-rebalance', Uint8Array.from(wrapped.unsigned.messageBytes)),
      decodeMessage('rfq-rebalance', Uint8Array.from(back.messageBytes)),
    ),
  );
  const signatures = { ...back.signatures };
  // The maker's answer took time: the quote must still be valid when the vault's side signs.
  guard.assertFresh();
  for (const signer of [ctx.signer, ctx.tradeSigner]) {
    const [dictionary] = await signer.signTransactions([back as never]);
    Object.assign(signatures, dictionary);
  }
  const transaction = { ...back, signatures, lifetimeConstraint: wrapped.lifetime };
  if (!isFullySignedTransaction(transaction)) {
    throw new KeeperError('RFQ_COSIGN_REFUSED', `quote ${quoteId}: a signature is missing`);
  }
  return transaction as PreparedTransaction;
}

/**
 * The routing rules again at the chain's time, just before a quote's fill is signed: re-quotes
 * take minutes, and a MarketHours asset must never go through the swap route once the window
 * has closed (or its execution would outlive the close).
 *
 * @throws {KeeperError} `SWAP_PRE_COMMIT_REFUSED` when the swap route no longer holds.
 */
export async function preCommitCheck(
  ctx: KeeperContext,
  plan: Pick<PlannedLeg, 'symbol' | 'asset'>,
): Promise<void> {
  const status = await ctx.api.getSystemStatus(plan.symbol);
  const now = await chainNowMs(ctx);
  const route = chooseLegRoute({ entry: plan.asset, status, aggregatorDepth: true, now });
  if (route.route !== 'swap') {
    throw new KeeperError(
      'SWAP_PRE_COMMIT_REFUSED',
      `${plan.symbol} at ${new Date(now).toISOString()}: ${route.preCommitRefusal ?? route.decision.message}`,
    );
  }
}

/** Whole cents of a USD x 1e8 notional as the API's decimal text. */
export function centsText(usd1e8: bigint): string {
  const cents = usd1e8 / 1_000_000n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/**
 * Runs the RFQ route for a planned leg.
 *
 * @example
 * const outcome = await runRfqRoute(ctx, setup, plan);
 * if (outcome.outcome === 'aggregator') await runAggregatorRoute(ctx, setup, plan);
 */
export async function runRfqRoute(
  ctx: KeeperContext,
  setup: LegSetup,
  plan: PlannedLeg,
): Promise<RfqSequenceOutcome> {
  const wallet = ctx.tradeSigner.address;
  const budget = await legBudget(ctx, setup, plan);
  return runRfqSequence(
    {
      api: ctx.api,
      quoteValiditySeconds: plan.asset.quoteValiditySeconds,
      executionTimeoutSeconds: plan.asset.executionTimeoutSeconds,
      pollIntervalMs: 1_000,
      now: ctx.now,
      submit: async (quote, guard) => {
        await preCommitCheck(ctx, plan);
        const wrapped = await wrapFill(ctx, setup, plan, quote, budget);
        const outcome = await ctx.send({
          job: 'rebalance-exec',
          actionKey: `rebalance:${plan.skuId}:${plan.mint}:rfq:${quote.id}`,
          instructions: wrapped.instructions,
          describe: `${plan.skuId} ${plan.trade.side} ${plan.symbol} via RFQ ${quote.id}`,
          detail: {
            route: 'rfq',
            quoteId: quote.id,
            payRaw: wrapped.payRaw.toString(),
            expectedRaw: wrapped.expectedRaw.toString(),
            // The maker pays it (fee payer), at the keeper's policy's price.
            computeUnitLimit: budget.unitLimit,
            computeUnitPrice: budget.microLamportsPerCu.toString(),
            makerPriorityLamports: budget.priorityLamports.toString(),
          },
          prepared: () => cosignAndSign(ctx, quote.id, wrapped, guard),
        });
        if (outcome.kind !== 'sent') {
          throw new KeeperError('LEASE_LOST', `RFQ leg not sent: ${outcome.kind}`);
        }
        return outcome.signature;
      },
    },
    {
      symbol: plan.symbol,
      side: plan.trade.side === 'buy' ? 'Buy' : 'Sell',
      cashAmount: centsText(plan.trade.notionalUsd1e8),
      paymentWalletIdentifier: wallet,
      receivingWalletIdentifier: wallet,
      ...budgetRequestFields(budget),
    },
  );
}

/**
 * The leg's RFQ budget: the policy's price for a rebalance leg (capped by what it trades) over
 * the transaction that will land, rebalance_leg, an honest fill, the forward, rebalance_settle.
 *
 * @example
 * const budget = await legBudget(ctx, setup, plan);
 */
export async function legBudget(
  ctx: KeeperContext,
  setup: LegSetup,
  plan: PlannedLeg,
): Promise<RfqBudget> {
  const sides = [setup.pay, setup.receive].map((s) => ({
    mint: s.mint,
    tokenProgram: s.tokenProgram,
    account: s.tradeAccount,
  }));
  // Amounts do not change what an instruction costs: one unit stands for the quote's.
  const estimate = await wrapRoute(ctx, setup, {
    payRaw: 1n,
    expectedRaw: 1n,
    route: [
      ...honestFillEstimate(sides, hookedMints(setup)),
      await forwardInstruction(ctx, setup.receive, 1n),
    ],
  });
  return rfqBudget(ctx, {
    job: 'rebalance-exec',
    estimate,
    legValueUsd1e8: plan.trade.notionalUsd1e8,
  });
}

/**
 * A fill that confirmed on chain without the API reporting it done (`unconfirmed`): one
 * `rfq-unconfirmed` alert (and its log line) naming the quote and the transaction. The leg
 * counts as executed; it is never re-quoted nor sent to the aggregator (a double trade).
 *
 * @example
 * const note = alertRfqUnconfirmed(ctx, outcome, 'TECH6 buy NVDAx', { sku: 'TECH6' });
 */
export function alertRfqUnconfirmed(
  ctx: Pick<KeeperContext, 'alert'>,
  outcome: Extract<RfqSequenceOutcome, { outcome: 'unconfirmed' }>,
  what: string,
  fields: Record<string, unknown>,
): string {
  const last = outcome.lastState
    ? `${outcome.lastState.generalStatus}/${outcome.lastState.blockchainStatus}`
    : 'no answer';
  const message = `${what}: RFQ ${outcome.quoteId} landed ${outcome.signature}, not reported done by the API (last: ${last})`;
  ctx.alert('rfq-unconfirmed', 'warning', message, {
    ...fields,
    quoteId: outcome.quoteId,
    signature: outcome.signature,
  });
  return message;
}
