// Step: tokens behind the books. A deposit only adds cash; the keeper then buys each stock
// towards its target weight, keeping the 5% cash buffer. Each leg is one atomic transaction
// built by the SDK: rebalance_leg (the vault pays cash by CPI to the trade wallet, here the
// keeper's key, once the quote is within the slippage bound and the day's loss budget), the
// RFQ-style route (the trade wallet pays the market maker, the market maker's TransferChecked
// moves the stock into the vault's holding), then rebalance_settle, which books what arrived.
// The market maker delivers exactly the SDK's least accepted amount.
import {
  getNavQuote,
  getRebalanceSwapInstructionsFor,
  quoteRebalanceLeg,
  rebalanceSideAccounts,
} from '@basket/sdk';
import { getTransferCheckedInstruction } from '@basket/test-harness';
import { generateKeyPairSigner } from '@solana/kit';
import { type Basket, type Cast, readVault, tokenAmountText } from '../context.ts';
import { amount, cu, type Narrator, short, usd } from '../narrator.ts';
import { STEPS } from './titles.ts';
import { VAULT_TERMS } from './vault.ts';

export async function rebalanceIntoBasket(
  cast: Cast,
  basket: Basket,
  say: Narrator,
): Promise<bigint[]> {
  say.step(STEPS.rebalance);
  const { ledger, keeper, sku } = cast;
  const { programs } = ledger;
  const maker = await generateKeyPairSigner();
  await ledger.fund(maker.address, 10n);
  const makerUsdc = await ledger.createTokenAccount(cast.deployer, basket.stable, maker.address);
  const tradeUsdc = await ledger.createTokenAccount(cast.deployer, basket.stable, keeper.address);
  const start = await getNavQuote(ledger.rpc, sku, { programs });
  const investable = (start.cashRaw * BigInt(10_000 - VAULT_TERMS.cashBufferBps)) / 10_000n;
  say.detail(
    `cash ${amount(start.cashRaw, 6, 'USDC')}; to invest ${usd(investable)} by target weight; market maker ${short(maker.address)}`,
  );
  const received: bigint[] = [];
  for (const [i, asset] of basket.assets.entries()) {
    const inventory = await ledger.createTokenAccount(cast.deployer, asset.mint, maker.address);
    await ledger.mintTo(cast.deployer, asset.mint, inventory, 10n ** 18n);
    const payAmountRaw = (investable * BigInt(asset.weightBps)) / 10_000n;
    const q = quoteRebalanceLeg(
      await getNavQuote(ledger.rpc, sku, { programs }),
      { pay: 'cash', receive: i, payAmountRaw },
      { vaultProgram: programs.vault },
    );
    if (!q.ok) throw new Error(`the ${asset.symbol} leg was refused: ${q.refusal.message}`);
    const vault = await readVault(cast);
    const receive = await rebalanceSideAccounts(vault, i, programs);
    const before = await ledger.tokenAmount(receive.holding);
    const swap = await getRebalanceSwapInstructionsFor(
      {
        keeper,
        vault,
        pay: 'cash',
        receive: i,
        payAmountRaw,
        expectedAmountRaw: q.minReceiveRaw,
        tradeAccount: tradeUsdc,
        route: [
          getTransferCheckedInstruction({
            source: tradeUsdc,
            mint: basket.stable.address,
            destination: makerUsdc,
            authority: keeper,
            amount: payAmountRaw,
            decimals: basket.stable.decimals,
            tokenProgram: basket.stable.tokenProgram,
          }),
          getTransferCheckedInstruction({
            source: inventory,
            mint: receive.mint,
            destination: receive.holding,
            authority: maker,
            amount: q.minReceiveRaw,
            decimals: asset.mint.decimals,
            tokenProgram: asset.mint.tokenProgram,
          }),
        ],
      },
      programs,
    );
    const r = await ledger.land(`rebalance leg ${asset.symbol}`, keeper, swap);
    const got = (await ledger.tokenAmount(receive.holding)) - before;
    received.push(got);
    say.detail(
      `${asset.symbol}: paid ${usd(payAmountRaw)}, received ${await tokenAmountText(ledger, asset.mint.address, got, asset.symbol)}; value out ${usd(q.valueOutUsd)}, least in ${usd(q.minValueInUsd)}; ${cu(r.computeUnits)}, ${r.txBytes} bytes`,
    );
  }
  const end = await getNavQuote(ledger.rpc, sku, { programs });
  say.detail(`cash left ${amount(end.cashRaw, 6, 'USDC')}; NAV ${usd(end.navUsd?.down ?? 0n)}`);
  return received;
}
