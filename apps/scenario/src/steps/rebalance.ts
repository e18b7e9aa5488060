// Step: tokens behind the books. A deposit only adds cash; the keeper then buys each stock
// towards its target weight, keeping the 5% cash buffer. Each leg is one atomic transaction
// built by the SDK: rebalance_leg (the vault pays cash to the market maker by CPI, once the
// quote is within the slippage bound and the day's loss budget), the market maker's
// TransferChecked of the stock into the vault's holding, then rebalance_settle, which checks
// the stock arrived. The market maker delivers exactly the SDK's least accepted amount.
import {
  getNavQuote,
  getRebalanceSwapInstructionsFor,
  quoteRebalanceLeg,
  rebalanceSideAccounts,
} from '@basket/sdk';
import {
  createTokenAccount,
  fund,
  getTransferCheckedInstruction,
  mintTo,
  tokenAmount,
} from '@basket/test-harness';
import { generateKeyPairSigner } from '@solana/kit';
import { type Basket, type Cast, readVault, SKU, tokenAmountText } from '../context.ts';
import { amount, cu, type Narrator, short, usd } from '../narrator.ts';
import { STEPS } from './titles.ts';
import { VAULT_TERMS } from './vault.ts';

export async function rebalanceIntoBasket(
  cast: Cast,
  basket: Basket,
  say: Narrator,
): Promise<bigint[]> {
  say.step(STEPS.rebalance);
  const { ledger, keeper } = cast;
  const maker = await generateKeyPairSigner();
  fund(ledger.svm, maker.address, 10n);
  const makerUsdc = await createTokenAccount(
    ledger.svm,
    cast.deployer,
    basket.stable,
    maker.address,
  );
  const start = await getNavQuote(ledger.rpc, SKU);
  const investable = (start.cashRaw * BigInt(10_000 - VAULT_TERMS.cashBufferBps)) / 10_000n;
  say.detail(
    `cash ${amount(start.cashRaw, 6, 'USDC')}; to invest ${usd(investable)} by target weight; market maker ${short(maker.address)}`,
  );
  const received: bigint[] = [];
  for (const [i, asset] of basket.assets.entries()) {
    const inventory = await createTokenAccount(
      ledger.svm,
      cast.deployer,
      asset.mint,
      maker.address,
    );
    await mintTo(ledger.svm, cast.deployer, asset.mint, inventory, 10n ** 18n);
    const payAmountRaw = (investable * BigInt(asset.weightBps)) / 10_000n;
    const q = quoteRebalanceLeg(await getNavQuote(ledger.rpc, SKU), {
      pay: 'cash',
      receive: i,
      payAmountRaw,
    });
    if (!q.ok) throw new Error(`the ${asset.symbol} leg was refused: ${q.refusal.message}`);
    const vault = await readVault(ledger);
    const receive = await rebalanceSideAccounts(vault, i);
    const before = tokenAmount(ledger.svm, receive.holding);
    const swap = await getRebalanceSwapInstructionsFor({
      keeper,
      vault,
      pay: 'cash',
      receive: i,
      payAmountRaw,
      expectedAmountRaw: q.minReceiveRaw,
      counterparty: makerUsdc,
      delivery: getTransferCheckedInstruction({
        source: inventory,
        mint: receive.mint,
        destination: receive.holding,
        authority: maker,
        amount: q.minReceiveRaw,
        decimals: asset.mint.decimals,
        tokenProgram: asset.mint.tokenProgram,
      }),
    });
    const r = await ledger.land(`rebalance leg ${asset.symbol}`, keeper, swap);
    const got = tokenAmount(ledger.svm, receive.holding) - before;
    received.push(got);
    say.detail(
      `${asset.symbol}: paid ${usd(payAmountRaw)}, received ${await tokenAmountText(ledger, asset.mint.address, got, asset.symbol)}; value out ${usd(q.valueOutUsd)}, least in ${usd(q.minValueInUsd)}; ${cu(r.computeUnits)}, ${r.txBytes} bytes`,
    );
  }
  const end = await getNavQuote(ledger.rpc, SKU);
  say.detail(`cash left ${amount(end.cashRaw, 6, 'USDC')}; NAV ${usd(end.navUsd?.down ?? 0n)}`);
  return received;
}
