// The end-to-end scenario: every step in product order on one ledger (LiteSVM or a world), each step a module of
// steps/ that narrates itself through `say`. Returns the facts the test asserts.
import type { ScenarioFacts } from './facts.ts';
import type { Narrator } from './narrator.ts';
import { describeCalendar } from './steps/calendar.ts';
import { deployPrograms, type Target } from './steps/deploy.ts';
import { firstDeposit } from './steps/deposit.ts';
import { collectFees } from './steps/fees.ts';
import { createBasketMints } from './steps/mints.ts';
import { firstPush, secondPush } from './steps/nav.ts';
import { configureOracle, refuseWrongSigners } from './steps/oracle.ts';
import { rebalanceIntoBasket } from './steps/rebalance.ts';
import { claimRewards, distributeEpoch } from './steps/rewards-epoch.ts';
import { initializeRewards, stakeTokens } from './steps/rewards-setup.ts';
import { createVault } from './steps/vault.ts';
import { withdrawInKind, withdrawStable } from './steps/withdrawals.ts';

/**
 * Runs every step on LiteSVM (the default) or on a running world over RPC; throws on the
 * first thing that does not go as the product intends.
 *
 * @example
 * const facts = await runScenario(numberedNarrator((line) => console.log(line)));
 * const overRpc = await runScenario(say, { kind: 'rpc', manifestPath: '.localnet/world.json' });
 */
export async function runScenario(
  say: Narrator,
  target: Target = { kind: 'litesvm' },
  now = new Date(),
): Promise<ScenarioFacts> {
  describeCalendar(say, now, target.kind);
  const cast = await deployPrograms(say, target);
  const refusals = await refuseWrongSigners(cast, say);
  await configureOracle(cast, say);
  const basket = await createBasketMints(cast, say);
  const treasury = await createVault(cast, basket, say);
  const nav1 = await firstPush(cast, basket, say);
  const deposit = await firstDeposit(cast, basket, say);
  const rebalancedRaw = await rebalanceIntoBasket(cast, basket, say);
  const nav2 = await secondPush(cast, basket, say);
  const stableWithdrawal = await withdrawStable(cast, deposit.user, treasury, say);
  const inKindWithdrawal = await withdrawInKind(cast, basket, deposit.user, say);
  const fees = await collectFees(cast, treasury, say);
  const rewards = await initializeRewards(cast, basket, say);
  const stakers = await stakeTokens(cast, rewards, deposit.user.signer, say);
  const distribution = await distributeEpoch(cast, rewards, stakers, say);
  const claimed = await claimRewards(cast, rewards, distribution, deposit.user.signer, say);
  return {
    strangerRefusal: refusals.stranger,
    twoOfFiveRefusal: refusals.twoOfFive,
    navAfterFirstPush: nav1.navDownUsd,
    navAfterSecondPush: nav2.navDownUsd,
    quotedNavAfterSecondPush: nav2.quotedNavDownUsd,
    depositRaw: deposit.depositRaw,
    quotedShares: deposit.quotedShares,
    mintedShares: deposit.mintedShares,
    rebalancedRaw,
    stableWithdrawal,
    inKindWithdrawal,
    ...fees,
    ...claimed,
  };
}
