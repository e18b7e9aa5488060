/**
 * Compute-unit limits from measured costs. Each entry is the largest cost measured in LiteSVM
 * (mainnet feature set) for the instruction, every CPI included, with canonical-bump searches
 * taken out: a program that searches a PDA's bump from 255 down pays one `create_program_address`
 * per rejected bump, which the SDK knows from the PDA it derived, so those steps are separate
 * entries. The SDK's builder tests re-measure every entry and fail when a program change makes
 * the table too small (or much too large).
 */

import { ADMIN_COMPUTE_UNIT_COSTS } from './admin-compute-unit-costs.ts';
import { SDK_ERROR__UNKNOWN_COMPUTE_COST, SdkError } from './sdk-errors.ts';

/**
 * Measured compute units per instruction (bump 255 where a search happens), with the case.
 *
 * @example
 * COMPUTE_UNIT_COSTS['rewards.stake'].computeUnits;
 */
export const COMPUTE_UNIT_COSTS = Object.freeze({
  /** One rejected bump of an on-chain `find_program_address` (`create_program_address`). */
  'runtime.bumpSearchStep': { computeUnits: 1_500, measured: 'stake, bumps 255 to 252' },
  'rewards.stake': {
    computeUnits: 8_100,
    measured: 'Token-2022 staking mint, bump 255 (bench 8,000)',
  },
  'rewards.unstake': { computeUnits: 4_500, measured: 'after the lock, Token-2022 staking mint' },
  /**
   * Claim without reward mints and proof levels: claim status creation (an address with seed,
   * the same cost for every claimant), leaf, checks. A claim status someone pre-funded costs
   * ~1,200 more (top-up and allocate); the default margin covers it at depth 20.
   */
  'rewards.claim': {
    computeUnits: 2_600,
    measured: 'bench: 1 mint at depth 4 (6,295), less the parts below',
  },
  /**
   * One reward mint paid that is not an issuer mint: SPL Token, or Token-2022 without the
   * issuer's extension set (Token-2022's own transfer is ~1,450 CU cheaper on such a mint).
   */
  'rewards.claimPerMint': {
    computeUnits: 3_400,
    measured: 'claims on ScaledUiAmount-only Token-2022 mints before issue 14 (SPL Token less)',
  },
  /**
   * One issuer mint paid (Token-2022 with the issuer's set; the epoch's Pausable bit marks
   * it): Token-2022's transfer on eight extensions and the can-it-move checks.
   */
  'rewards.claimPerIssuerMint': {
    computeUnits: 4_900,
    measured: 'bench: 1, 5 and 10 issuer mints at depth 4 (about 4,850 each)',
  },
  /** One proof level (a 64-byte sha256 and a compare). */
  'rewards.claimPerProofLevel': { computeUnits: 155, measured: 'bench: depths 4, 10 and 20' },
  /**
   * Deposit, per held asset below. Budgeted for the full pricing (the first NAV-priced call
   * after a push, with the price-memory roll): a builder cannot know whether the cached NAV
   * will still be valid when the transaction lands. Cached, a deposit costs 5.1k-6.5k CU.
   */
  'vault.deposit': { computeUnits: 6_300, measured: 'bench: 1 to 20 held assets, with a roll' },
  /** One asset priced in full by deposit, withdraw_usdc or refresh_nav: guard, mint, pricing. */
  'vault.perPricedAsset': {
    computeUnits: 460,
    measured:
      'bench: 1 to 20 held assets, mixed and all-issuer baskets (refresh_nav 11,088 at 20 issuer mints); the decoded multiplier cached per asset',
  },
  /** request_withdraw_usdc at request bump 255 (the bump search is priced separately). */
  'vault.requestWithdrawUsdc': {
    computeUnits: 10_500,
    measured: 'vault tests: 10,377 (bump search included)',
  },
  /** fulfil_withdrawal; per priced asset add `vault.perPricedAsset`. */
  'vault.fulfilWithdrawal': {
    computeUnits: 6_300,
    measured: 'vault tests: 5,661 at 3 assets (the fee stays in the buffer: one transfer)',
  },
  'vault.cancelWithdrawal': { computeUnits: 4_000, measured: 'vault tests: 3,604' },
  /** withdraw_usdc, budgeted for the full pricing like `vault.deposit` (5.6k-6.9k cached). */
  'vault.withdrawUsdc': {
    computeUnits: 6_400,
    measured: 'bench: 1 to 20 held assets (the fee stays in the buffer: one transfer)',
  },
  /** refresh_nav, per held asset `vault.perPricedAsset` (the keeper sends it after a push). */
  'vault.refreshNav': {
    computeUnits: 2_000,
    measured: 'bench: 1,866 / 10,125 at 1 / 20 held assets, 3,991 / 11,088 at 5 / 20 issuer mints',
  },
  'vault.withdrawInKind': {
    computeUnits: 7_900,
    measured: 'bench: 1, 5 and 10 assets + cash; SDK test 17,929 at 3 (one shared token CPI call)',
  },
  /** One asset paid in kind: guard, holding check and a TransferChecked. */
  /**
   * One stock transfer through a transfer hook that is set (Token-2022 invoking the hook
   * program with its extra accounts), on top of `vault.perPaidAsset` or the leg's cost.
   */
  'vault.perHookedTransfer': {
    computeUnits: 8_000,
    measured:
      'SDK test over 48 fresh mints: 7,920 at validation bump 255 (+3,000 per bump below, priced apart); in kind, hook set vs unset: 7,933',
  },
  /**
   * One hook account a program passes through to one of its Token-2022 transfer CPIs (the
   * vault forwards what follows its own accounts to every stock transfer, the rewards program
   * to every reward transfer), hook set or not.
   */
  'vault.perForwardedHookAccount': {
    computeUnits: 400,
    measured:
      'bench: in kind, 3 accounts to 3 stock transfers 2,756 (306 each); rebalance_leg 3 to 1: 1,116; claim 3 to 1: 928',
  },
  'vault.perPaidAsset': {
    computeUnits: 3_500,
    measured:
      'bench: 1, 5, 10 issuer-mint assets + cash: 10,831 / 24,630 / 39,925 (reconcile, freeze, pause)',
  },
  /** begin_redemption at claim bump 255 (the bump search is priced separately). */
  'vault.beginRedemption': { computeUnits: 9_200, measured: 'docs/vault.md: 1 to 20 assets' },
  'vault.perRedeemedAsset': {
    computeUnits: 150,
    measured: 'docs/vault.md: 10 vs 20 assets, each holding reconciled (~45 CU) since issue 14',
  },
  /** pay_redemption with the cash part; per asset slot add `vault.perPaidAsset`. */
  'vault.payRedemption': { computeUnits: 6_200, measured: 'docs/vault.md: 5 and 10 slots' },
  /** rebalance_leg including its payment CPI (either token program). */
  'vault.rebalanceLeg': {
    computeUnits: 4_500,
    measured:
      'SDK test: 7,067 for the swap (leg, transfer, settle); both sides reconciled with their holdings',
  },
  /** rebalance_settle: balance check, booking of the real delta, RebalanceSettled event. */
  'vault.rebalanceSettle': {
    computeUnits: 1_000,
    measured: 'bench: whole swap less leg and delivery (SPL Token), with the settle event',
  },
  /** A counterparty TransferChecked of a Token-2022 ScaledUiAmount mint. */
  'token2022.transferChecked': {
    computeUnits: 2_300,
    measured: 'bench: whole swap less leg (T22)',
  },
  'token.transferChecked': { computeUnits: 400, measured: 'bench: whole swap less leg (SPL)' },
  'vault.collectPerfFee': { computeUnits: 7_000, measured: 'docs/vault.md: 6,828 at 1 asset' },
  'vault.collectMgmtFee': { computeUnits: 4_500, measured: 'docs/vault.md: 4,431' },
  'vault.collectWithdrawFees': { computeUnits: 2_300, measured: 'vault tests: 1,985' },
  ...ADMIN_COMPUTE_UNIT_COSTS,
} as const);

