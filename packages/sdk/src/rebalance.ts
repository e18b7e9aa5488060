/**
 * Keeper side of a rebalance (vault `rebalance_leg` / `rebalance_settle`): the slippage bound
 * the program enforces, as the smallest incoming amount it accepts for a given outgoing
 * amount, and the rebalance transaction: `rebalance_leg`, any route, `rebalance_settle`.
 */

import {
  getRebalanceLegInstruction,
  getRebalanceSettleInstruction,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__SAME_MINT,
  VAULT_ERROR__VAULT_PAUSED,
} from '@basket/vault-client';
import type { Address, Instruction, TransactionSigner } from '@solana/kit';
import type { NavQuote, VaultRefusal } from './nav-quote.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { type QuoteProgramOptions, quotePrograms, vaultRefusal } from './quote-programs.ts';
import { assetValueUsd, BPS, mulDiv } from './share-math.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';
import { findVaultHoldingPda, type VaultStateAccount } from './vault-instructions.ts';

const INSTRUCTIONS_SYSVAR = 'Sysvar1nstructions1111111111111111111111111' as Address;

/**
 * One side of a leg: the stablecoin cash buffer or an asset index of the vault.
 *
 * @example
 * const leg = { pay: 'cash' as RebalanceSide, receive: 0 as RebalanceSide };
 */
export type RebalanceSide = 'cash' | number;

/**
 * The bound a leg must meet, or the program's refusal.
 *
 * @example
 * const bound = quoteRebalanceLeg(nav, { pay: 'cash', receive: 0, payAmountRaw: 1_000_000_000n });
 */
export type RebalanceLegQuote =
  | {
      readonly ok: true;
      /** Value of the outgoing side at the snapshot, rounded up (1e-6 USD). */
      readonly valueOutUsd: bigint;
      /**
       * The least incoming value accepted: the larger of `ceil(valueOut x (1 - maxSlipBps))`
       * and `valueOut - dailyBudgetLeftUsd`.
       */
      readonly minValueInUsd: bigint;
      /** What is left today of the daily loss budget (`max_slip_bps` of the last NAV). */
      readonly dailyBudgetLeftUsd: bigint;
      /** The least incoming raw amount accepted (its value rounded down reaches the bound). */
      readonly minReceiveRaw: bigint;
    }
  | { readonly ok: false; readonly refusal: VaultRefusal };

function sideValue(nav: NavQuote, side: RebalanceSide, raw: bigint, rounding: 'down' | 'up') {
  if (side === 'cash') return { value: raw };
  const asset = nav.assets[side];
  if (!asset) throw new RangeError(`asset ${side} is not in the vault`);
  if (asset.guardFailure) return { refusal: asset.guardFailure };
  const entry = asset.entry!;
  const value = assetValueUsd(
    raw,
    entry.multiplierNum,
    entry.priceUsd1e8,
    asset.decimals,
    rounding,
  );
  return { value };
}

/**
 * The program's bounds for paying `payAmountRaw` of `pay` and receiving `receive`: outgoing
 * value rounded up, incoming rounded down, without the price memory (legs are priced at the
 * current snapshot alone); the incoming value must reach `max_slip_bps` of the outgoing one
 * and the leg's loss (out - in) must fit what is left of the UTC day's loss budget,
 * `max_slip_bps` of the vault's last recorded NAV.
 *
 * @example
 * const q = quoteRebalanceLeg(nav, { pay: 'cash', receive: 0, payAmountRaw: 1_000_000_000n });
 * if (q.ok && rfqReceiveRaw < q.minReceiveRaw) requote();
 */
export function quoteRebalanceLeg(
  nav: NavQuote,
  leg: { pay: RebalanceSide; receive: RebalanceSide; payAmountRaw: bigint },
  options: QuoteProgramOptions = {},
): RebalanceLegQuote {
  const programs = quotePrograms(options, nav.programs);
  const no = (refusal: VaultRefusal): RebalanceLegQuote => ({ ok: false, refusal });
  const refuse = (code: number) => no(vaultRefusal(programs, code));
  if (leg.payAmountRaw === 0n) return refuse(VAULT_ERROR__AMOUNT_TOO_SMALL);
  if (leg.pay === leg.receive) return refuse(VAULT_ERROR__SAME_MINT);
  if (nav.paused) return refuse(VAULT_ERROR__VAULT_PAUSED);
  if (nav.snapshotRefusal) return no(nav.snapshotRefusal);
  const out = sideValue(nav, leg.pay, leg.payAmountRaw, 'up');
  if (out.refusal) return no(out.refusal);
  const check = sideValue(nav, leg.receive, 1n, 'down');
  if (check.refusal) return no(check.refusal);
  const valueOutUsd = out.value as bigint;
  const slipBps = BigInt(nav.config.maxSlipBps);
  const slippageFloor = mulDiv(valueOutUsd, BPS - slipBps, BPS, 'up');
  // The daily budget (program `charge_daily_loss`): the loss of the day so far, reset at 00:00 UTC.
  const day = nav.now < 0n ? 0n : nav.now / 86_400n;
  const spent = nav.config.rebalanceDay === day ? nav.config.rebalanceLossUsd : 0n;
  const budget = mulDiv(nav.config.lastNavUsd, slipBps, BPS, 'down');
  const dailyBudgetLeftUsd = budget > spent ? budget - spent : 0n;
  const budgetFloor = valueOutUsd - dailyBudgetLeftUsd;
  const minValueInUsd = budgetFloor > slippageFloor ? budgetFloor : slippageFloor;
  // The incoming value is monotone in the raw amount: binary search the least accepted.
  const valueIn = (raw: bigint) => sideValue(nav, leg.receive, raw, 'down').value as bigint;
  let hi = 1n;
  while (valueIn(hi) < minValueInUsd) hi *= 2n;
  let lo = 0n;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (valueIn(mid) >= minValueInUsd) hi = mid;
    else lo = mid + 1n;
  }
  return {
    ok: true,
    valueOutUsd,
    minValueInUsd,
    dailyBudgetLeftUsd,
    minReceiveRaw: lo === 0n ? 1n : lo,
  };
}

