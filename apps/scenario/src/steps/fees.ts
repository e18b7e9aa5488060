// Step: the fee cranks, which anyone may send. The management fee accrues with time and is
// minted to the treasury as shares (it needs no price); the performance fee may crystallize
// at most once per 90 days, so 30 days after launch both the SDK's quote and the program
// refuse it with the same typed error.
import {
  getCollectMgmtFeeInstructionFor,
  getCollectPerfFeeInstructionFor,
  getNavQuote,
  PERF_FEE_PERIOD_SECS,
  quotePerfFee,
} from '@basket/sdk';
import { type Cast, readVault } from '../context.ts';
import type { ScenarioFacts } from '../facts.ts';
import { amount, cu, type Narrator } from '../narrator.ts';
import { STEPS } from './titles.ts';
import type { TreasuryAccounts } from './vault.ts';

const DAYS = 30n;

export async function collectFees(
  cast: Cast,
  treasury: TreasuryAccounts,
  say: Narrator,
): Promise<Pick<ScenarioFacts, 'mgmtFee' | 'perfFeeQuoteRefusal' | 'perfFeeRefusal'>> {
  say.step(STEPS.fees);
  const { ledger, sku } = cast;
  const { programs } = ledger;
  await ledger.advance(DAYS * 86_400n);
  const clockName = ledger.kind === 'rpc' ? "The world's clock" : 'LiteSVM clock';
  say.detail(
    `${clockName} moved ${DAYS} days to ${new Date(Number(await ledger.now()) * 1000).toISOString()}`,
  );
  const nav = await getNavQuote(ledger.rpc, sku, { programs });
  const quoted = nav.supply.feeSharesOwed + nav.supply.accruedMgmtFeeShares;
  const before = await ledger.tokenAmount(treasury.shares);
  const vault = await readVault(cast);
  const r = await ledger.land('collect_mgmt_fee', cast.keeper, [
    await getCollectMgmtFeeInstructionFor({ vault, treasuryShares: treasury.shares }, programs),
  ]);
  const minted = (await ledger.tokenAmount(treasury.shares)) - before;
  say.detail(
    `collect_mgmt_fee: ${amount(minted, 6, sku)} to the treasury (quoted ${quoted}, supply ${nav.supply.minted}); ${cu(r.computeUnits)}`,
  );

  const perfQuote = quotePerfFee(nav, { vaultProgram: programs.vault });
  const perfQuoteRefusal = perfQuote.ok ? null : perfQuote.refusal.constant;
  const refused = await ledger.refused('collect_perf_fee before 90 days', cast.keeper, [
    await getCollectPerfFeeInstructionFor({ vault, treasuryShares: treasury.shares }, programs),
  ]);
  const due = new Date(Number(nav.config.lastPerfFeeTime + PERF_FEE_PERIOD_SECS) * 1000);
  say.detail(
    `collect_perf_fee refused: ${refused.kind === 'custom' ? refused.constant : refused.message} (SDK quote: ${perfQuoteRefusal}); due from ${due.toISOString()}`,
  );
  return {
    mgmtFee: { quotedShares: quoted, mintedShares: minted },
    perfFeeQuoteRefusal: perfQuoteRefusal,
    perfFeeRefusal: refused.kind === 'custom' ? refused.constant : null,
  };
}