/**
 * A key of {@link COMPUTE_UNIT_COSTS}.
 *
 * @example
 * const key: ComputeCostKey = 'vault.deposit';
 */
export type ComputeCostKey = keyof typeof COMPUTE_UNIT_COSTS;

/**
 * One cost of an instruction: a table entry, `count` times (default once).
 *
 * @example
 * const costs: ComputeCost[] = [{ key: 'rewards.stake' }, { key: 'runtime.bumpSearchStep', count: 255 - bump }];
 */
export interface ComputeCost {
  readonly key: ComputeCostKey;
  readonly count?: number;
}

/**
 * How many times a transfer through a set hook searches the bump of the mint's validation
 * account `["extra-account-metas", mint]`: Token-2022 once (it derives the account to find it
 * among the instruction's) and the hook once (the test hook checks it; a hook that does not
 * is over-budgeted by this search alone). A bump k below 255 costs `runtime.bumpSearchStep`
 * k times more in each search.
 */
const VALIDATION_SEARCHES_PER_HOOKED_TRANSFER = 2;

/**
 * The budget of transfers through a set transfer hook, on top of each transfer's own cost:
 * `vault.perHookedTransfer` each (measured at bump 255), plus the bump searches below 255
 * of each one's validation account, from the bump the SDK derived when it resolved the
 * hook's accounts (`resolveTransferHook`, `hookValidationBumps`). Every builder and caller
 * that prices a hooked transfer uses this, so they stay priced alike; no blanket margin (a
 * test over many fresh mints holds it within 200 CU of what the hook uses).
 *
 * @example
 * const costs: ComputeCost[] = [{ key: 'token2022.transferChecked' }, ...hookedTransferCosts([254])];
 */