/**
 * The vault's holding of a side and its mint and token program.
 *
 * @example
 * const { holding, mint } = await rebalanceSideAccounts(vault, 'cash');
 */
export async function rebalanceSideAccounts(
  vault: VaultStateAccount,
  side: RebalanceSide,
  programs: Partial<ProgramAddresses> = {},
): Promise<{ mint: Address; holding: Address; tokenProgram: Address }> {
  const state = vault.data;
  const asset = side === 'cash' ? null : state.assets[side];
  if (side !== 'cash' && (!asset || side >= state.assetCount)) {
    throw new RangeError(`asset ${side} is not in the vault`);
  }
  const mint = asset ? asset.mint : state.stableMint;
  const tag = asset ? asset.tokenProgram : state.stableTokenProgram;
  const [holding] = await findVaultHoldingPda(state.skuId, mint, programs);
  return {
    mint,
    holding,
    tokenProgram: tag === 1 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS,
  };
}

/**
 * A rebalance transaction's instructions: `rebalance_leg` (the vault pays `payAmountRaw` by
 * CPI to `tradeAccount`, a token account of the vault's registered trade authority, and
 * locks itself), the `route` in between (any shape: the trade authority's own delivery, an
 * RFQ provider's transfers, an aggregator's swap that delivers by CPI), then
 * `rebalance_settle`, which requires the receiving holding to have grown by at least
 * `expectedAmountRaw` and books the real increase. Other vault instructions inside the
 * route fail (`LegPending`). Pass `CostedInstruction`s in `route` to have them counted in the
 * compute budget; a plain instruction counts as one Token-2022 `TransferChecked`.
 *
 * @example
 * const swap = await getRebalanceSwapInstructionsFor({ keeper, vault, pay: 'cash', receive: 0, payAmountRaw, expectedAmountRaw, tradeAccount, route: [delivery] });
 * buildTransactionMessage({ feePayer: keeper, lifetime, instructions: swap });
 */
export async function getRebalanceSwapInstructionsFor(
  input: {
    keeper: TransactionSigner;
    vault: VaultStateAccount;
    pay: RebalanceSide;
    receive: RebalanceSide;
    payAmountRaw: bigint;
    expectedAmountRaw: bigint;
    /** The trade authority's token account of the paying mint. */
    tradeAccount: Address;
    /** What runs between the leg and the settle. */
    route: readonly (Instruction | CostedInstruction)[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction[]> {
  const programAddress = resolveProgramAddresses(programs).vault;
  const [pay, receive] = await Promise.all([
    rebalanceSideAccounts(input.vault, input.pay, programs),
    rebalanceSideAccounts(input.vault, input.receive, programs),
  ]);
  const leg = getRebalanceLegInstruction(
    {
      keeper: input.keeper,
      vault: input.vault.address,
      navSnapshot: input.vault.data.navSnapshot,
      instructionsSysvar: INSTRUCTIONS_SYSVAR,
      payMint: pay.mint,
      payHolding: pay.holding,
      tradeAccount: input.tradeAccount,
      payTokenProgram: pay.tokenProgram,
      receiveMint: receive.mint,
      receiveHolding: receive.holding,
      expectedMint: receive.mint,
      expectedAmountRaw: input.expectedAmountRaw,
      payAmountRaw: input.payAmountRaw,
    },
    { programAddress },
  );
  const settle = getRebalanceSettleInstruction(
    { vault: input.vault.address, receiveHolding: receive.holding },
    { programAddress },
  );
  const route = input.route.map(
    (ix): CostedInstruction =>
      'instruction' in ix ? ix : { instruction: ix, costs: [{ key: 'token2022.transferChecked' }] },
  );
  return [
    { instruction: leg, costs: [{ key: 'vault.rebalanceLeg' }] },
    ...route,
    { instruction: settle, costs: [{ key: 'vault.rebalanceSettle' }] },
  ];
}
