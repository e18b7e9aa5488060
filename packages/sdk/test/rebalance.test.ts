// A keeper's swap through the SDK in LiteSVM: the quoted least incoming amount is accepted
// and one raw unit less is refused (RebalanceSlippage), with the three instructions in the
// order leg, route, settle.
import { getTransferCheckedInstruction, tokenAmount } from '@basket/test-harness';
import { describe, expect, it } from 'vitest';
import { patchVault, SKU } from '../../../programs/vault/tests/fixture.ts';
import { newCounterparty } from '../../../programs/vault/tests/rebalance-fixture.ts';
import {
  decodeProgramEvents,
  getNavQuote,
  getRebalanceSwapInstructionsFor,
  quoteRebalanceLeg,
  rebalanceSideAccounts,
} from '../src/index.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run } from './support/vault-world.ts';

async function world() {
  const { b } = await fundedVault();
  const counterparty = await newCounterparty(b);
  const receive = await rebalanceSideAccounts(await readVault(b), 0);
  const swap = async (payAmountRaw: bigint, expectedAmountRaw: bigint) =>
    getRebalanceSwapInstructionsFor({
      keeper: b.keeper,
      vault: await readVault(b),
      pay: 'cash',
      receive: 0,
      payAmountRaw,
      expectedAmountRaw,
      tradeAccount: counterparty.usdc,
      route: [
        getTransferCheckedInstruction({
          source: counterparty.assets[0]!,
          mint: receive.mint,
          destination: receive.holding,
          authority: counterparty.signer,
          amount: expectedAmountRaw,
          decimals: b.assets[0]!.mint.decimals,
          tokenProgram: b.assets[0]!.mint.tokenProgram,
        }),
      ],
    });
  return { b, swap };
}

describe('rebalance swap builder in LiteSVM', () => {
  it('raises the least accepted amount to what is left of the daily loss budget', async () => {
    // Given a keeper that already lost all but $0.40 of today's budget
    const { b, swap } = await world();
    const today = b.svm.getClock().unixTimestamp / 86_400n;
    const vault = await readVault(b);
    const budget = (vault.data.lastNavUsd * BigInt(vault.data.maxSlipBps)) / 10_000n;
    patchVault(b, (s) => ({ ...s, rebalanceDay: today, rebalanceLossUsd: budget - 400_000n }));
    // When it quotes a $1,000 purchase
    const q = quoteRebalanceLeg(await getNavQuote(svmRpc(b.svm), SKU), {
      pay: 'cash',
      receive: 0,
      payAmountRaw: 1_000_000_000n,
    });
    if (!q.ok) throw new Error(q.refusal.message);
    // Then the budget, not the slippage bound, sets the least amount
    expect(q.dailyBudgetLeftUsd).toBe(400_000n);
    expect(q.minValueInUsd).toBe(q.valueOutUsd - 400_000n);
    const short = await run(b, b.payer, await swap(1_000_000_000n, q.minReceiveRaw - 1n));
    expect(short.failure).toMatchObject({ constant: 'VAULT_ERROR__REBALANCE_BUDGET_EXCEEDED' });
    const ok = await run(b, b.payer, await swap(1_000_000_000n, q.minReceiveRaw));
    expect(ok.error).toBeNull();
  });

  it('buys a Token-2022 asset with cash at exactly the quoted least amount', async () => {
    // Given a vault with cash and a counterparty holding every mint
    const { b } = await fundedVault();
    const counterparty = await newCounterparty(b);
    const vault = await readVault(b);
    const nav = await getNavQuote(svmRpc(b.svm), SKU);
    // When the keeper quotes paying 1,000 USDC for asset 0 (Token-2022, multiplier 1.0571)
    const payAmountRaw = 1_000_000_000n;
    const q = quoteRebalanceLeg(nav, { pay: 'cash', receive: 0, payAmountRaw });
    if (!q.ok) throw new Error(q.refusal.message);
    const receive = await rebalanceSideAccounts(vault, 0);
    const swap = async (expectedAmountRaw: bigint) =>
      getRebalanceSwapInstructionsFor({
        keeper: b.keeper,
        vault,
        pay: 'cash',
        receive: 0,
        payAmountRaw,
        expectedAmountRaw,
        tradeAccount: counterparty.usdc,
        route: [
          getTransferCheckedInstruction({
            source: counterparty.assets[0]!,
            mint: receive.mint,
            destination: receive.holding,
            authority: counterparty.signer,
            amount: expectedAmountRaw,
            decimals: b.assets[0]!.mint.decimals,
            tokenProgram: b.assets[0]!.mint.tokenProgram,
          }),
        ],
      });
    // Then one raw unit less than the quote is refused
    const short = await run(b, b.payer, await swap(q.minReceiveRaw - 1n));
    expect(short.failure).toMatchObject({ constant: 'VAULT_ERROR__REBALANCE_SLIPPAGE' });
    // and the quote itself goes through: the counterparty gets the cash, the vault the asset
    const before = tokenAmount(b.svm, receive.holding);
    const ok = await run(b, b.payer, await swap(q.minReceiveRaw));
    expect(ok.error).toBeNull();
    expect(tokenAmount(b.svm, receive.holding) - before).toBe(q.minReceiveRaw);
    // and the settle's event, decoded, books the real delta
    const settled = decodeProgramEvents(ok.logs).find(
      (e) => e.status === 'decoded' && e.name === 'rebalanceSettled',
    );
    expect(settled?.status === 'decoded' && settled.event).toMatchObject({
      receiveSlot: 0,
      expectedRaw: q.minReceiveRaw,
      receivedRaw: q.minReceiveRaw,
    });
    expect(ok.used).toBeLessThanOrEqual(ok.model);
  });
});
