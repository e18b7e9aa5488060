// Steps: the two ways out. A stablecoin withdrawal is paid from the cash buffer at the NAV
// rounded down, less the 0.05% fee, which stays in the buffer owed to the treasury until
// anyone sends collect_withdraw_fees (sent here right after); an in-kind withdrawal pays a
// pro-rata slice of every holding and of the cash, no fee, no price needed beyond the guards.
// Both are quoted by the SDK first and built by its flow builders (missing ATAs created).
import {
  getCollectWithdrawFeesInstructionFor,
  getNavQuote,
  getWithdrawInKindInstructionsFor,
  getWithdrawUsdcInstructionsFor,
  quoteInKindWithdrawal,
  quoteStableWithdrawal,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { type Basket, type Cast, readVault, tokenAmountText } from '../context.ts';
import type { ScenarioFacts } from '../facts.ts';
import { amount, cu, type Narrator, usd } from '../narrator.ts';
import type { User } from './deposit.ts';
import { STEPS } from './titles.ts';
import { type TreasuryAccounts, VAULT_TERMS } from './vault.ts';

const STABLE_SHARES = 300_000_000n; // 300 shares
const IN_KIND_SHARES = 2_000_000_000n; // 2,000 shares

const balance = (cast: Cast, account: Address) => cast.ledger.tokenAmount(account);

export async function withdrawStable(
  cast: Cast,
  user: User,
  treasury: TreasuryAccounts,
  say: Narrator,
): Promise<ScenarioFacts['stableWithdrawal']> {
  say.step(STEPS.withdrawStable);
  const { ledger, sku } = cast;
  const { programs } = ledger;
  const q = quoteStableWithdrawal(await getNavQuote(ledger.rpc, sku, { programs }), STABLE_SHARES, {
    vaultProgram: programs.vault,
  });
  if (!q.ok) throw new Error(`the stablecoin withdrawal was refused: ${q.refusal.message}`);
  say.detail(
    `quoteStableWithdrawal(${amount(STABLE_SHARES, 6, sku)}): gross ${usd(q.grossUsd)}, fee ${usd(q.feeUsd)} (${VAULT_TERMS.withdrawFeeBps / 100}%, rounded up), net ${usd(q.netUsd)}`,
  );
  const userBefore = await balance(cast, user.usdc);
  const feeBefore = await balance(cast, treasury.stable);
  const flow = await getWithdrawUsdcInstructionsFor(
    {
      owner: user.signer,
      vault: await readVault(cast),
      treasuryStable: treasury.stable,
      shares: STABLE_SHARES,
      quotedOut: q.netUsd,
      maxSlipBps: 50,
    },
    { rpc: ledger.rpc, programs },
  );
  const r = await ledger.land('withdraw_usdc', user.signer, flow.instructions);
  const received = (await balance(cast, user.usdc)) - userBefore;
  // The fee waits in the cash buffer, owed to the treasury; anyone (the user here) collects it.
  const collect = await getCollectWithdrawFeesInstructionFor(
    { vault: await readVault(cast), treasuryStable: treasury.stable },
    programs,
  );
  await ledger.land('collect_withdraw_fees', user.signer, [collect]);
  const feeReceived = (await balance(cast, treasury.stable)) - feeBefore;
  say.detail(
    `received ${amount(received, 6, 'USDC')} (quoted ${q.netUsd}); treasury fee ${amount(feeReceived, 6, 'USDC')}; ${cu(r.computeUnits)}, ${r.txBytes} bytes`,
  );
  return { shares: STABLE_SHARES, quotedNet: q.netUsd, received, fee: q.feeUsd, feeReceived };
}

export async function withdrawInKind(
  cast: Cast,
  basket: Basket,
  user: User,
  say: Narrator,
): Promise<ScenarioFacts['inKindWithdrawal']> {
  say.step(STEPS.withdrawInKind);
  const { ledger, sku } = cast;
  const { programs } = ledger;
  const q = quoteInKindWithdrawal(
    await getNavQuote(ledger.rpc, sku, { programs }),
    IN_KIND_SHARES,
    { vaultProgram: programs.vault },
  );
  if (!q.ok) throw new Error(`the in-kind withdrawal was refused: ${q.refusal.message}`);
  const flow = await getWithdrawInKindInstructionsFor(
    { owner: user.signer, vault: await readVault(cast), shares: IN_KIND_SHARES },
    { rpc: ledger.rpc, programs },
  );
  const before = await Promise.all(flow.accounts.assets.map((a) => balance(cast, a)));
  const cashBefore = await balance(cast, flow.accounts.stable);
  const r = await ledger.land('withdraw_in_kind', user.signer, flow.instructions);
  say.detail(
    `burned ${amount(IN_KIND_SHARES, 6, sku)}: ${flow.instructions.length - 1} asset ATAs created + withdraw_in_kind, ${cu(r.computeUnits)}, ${r.txBytes} bytes`,
  );
  const after = await Promise.all(flow.accounts.assets.map((a) => balance(cast, a)));
  const receivedAssets = after.map((a, i) => a - (before[i] ?? 0n));
  for (const [i, asset] of basket.assets.entries()) {
    const got = receivedAssets[i] ?? 0n;
    say.detail(
      `${asset.symbol}: ${await tokenAmountText(ledger, asset.mint.address, got, asset.symbol)} (quoted ${q.assets[i]?.amountRaw})`,
    );
  }
  const receivedCash = (await balance(cast, flow.accounts.stable)) - cashBefore;
  say.detail(`USDC: ${amount(receivedCash, 6, 'USDC')} (quoted ${q.cashRaw}); no fee in kind`);
  return {
    shares: IN_KIND_SHARES,
    quotedAssets: q.assets.map((a) => a.amountRaw),
    receivedAssets,
    quotedCash: q.cashRaw,
    receivedCash,
  };
}
