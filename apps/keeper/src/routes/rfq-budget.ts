// The compute budget an RFQ fill is asked to carry (decision 0930). The market maker pays the
// fee of its fill, yet what it pays at is the keeper's priority-fee policy: the keeper decides,
// before it asks for a quote, the limit of the transaction that will land (its own instructions
// around an honest fill's, priced as a delivery needs) and the policy's price for the job under
// its cap, and sends both with the quote request. The fill must carry exactly that
// SetComputeUnitLimit and SetComputeUnitPrice (firewall/rfq-fill.ts); the landed transaction
// keeps them, so the fee is known before anything is signed, and the maker stays fee payer.
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  type CostedInstruction,
  pricedComputeUnitLimit,
} from '@basket/sdk';
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { KeeperError } from '../decisions/errors.ts';
import { COMPUTE_BUDGET_PROGRAM } from '../firewall/instruction-kinds.ts';
import type { KeeperContext } from '../jobs/context.ts';
import { routeCosts } from './instruction-costs.ts';
import type { HookedMint } from './leg-types.ts';

/** The limit and price asked for, and the priority fee they come to (the maker pays it). */
export type RfqBudget = Readonly<{
  unitLimit: number;
  microLamportsPerCu: bigint;
  priorityLamports: bigint;
}>;

/** One side of a delivery: its mint, token program, and the taker's account of it. */
export type FillSide = Readonly<{ mint: Address; tokenProgram: Address; account: Address }>;

/**
 * Stand-ins for an honest fill's instructions, priced as `routeCosts` prices the real ones:
 * per side, the maker's associated-account creation and one TransferChecked naming the mint
 * (a hooked mint's hook run included) and writing the taker's account. Never sent.
 *
 * @example
 * const estimate = honestFillEstimate([pay, receive], hookedMints(setup));
 */
export function honestFillEstimate(
  sides: readonly FillSide[],
  hooked: readonly HookedMint[],
): CostedInstruction[] {
  const stand: Instruction[] = sides.flatMap((side) => [
    { programAddress: ASSOCIATED_TOKEN_PROGRAM_ADDRESS },
    {
      programAddress: side.tokenProgram,
      accounts: [
        { address: side.account, role: AccountRole.WRITABLE },
        { address: side.mint, role: AccountRole.READONLY },
      ],
    },
  ]);
  return routeCosts(stand, hooked);
}

/**
 * The budget to ask the maker for: the policy's price for `job` (under its cap; a leg's by its
 * value) over `estimate`, the transaction that will land, at that transaction's limit.
 *
 * @example
 * const budget = await rfqBudget(ctx, { job: 'rebalance-exec', estimate, legValueUsd1e8 });
 * await api.requestRfq({ ...request, ...budgetRequestFields(budget) });
 */
export async function rfqBudget(
  ctx: Pick<KeeperContext, 'send'>,
  input: { job: string; estimate: readonly CostedInstruction[]; legValueUsd1e8?: bigint },
): Promise<RfqBudget> {
  const fee = await ctx.send.priceFor({
    job: input.job,
    instructions: input.estimate,
    ...(input.legValueUsd1e8 === undefined ? {} : { legValueUsd1e8: input.legValueUsd1e8 }),
  });
  return {
    unitLimit: fee.computeUnits,
    microLamportsPerCu: fee.microLamportsPerCu,
    priorityLamports: fee.priorityLamports,
  };
}

/**
 * The quote request's fields for a budget.
 *
 * @example
 * const request = { symbol, side, cashAmount, ...budgetRequestFields(budget) };
 */
export function budgetRequestFields(budget: RfqBudget) {
  return { computeUnitLimit: budget.unitLimit, computeUnitPrice: budget.microLamportsPerCu };
}

/**
 * The fill's instructions without its compute budget (checked already by the firewall; the
 * message the keeper builds carries the same limit and price once, for the whole).
 *
 * @example
 * const fill = withoutComputeBudget(message.instructions);
 */
export function withoutComputeBudget<T extends Instruction>(instructions: readonly T[]): T[] {
  return instructions.filter((ix) => ix.programAddress !== COMPUTE_BUDGET_PROGRAM);
}

/**
 * Checks the transaction that will land fits the asked limit: a fill costing more than the
 * honest one (more creations, a hook run) would run out of compute at the agreed fee.
 *
 * @throws {KeeperError} `LEG_OUTSIDE_BOUND` naming both numbers (the quote is not signed).
 * @example
 * assertWithinBudget(quote.id, instructions, budget);
 */
export function assertWithinBudget(
  quoteId: string,
  instructions: readonly CostedInstruction[],
  budget: RfqBudget,
): void {
  const needed = pricedComputeUnitLimit(instructions);
  if (needed > budget.unitLimit) {
    throw new KeeperError(
      'LEG_OUTSIDE_BOUND',
      `quote ${quoteId}'s transaction needs ${needed} compute units, above the ${budget.unitLimit} asked for with it`,
    );
  }
}
