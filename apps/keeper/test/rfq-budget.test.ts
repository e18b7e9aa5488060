// The RFQ budget's pieces (routes/rfq-budget.ts, decision 0930): an honest fill's stand-ins are
// priced as routeCosts prices the real fill, the price comes from the fenced sender's policy
// under the job's cap, the fill's own compute-budget instructions are set aside, and a
// transaction needing more than the asked limit is refused before anything is signed.
import { type CostedInstruction, pricedComputeUnitLimit } from '@basket/sdk';
import { AccountRole, type Address, type Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isKeeperError } from '../src/decisions/errors.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { routeCosts } from '../src/routes/instruction-costs.ts';
import {
  assertWithinBudget,
  budgetRequestFields,
  honestFillEstimate,
  rfqBudget,
  withoutComputeBudget,
} from '../src/routes/rfq-budget.ts';
import { fixedAddress } from './support/firewall-fixtures.ts';

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL' as Address;
const stock = { mint: fixedAddress(1), tokenProgram: TOKEN_2022, account: fixedAddress(2) };
const usdc = { mint: fixedAddress(3), tokenProgram: TOKEN, account: fixedAddress(4) };
const hooked = [{ mint: stock.mint, validationBump: 254 }];

/** The honest fill's shape: per side the maker's creation, then a TransferChecked. */
function honestFill(): Instruction[] {
  return [stock, usdc].flatMap((side) => [
    { programAddress: ATA, accounts: [{ address: side.mint, role: AccountRole.READONLY }] },
    {
      programAddress: side.tokenProgram,
      accounts: [
        { address: fixedAddress(9), role: AccountRole.WRITABLE },
        { address: side.mint, role: AccountRole.READONLY },
        { address: side.account, role: AccountRole.WRITABLE },
      ],
    },
  ]);
}

describe('the RFQ budget', () => {
  it("prices the stand-ins as the honest fill (the hooked stock's hook run included)", () => {
    const estimate = honestFillEstimate([stock, usdc], hooked);
    expect(pricedComputeUnitLimit(estimate)).toBe(
      pricedComputeUnitLimit(routeCosts(honestFill(), hooked)),
    );
    // Without the hook the stand-ins cost less: the hook's run is in the estimate.
    expect(pricedComputeUnitLimit(honestFillEstimate([stock, usdc], []))).toBeLessThan(
      pricedComputeUnitLimit(estimate),
    );
  });

  it("asks for the policy's price for the job and the estimate's limit, as request fields", async () => {
    const asked: unknown[] = [];
    const send = Object.assign(async () => ({ kind: 'dry-run' }) as never, {
      priceFor: async (input: {
        job: string;
        instructions: readonly CostedInstruction[];
        legValueUsd1e8?: bigint;
      }) => {
        asked.push({ job: input.job, legValueUsd1e8: input.legValueUsd1e8 });
        return {
          microLamportsPerCu: 25_000n,
          computeUnits: pricedComputeUnitLimit(input.instructions),
          priorityLamports: 1_234n,
          totalLamports: 6_234n,
          capped: false,
          source: 'samples' as const,
        };
      },
    });
    const estimate = honestFillEstimate([stock, usdc], hooked);
    const budget = await rfqBudget({ send } as unknown as Pick<KeeperContext, 'send'>, {
      job: 'rebalance-exec',
      estimate,
      legValueUsd1e8: 250_000_000_000n,
    });
    expect(budget).toEqual({
      unitLimit: pricedComputeUnitLimit(estimate),
      microLamportsPerCu: 25_000n,
      priorityLamports: 1_234n,
    });
    expect(asked).toEqual([{ job: 'rebalance-exec', legValueUsd1e8: 250_000_000_000n }]);
    expect(budgetRequestFields(budget)).toEqual({
      computeUnitLimit: budget.unitLimit,
      computeUnitPrice: 25_000n,
    });
  });

  it("sets the fill's compute-budget instructions aside and keeps the rest in order", () => {
    const budgetIx = { programAddress: 'ComputeBudget111111111111111111111111111111' as Address };
    const fill = honestFill();
    expect(withoutComputeBudget([budgetIx, ...fill, budgetIx])).toEqual(fill);
  });

  it('refuses a transaction that needs more than the asked limit, naming both', () => {
    const costed = routeCosts(honestFill(), hooked);
    const needed = pricedComputeUnitLimit(costed);
    const budget = { unitLimit: needed, microLamportsPerCu: 1_000n, priorityLamports: 1n };
    expect(() => assertWithinBudget('q1', costed, budget)).not.toThrow();
    let error: unknown;
    try {
      assertWithinBudget('q1', costed, { ...budget, unitLimit: needed - 1 });
    } catch (e) {
      error = e;
    }
    expect(isKeeperError(error, 'LEG_OUTSIDE_BOUND')).toBe(true);
    expect((error as Error).message).toContain(
      `needs ${needed} compute units, above the ${needed - 1}`,
    );
  });
});
