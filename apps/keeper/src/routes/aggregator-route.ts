// The aggregator route of one leg (spec, Aggregator fallback): quote the same notional through
// the version 6 swap API (`@jup-ag/api`), with the vault's own max_slip_bps as the slippage;
// take the swap's instructions with the trade authority as the swapping wallet and the vault's
// receiving holding as the destination, wrap them between rebalance_leg and rebalance_settle,
// and send at finalized commitment. A quote whose output is below the vault's bound is never
// sent; the settle expects the larger of the venue's minimum out and the vault's floor. The
// answer's instructions are signed only once the transaction firewall passed every one.
import type { CostedInstruction } from '@basket/sdk';
import type {
  SwapApi,
  Instruction as SwapApiInstruction,
  SwapInstructionsResponse,
} from '@jup-ag/api';
import { AccountRole, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import { KeeperError } from '../decisions/errors.ts';
import type { PlannedLeg } from '../decisions/planned-leg.ts';
import { USD_ONE } from '../decisions/valuation.ts';
import { checkAggregatorInstructions } from '../firewall/aggregator.ts';
import type { JobResult, KeeperContext } from '../jobs/context.ts';
import { guarded, productKeysOf } from './firewall-guard.ts';
import { hookedMints } from './hook-accounts.ts';
import { routeCosts } from './instruction-costs.ts';
import { type LegSetup, minReceiveRaw, wrapRoute } from './leg-setup.ts';

/**
 * The raw amount the leg pays on this route: the notional in stablecoin units (floored) for
 * a purchase, the sized asset amount for a sale.
 *
 * @example
 * payRawOf(plan, 6); // 250_000_000n for a $250 purchase
 */
export function payRawOf(plan: PlannedLeg, cashDecimals: number): bigint {
  if (plan.trade.side === 'sell') return plan.trade.assetRaw;
  return (plan.trade.notionalUsd1e8 * 10n ** BigInt(cashDecimals)) / USD_ONE;
}

/**
 * A swap API instruction as a Kit instruction with the roles it asks for, no signer attached
 * (what the transaction firewall checks).
 *
 * @example
 * const ix = apiInstruction(swap.swapInstruction);
 */
export function apiInstruction(ix: SwapApiInstruction): Instruction {
  return {
    programAddress: ix.programId as Address,
    accounts: ix.accounts.map((meta) => ({
      address: meta.pubkey as Address,
      role: meta.isSigner
        ? meta.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : meta.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: Uint8Array.from(Buffer.from(ix.data, 'base64')),
  };
}

/**
 * A swap API instruction as a Kit instruction; the accounts the trade authority must sign
 * carry its signer, any other signer is refused (nothing else signs a vault's leg).
 *
 * @example
 * const ix = toKitInstruction(swap.swapInstruction, { [trade.address]: trade });
 */
export function toKitInstruction(
  ix: SwapApiInstruction,
  signers: Readonly<Record<string, TransactionSigner>>,
): Instruction {
  const plain = apiInstruction(ix);
  return {
    ...plain,
    accounts: (plain.accounts ?? []).map((meta) => {
      if (meta.role !== AccountRole.READONLY_SIGNER && meta.role !== AccountRole.WRITABLE_SIGNER) {
        return meta;
      }
      const signer = signers[meta.address];
      if (!signer) {
        throw new KeeperError(
          'ROUTE_UNAVAILABLE',
          `the swap asks ${meta.address} to sign, which the keeper does not hold`,
        );
      }
      return { ...meta, signer };
    }),
  };
}

/**
 * The aggregator's program, from the configuration (never from the answer).
 *
 * @throws {KeeperError} `ROUTE_UNAVAILABLE` when none is configured (nothing would be signed).
 * @example
 * const program = aggregatorProgramOf(ctx, swap.swapInstruction.programId);
 */
export function aggregatorProgramOf(
  ctx: Pick<KeeperContext, 'config'>,
  answered: Address,
): Address {
  const configured = ctx.config.aggregatorProgram as Address | undefined;
  if (!configured) {
    throw new KeeperError(
      'ROUTE_UNAVAILABLE',
      `no aggregator program configured (KEEPER_AGGREGATOR_PROGRAM): the swap of ${answered} is not signed`,
    );
  }
  return configured;
}

/**
 * The swap answer's setup, swap and cleanup instructions through the transaction firewall
 * (firewall/aggregator.ts): the configured program and the token programs only, `user`
 * signing the swap only, the product's accounts only as `source` and `destination`. The
 * answer's compute-budget instructions are never used (the keeper sets its own). Returns
 * the instructions with `user`'s signer attached.
 *
 * @throws {FirewallRefusal} naming the instruction (its index in setup, swap, cleanup); alerted.
 * @example
 * const kit = await firewalledSwap(ctx, 'aggregator-rebalance', swap, { user, signer, source, destination, accounts });
 */
export async function firewalledSwap(
  ctx: KeeperContext,
  name: string,
  swap: Pick<
    SwapInstructionsResponse,
    'setupInstructions' | 'swapInstruction' | 'cleanupInstruction'
  >,
  input: {
    signer: TransactionSigner;
    source: Address;
    destination: Address;
    accounts: Readonly<Record<string, string>>;
    fields: Record<string, unknown>;
  },
): Promise<Instruction[]> {
  const list = [
    ...swap.setupInstructions,
    swap.swapInstruction,
    ...(swap.cleanupInstruction ? [swap.cleanupInstruction] : []),
  ];
  const program = aggregatorProgramOf(ctx, swap.swapInstruction.programId as Address);
  await guarded(ctx, name, input.fields, async () =>
    checkAggregatorInstructions(name, list.map(apiInstruction), {
      product: await productKeysOf(ctx, input.accounts),
      program,
      user: input.signer.address,
      source: input.source,
      destination: input.destination,
    }),
  );
  return list.map((ix) => toKitInstruction(ix, { [input.signer.address]: input.signer }));
}

/**
 * Runs the aggregator route for a planned leg.
 *
 * @throws {KeeperError} `LEG_OUTSIDE_BOUND` when the quote's minimum out is below the vault's
 * bound (nothing is sent); `ROUTE_UNAVAILABLE` without an aggregator.
 * @example
 * await runAggregatorRoute(ctx, swapApi, setup, plan);
 */
export async function runAggregatorRoute(
  ctx: KeeperContext,
  swapApi: SwapApi | null,
  setup: LegSetup,
  plan: PlannedLeg,
): Promise<JobResult> {
  if (!swapApi) throw new KeeperError('ROUTE_UNAVAILABLE', 'no aggregator configured');
  const payRaw = payRawOf(plan, setup.pay.decimals);
  // The API takes amounts as JSON numbers; an integer above 2^53 would not survive it.
  if (payRaw > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new KeeperError('LEG_OUTSIDE_BOUND', `${payRaw} is beyond the swap API's integers`);
  }
  const quote = await swapApi.quoteGet({
    inputMint: setup.pay.mint,
    outputMint: setup.receive.mint,
    amount: Number(payRaw),
    slippageBps: setup.nav.config.maxSlipBps,
    swapMode: 'ExactIn',
  });
  const quotedOut = BigInt(quote.outAmount);
  const least = minReceiveRaw(ctx, setup, payRaw);
  if (quotedOut < least) {
    throw new KeeperError(
      'LEG_OUTSIDE_BOUND',
      `aggregator quotes ${quotedOut} < ${least} the vault accepts for ${payRaw}`,
    );
  }
  // The settle asks for the larger of the venue's guaranteed minimum and the vault's own
  // floor: a swap that lands between them reverts whole at the settle (LegShortfall).
  const threshold = BigInt(quote.otherAmountThreshold);
  const expectedRaw = threshold > least ? threshold : least;
  // No payer: the destination exists (the vault's holding), so no account is created, and
  // nothing of the answer may name the keeper.
  const swap = await swapApi.swapInstructionsPost({
    swapRequest: {
      userPublicKey: ctx.tradeSigner.address,
      quoteResponse: quote,
      destinationTokenAccount: setup.receive.holding,
      wrapAndUnwrapSol: false,
    },
  });
  const kit = await firewalledSwap(ctx, 'aggregator-rebalance', swap, {
    signer: ctx.tradeSigner,
    source: setup.pay.tradeAccount,
    destination: setup.receive.holding,
    accounts: {
      [setup.pay.tradeAccount]: "the trade authority's account of the pay mint",
      [setup.receive.tradeAccount]: "the trade authority's account of the receiving mint",
      [setup.pay.holding]: "the vault's holding of the pay mint",
    },
    fields: { sku: plan.skuId, symbol: plan.symbol },
  });
  const route: CostedInstruction[] = routeCosts(kit, hookedMints(setup));
  const instructions = await wrapRoute(ctx, setup, { payRaw, expectedRaw, route });
  const outcome = await ctx.send({
    job: 'rebalance-exec',
    actionKey: `rebalance:${plan.skuId}:${plan.mint}:aggregator:${quote.contextSlot ?? ''}:${payRaw}`,
    instructions,
    commitment: 'finalized',
    // The leg's priority fee is bounded by what it trades (KEEPER_FEE_CAP_REBALANCE_BPS).
    legValueUsd1e8: plan.trade.notionalUsd1e8,
    describe: `${plan.skuId} ${plan.trade.side} ${plan.symbol} via the aggregator`,
    detail: { route: 'aggregator', payRaw: payRaw.toString(), expectedRaw: expectedRaw.toString() },
  });
  return {
    job: 'rebalance-exec',
    summary: `${plan.skuId} ${plan.trade.side} ${plan.symbol}: aggregator ${outcome.kind}${outcome.kind === 'sent' ? ` ${outcome.signature}` : ''}`,
    details: { route: 'aggregator', outcome, payRaw, expectedRaw },
  };
}
