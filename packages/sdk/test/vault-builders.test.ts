// The deposit builder executed in LiteSVM: accounts resolved from VaultState (cash holding PDA
// included), amounts from quoteDeposit, compute-unit limit from the cost table.
import { send, tokenAmount } from '@basket/test-harness';
import type { Blockhash } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  depositIx,
  initVault,
  newDepositor,
  patchVault,
  SKU,
  setupBasket,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  buildTransactionMessage,
  COMPUTE_BUDGET_INSTRUCTION_COST,
  findSkuAddresses,
  findVaultHoldingPda,
  getDepositInstructionFor,
  getNavQuote,
  measuredUnits,
  quoteDeposit,
  rawAmount,
  readAccounts,
  vaultStateAccount,
} from '../src/index.ts';
import { sendMessage } from './support/send-message.ts';
import { svmRpc } from './support/svm-rpc.ts';

const USDC = 1_000_000n;

describe('deposit builder in LiteSVM', () => {
  it('deposits the quoted amount for exactly the quoted shares within the cost model', async () => {
    // Given a vault holding three assets (two with non-unit multipliers) and a depositor
    const b = await setupBasket();
    await initVault(b);
    patchVault(b, (s) => ({
      ...s,
      cashRaw: 2_000n * USDC,
      assets: s.assets.map((a, i) =>
        i < 3 ? { ...a, holdingsRaw: [350_000_000n, 10_000_000n, 7_000_000_000n][i]! } : a,
      ),
    }));
    writeSnapshot(b);
    const alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 500n * USDC, 0n)], b.payer)).ok).toBe(true);

    // When the SDK reads the vault, quotes 777.777777 USDC and builds the deposit
    const rpc = svmRpc(b.svm);
    const { vaultState } = await findSkuAddresses(SKU);
    const [vault] = await readAccounts(rpc, [vaultStateAccount(vaultState)]);
    if (!vault.exists) throw new Error('vault missing');
    expect((await findVaultHoldingPda(vault.data.skuId, vault.data.stableMint))[0]).toBe(
      b.cashHolding,
    );
    const nav = await getNavQuote(rpc, SKU, { now: b.svm.getClock().unixTimestamp });
    const q = quoteDeposit(nav, rawAmount(777_777_777n), { slippageBps: 0 });
    if (!q.ok) throw new Error(q.refusal.message);
    const deposit = await getDepositInstructionFor({
      depositor: alice.signer,
      vault: { address: vault.address, data: vault.data },
      source: alice.usdcAccount,
      destination: alice.shareAccount,
      rawAmount: q.rawAmount,
      minSharesOut: q.minSharesOut,
    });
    b.svm.expireBlockhash();
    const before = tokenAmount(b.svm, alice.shareAccount);
    const r = await sendMessage(
      b.svm,
      buildTransactionMessage({
        feePayer: alice.signer,
        lifetime: {
          blockhash: b.svm.latestBlockhash() as Blockhash,
          lastValidBlockHeight: 1_000_000n,
        },
        instructions: [deposit],
        priorityFeeMicroLamports: 2_500n,
      }),
    );

    // Then it lands, mints exactly the quote, and used no more than the cost model
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount) - before).toBe(q.shares);
    const used = Number(r.computeUnits) - 2 * COMPUTE_BUDGET_INSTRUCTION_COST;
    const model = measuredUnits(deposit.costs);
    expect(used).toBeLessThanOrEqual(model);
    expect(model * 2).toBeLessThanOrEqual(used * 3);
  });
});