export function hookedTransferCosts(validationBumps: readonly number[]): ComputeCost[] {
  if (validationBumps.length === 0) return [];
  const below = validationBumps.reduce((sum, bump) => sum + (255 - bump), 0);
  const costs: ComputeCost[] = [{ key: 'vault.perHookedTransfer', count: validationBumps.length }];
  if (below > 0) {
    costs.push({
      key: 'runtime.bumpSearchStep',
      count: VALIDATION_SEARCHES_PER_HOOKED_TRANSFER * below,
    });
  }
  return costs;
}

/**
 * Cost of each compute-budget instruction itself.
 *
 * @example
 * COMPUTE_BUDGET_INSTRUCTION_COST; // 150
 */
export const COMPUTE_BUDGET_INSTRUCTION_COST = 150;
/**
 * Largest compute-unit limit a transaction may request.
 *
 * @example
 * MAX_COMPUTE_UNIT_LIMIT; // 1_400_000
 */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/**
 * Default margin over the measured cost, in basis points (20%).
 *
 * @example
 * DEFAULT_COMPUTE_MARGIN_BPS; // 2_000
 */
export const DEFAULT_COMPUTE_MARGIN_BPS = 2_000;

/**
 * Units of the given costs without margin.
 *
 * @throws {SdkError} `SDK_ERROR__UNKNOWN_COMPUTE_COST` for a key the table does not have.
 * @example
 * measuredUnits([{ key: 'rewards.stake' }, { key: 'runtime.bumpSearchStep', count: 2 }]);
 */
export function measuredUnits(costs: readonly ComputeCost[]): number {
  let sum = 0;
  for (const cost of costs) {
    const entry = (COMPUTE_UNIT_COSTS as Record<string, { computeUnits: number }>)[cost.key];
    if (!entry) throw new SdkError(SDK_ERROR__UNKNOWN_COMPUTE_COST, { instruction: cost.key });
    sum += entry.computeUnits * (cost.count ?? 1);
  }
  return sum;
}

/**
 * The compute-unit limit for a transaction: the measured costs plus a margin, plus the
 * compute-budget instructions themselves, capped at 1.4M.
 *
 * @example
 * computeUnitLimit([{ key: 'vault.deposit' }], { budgetInstructions: 2 });
 */
export function computeUnitLimit(
  costs: readonly ComputeCost[],
  options: { marginBps?: number; budgetInstructions?: number } = {},
): number {
  const margin = options.marginBps ?? DEFAULT_COMPUTE_MARGIN_BPS;
  const withMargin = Math.ceil((measuredUnits(costs) * (10_000 + margin)) / 10_000);
  const budget = (options.budgetInstructions ?? 1) * COMPUTE_BUDGET_INSTRUCTION_COST;
  return Math.min(withMargin + budget, MAX_COMPUTE_UNIT_LIMIT);
}
