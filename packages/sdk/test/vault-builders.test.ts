// The deposit builder executed in LiteSVM: accounts resolved from VaultState (cash holding PDA
// included), amounts from quoteDeposit, compute-unit limit from the cost table.
import { send, setUnixTime, tokenAmount } from '@basket/test-harness';
import type { Blockhash } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  depositIx,
  FLAG_MARKET_OPEN,
  initVault,
  multiplierNum,
  newDepositor,
  newRedeemerAccounts,
  patchVault,
  SKU,
  setupBasket,
  treasuryAccounts,
  writeSnapshot,
} from '../../../programs/vault/tests/fixture.ts';
import {
  buildTransactionMessage,
  COMPUTE_BUDGET_INSTRUCTION_COST,
  decodeProgramEvents,
  findSkuAddresses,
  findVaultHoldingPda,
  getCollectMgmtFeeInstructionFor,
  getCollectPerfFeeInstructionFor,
  getCollectWithdrawFeesInstructionFor,
  getDepositInstructionFor,
  getNavQuote,
  getWithdrawInKindInstructionFor,
  getWithdrawUsdcInstructionFor,
  measuredUnits,
  quoteDeposit,
  quoteInKindWithdrawal,
  quotePerfFee,
  quoteStableWithdrawal,
  rawAmount,
  readAccounts,
  vaultStateAccount,
} from '../src/index.ts';
import { sendMessage } from './support/send-message.ts';
import { svmRpc } from './support/svm-rpc.ts';
import { fundedVault, readVault, run, USDC } from './support/vault-world.ts';

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
    // A push after it: the measured deposit prices every asset, the case the budget covers.
    writeSnapshot(b);

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

