/**
 * Rebalance legs through the other two route shapes (the direct shape is ops.rebalanceLeg):
 * - aggregator-style: the test-swap venue's swap between leg and settle, the trade authority
 *   paying and the vault's holding (or cash buffer) receiving by CPI;
 * - RFQ-style: a provider's own transfers between leg and settle (it takes the trade
 *   wallet's cash and delivers asset 0 into the holding), the provider, the keeper and the
 *   trade authority all signing.
 * Each with a `quality`: a fair fill, one unit short of what the leg promised (settle must
 * refuse it), or a fill below the vault's slippage bound (the leg must refuse it).
 */

import { getTransferCheckedInstruction } from '@basket/test-harness';
import { getSwapInstruction, SwapDirection, SwapQuoteError } from '@basket/test-swap-client';
import {
  holdingOf,
  type Leg,
  legIx,
  minAcceptedIn,
  settleIx,
} from '../../../programs/vault/tests/rebalance-fixture.ts';
import { venueQuote } from '../../../programs/vault/tests/route-fixture.ts';
import { step } from '../harness.ts';
import { vaultState } from '../observe.ts';
import { command } from './users.ts';

export type Quality = 'fair' | 'short' | 'below-bound';

/**
 * The venue's quote, or 0 when it would pay nothing for so few raw units (the client throws
 * ZeroAmountOut): the leg is still sent, promising nothing, and must be refused (seed 17 of
 * the first v2 run: a 1 bps sale of a one-unit book stopped the sequence in the client).
 */
function quoteOrZero(quote: () => bigint): bigint {
  try {
    return quote();
  } catch (e) {
    if (e instanceof SwapQuoteError && e.reason === 'ZeroAmountOut') return 0n;
    throw e;
  }
}

/** A swap-venue leg on asset 0: buying it with cash, or selling it for cash. */
export function venueLeg(buying: boolean, payBps: number, quality: Quality) {
  return command(
    `venueLeg(${buying ? 'buy' : 'sell'}, ${payBps}bps, ${quality})`,
    async (m, real) => {
      const { w } = real;
      const b = w.b;
      const vault = vaultState(w);
      const book = buying ? vault.cashRaw : (vault.assets[0]?.holdingsRaw ?? 0n);
      const payAmount = (book * BigInt(payBps)) / 10_000n;
      if (payAmount === 0n) return;
      const quote = quoteOrZero(() => venueQuote(b, w.venue, buying, payAmount));
      const least = minAcceptedIn(
        b,
        buying ? 'cash' : 0,
        buying ? 0 : 'cash',
        payAmount,
        BigInt(vault.maxSlipBps),
      );
      // The leg promises `receiveAmount`; the venue delivers `quote` at most.
      const receiveAmount =
        quality === 'fair'
          ? quote
          : quality === 'short'
            ? quote + 1n
            : least > 0n
              ? least - 1n
              : 0n;
      const venueOut = quality === 'below-bound' ? receiveAmount : quote;
      const leg: Leg = {
        pay: buying ? 'cash' : 0,
        receive: buying ? 0 : 'cash',
        payAmount,
        receiveAmount,
      };
      const ta = w.counterparty;
      const swap = getSwapInstruction({
        ...w.venue.accounts,
        user: b.tradeAuthority,
        userStock: buying ? holdingOf(b, 0) : (ta.assets[0] as NonNullable<(typeof ta.assets)[0]>),
        userUsd: buying ? ta.usdc : b.cashHolding,
        direction: buying ? SwapDirection.BuyStock : SwapDirection.SellStock,
        amountIn: payAmount,
        // The venue's own bound: what the leg promised (a short fill fails here or at settle).
        minAmountOut: quality === 'short' ? quote : venueOut,
      });
      await step(
        m,
        real,
        `rebalance_leg venue(${quality})`,
        [legIx(b, ta, leg), swap, settleIx(b, leg.receive)],
        b.keeper,
      );
    },
  );
}

/** An RFQ-style leg: cash for asset 0 from the provider, filled at `fillBps` of fair value. */
export function rfqLeg(payBps: number, fillBps: number, quality: Quality) {
  return command(`rfqLeg(${payBps}bps, fill ${fillBps}bps, ${quality})`, async (m, real) => {
    const { w } = real;
    const b = w.b;
    const vault = vaultState(w);
    const payAmount = (vault.cashRaw * BigInt(payBps)) / 10_000n;
    if (payAmount === 0n) return;
    const fair = minAcceptedIn(b, 'cash', 0, payAmount, 0n);
    const least = minAcceptedIn(b, 'cash', 0, payAmount, BigInt(vault.maxSlipBps));
    const quote =
      quality === 'below-bound'
        ? least > 0n
          ? least - 1n
          : 0n
        : (fair * BigInt(fillBps)) / 10_000n > least
          ? (fair * BigInt(fillBps)) / 10_000n
          : least;
    const delivered = quality === 'short' ? (quote > 0n ? quote - 1n : 0n) : quote;
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
    const ta = w.counterparty;
    const stock = b.assets[0]?.mint;
    if (!stock) return;
    const takeCash = getTransferCheckedInstruction({
      source: ta.usdc,
      mint: b.usdc.address,
      destination: w.provider.usdc,
      authority: b.tradeAuthority,
      amount: payAmount,
      decimals: 6,
      tokenProgram: b.usdc.tokenProgram,
    });
    const deliver = getTransferCheckedInstruction({
      source: w.provider.asset0,
      mint: stock.address,
      destination: holdingOf(b, 0),
      authority: w.provider.signer,
      amount: delivered,
      decimals: stock.decimals,
      tokenProgram: stock.tokenProgram,
    });
    await step(
      m,
      real,
      `rebalance_leg rfq(${quality})`,
      [legIx(b, ta, leg), takeCash, deliver, settleIx(b, 0)],
      b.keeper,
    );
  });
}