describe('withdrawal builders in LiteSVM', () => {
  it('withdraw_usdc pays exactly the quoted net and refuses one unit more', async () => {
    // Given Alice holds shares of a vault with a cash buffer
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const vault = await readVault(b);
    const shares = tokenAmount(b.svm, alice.shareAccount) / 3n;
    // When the SDK quotes a third of her shares
    const nav = await getNavQuote(svmRpc(b.svm), SKU, { now: b.svm.getClock().unixTimestamp });
    const q = quoteStableWithdrawal(nav, shares);
    if (!q.ok) throw new Error(q.refusal.message);
    const build = (quotedOut: bigint) =>
      getWithdrawUsdcInstructionFor({
        owner: alice.signer,
        vault,
        shareSource: alice.shareAccount,
        destination: alice.usdcAccount,
        treasuryStable: treasury.usdc,
        shares,
        quotedOut,
        maxSlipBps: 0,
      });
    // Then asking for one unit more than quoted is refused, and the quote is paid exactly
    const tooMuch = await run(b, alice.signer, await build(q.netUsd + 1n));
    expect(tooMuch.failure).toMatchObject({ constant: 'VAULT_ERROR__SLIPPAGE_EXCEEDED' });
    const before = tokenAmount(b.svm, alice.usdcAccount);
    const r = await run(b, alice.signer, await build(q.netUsd));
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.usdcAccount) - before).toBe(q.netUsd);
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(0n);
    expect(r.used).toBeLessThanOrEqual(r.model);
    expect(r.model * 2).toBeLessThanOrEqual(r.used * 3);
    // The fee waits in the cash buffer until anyone collects it for the treasury
    expect((await readVault(b)).data.withdrawFeesOwed).toBe(q.feeUsd);
    const collect = await run(
      b,
      alice.signer,
      await getCollectWithdrawFeesInstructionFor({
        vault: await readVault(b),
        treasuryStable: treasury.usdc,
      }),
    );
    expect(collect.error).toBeNull();
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(q.feeUsd);
    expect((await readVault(b)).data.withdrawFeesOwed).toBe(0n);
    expect(collect.used).toBeLessThanOrEqual(collect.model);
    expect(collect.model * 2).toBeLessThanOrEqual(collect.used * 3);
    // and the logs carry one WithdrawStable event with the same amounts
    const [event, ...others] = decodeProgramEvents(r.logs);
    expect(others).toEqual([]);
    expect(event).toMatchObject({ status: 'decoded', program: 'vault', name: 'withdrawStable' });
    expect(event?.status === 'decoded' && event.event).toMatchObject({
      owner: alice.signer.address,
      shares,
      netUsd: q.netUsd,
      feeUsd: q.feeUsd,
      grossUsd: q.netUsd + q.feeUsd,
    });
  });

  it('collect_mgmt_fee mints the quoted owed and accrued fee shares to the treasury', async () => {
    // Given a funded vault a year later (no fresh snapshot needed: time and supply only)
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    setUnixTime(b.svm, b.svm.getClock().unixTimestamp + 365n * 86_400n);
    const nav = await getNavQuote(svmRpc(b.svm), SKU);
    const owed = nav.supply.feeSharesOwed + nav.supply.accruedMgmtFeeShares;
    expect(owed).toBeGreaterThan(0n);
    // When anyone collects through the SDK
    const r = await run(
      b,
      alice.signer,
      await getCollectMgmtFeeInstructionFor({
        vault: await readVault(b),
        treasuryShares: treasury.shares,
      }),
    );
    // Then the treasury receives exactly the quoted shares
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBe(owed);
    expect(r.used).toBeLessThanOrEqual(r.model);
    expect(r.model * 2).toBeLessThanOrEqual(r.used * 3);
  });

  it('withdraw_usdc after a price rise pays at the previous, lower snapshot (price memory)', async () => {
    // Given the vault priced with snapshot 1, then a push where every price rose 7%
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    writeSnapshot(b, {
      sequence: 2n,
      entries: b.assets.map((a) => ({
        mint: a.mint.address,
        priceUsd1e8: (a.priceUsd1e8 * 107n) / 100n,
        multiplierNum: multiplierNum(a.multiplier),
        flags: FLAG_MARKET_OPEN,
      })),
    });
    const shares = tokenAmount(b.svm, alice.shareAccount) / 4n;
    const q = quoteStableWithdrawal(await getNavQuote(svmRpc(b.svm), SKU), shares);
    if (!q.ok) throw new Error(q.refusal.message);
    // When she withdraws asking for exactly the quote
    const before = tokenAmount(b.svm, alice.usdcAccount);
    const r = await run(
      b,
      alice.signer,
      await getWithdrawUsdcInstructionFor({
        owner: alice.signer,
        vault: await readVault(b),
        shareSource: alice.shareAccount,
        destination: alice.usdcAccount,
        treasuryStable: treasury.usdc,
        shares,
        quotedOut: q.netUsd,
        maxSlipBps: 0,
      }),
    );
    // Then she receives exactly the quoted net
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.usdcAccount) - before).toBe(q.netUsd);
  });

  it('predicts InsufficientCash and VaultPaused as the program returns them', async () => {
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const shares = tokenAmount(b.svm, alice.shareAccount) / 2n;
    const attempt = async () =>
      run(
        b,
        alice.signer,
        await getWithdrawUsdcInstructionFor({
          owner: alice.signer,
          vault: await readVault(b),
          shareSource: alice.shareAccount,
          destination: alice.usdcAccount,
          treasuryStable: treasury.usdc,
          shares,
          quotedOut: 0n,
          maxSlipBps: 0,
        }),
      );
    // Given a cash book below the value of half of Alice's shares
    patchVault(b, (s) => ({ ...s, cashRaw: 1_000n * USDC }));
    let nav = await getNavQuote(svmRpc(b.svm), SKU);
    const short = quoteStableWithdrawal(nav, shares);
    expect(short.ok || short.refusal.constant).toBe('VAULT_ERROR__INSUFFICIENT_CASH');
    expect((await attempt()).failure).toMatchObject({ constant: 'VAULT_ERROR__INSUFFICIENT_CASH' });
    // Given a paused vault
    patchVault(b, (s) => ({ ...s, paused: 1 }));
    nav = await getNavQuote(svmRpc(b.svm), SKU);
    const paused = quoteStableWithdrawal(nav, shares);
    expect(paused.ok || paused.refusal.constant).toBe('VAULT_ERROR__VAULT_PAUSED');
    const deposit = quoteDeposit(nav, rawAmount(10n * USDC));
    expect(deposit.ok || deposit.refusal.constant).toBe('VAULT_ERROR__VAULT_PAUSED');
    expect((await attempt()).failure).toMatchObject({ constant: 'VAULT_ERROR__VAULT_PAUSED' });
  });

  it('collect_perf_fee mints the quoted performance fee after a gain at the 90-day period end', async () => {
    // Given a vault whose prices rose 50% over 91 days, seen in two snapshots (the price
    // memory prices payouts and fees at the lower of the last two)
    const { b, alice } = await fundedVault();
    const treasury = await treasuryAccounts(b);
    const risen = (sequence: bigint) =>
      writeSnapshot(b, {
        sequence,
        entries: b.assets.map((a) => ({
          mint: a.mint.address,
          priceUsd1e8: (a.priceUsd1e8 * 3n) / 2n,
          multiplierNum: multiplierNum(a.multiplier),
          flags: FLAG_MARKET_OPEN,
        })),
      });
    // An hour after the first period end (the fee runs within two days of a fixed 90-day end).
    setUnixTime(b.svm, b.svm.getClock().unixTimestamp + 90n * 86_400n + 3_600n);
    risen(2n);
    expect((await send(b.svm, [depositIx(b, alice, 10n * USDC, 0n)], b.payer)).ok).toBe(true);
    risen(3n);
    // When the SDK quotes and anyone collects
    const q = quotePerfFee(await getNavQuote(svmRpc(b.svm), SKU));
    if (!q.ok) throw new Error(q.refusal.message);
    expect(q.feeShares).toBeGreaterThan(0n);
    const r = await run(
      b,
      alice.signer,
      await getCollectPerfFeeInstructionFor({
        vault: await readVault(b),
        treasuryShares: treasury.shares,
      }),
    );
    // Then the treasury receives exactly the quoted fee shares, and a second call is not due
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBe(q.feeShares);
    expect(r.used).toBeLessThanOrEqual(r.model);
    const again = quotePerfFee(await getNavQuote(svmRpc(b.svm), SKU));
    expect(again.ok || again.refusal.constant).toBe('VAULT_ERROR__PERF_FEE_NOT_DUE');
  });

  it('withdraw_in_kind pays exactly the quoted raw amounts of every asset and the cash', async () => {
    const { b, alice } = await fundedVault();
    const to = await newRedeemerAccounts(b, alice.signer.address);
    const vault = await readVault(b);
    const shares = tokenAmount(b.svm, alice.shareAccount) / 2n;
    const nav = await getNavQuote(svmRpc(b.svm), SKU, { now: b.svm.getClock().unixTimestamp });
    const q = quoteInKindWithdrawal(nav, shares);
    if (!q.ok) throw new Error(q.refusal.message);
    expect(q.assets.every((a) => a.amountRaw > 0n)).toBe(true);
    const r = await run(
      b,
      alice.signer,
      await getWithdrawInKindInstructionFor({
        owner: alice.signer,
        vault,
        shareSource: alice.shareAccount,
        stableDestination: to.usdcAccount,
        assetDestinations: to.assetAccounts,
        shares,
      }),
    );
    expect(r.error).toBeNull();
    q.assets.forEach((a, i) => {
      expect(tokenAmount(b.svm, to.assetAccounts[i]!)).toBe(a.amountRaw);
    });
    expect(tokenAmount(b.svm, to.usdcAccount)).toBe(q.cashRaw);
    expect(r.used).toBeLessThanOrEqual(r.model);
    expect(r.model * 2).toBeLessThanOrEqual(r.used * 3);
  });
});
