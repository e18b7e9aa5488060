// A route's instructions are priced by program; one that moves a hooked mint (an RFQ fill's
// transfer, a venue's swap) also pays the hook's run, an account creation naming it does not.
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  buildTransactionMessage,
  COMPUTE_UNIT_COSTS,
  hookedTransferCosts,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/sdk';
import { AccountRole, type Address, createNoopSigner, type Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { routeCosts } from '../src/routes/instruction-costs.ts';

const HOOKED = 'HoodxMint1111111111111111111111111111111111' as Address;
const PLAIN = 'PLainMint1111111111111111111111111111111111' as Address;
const VENUE = 'Venue11111111111111111111111111111111111111' as Address;
/** HOODx-like: its validation account's bump 2 below 255 (two searches of 2 steps each). */
const HOOKED_MINT = { mint: HOOKED, validationBump: 253 };

const ix = (programAddress: Address, mint: Address): Instruction => ({
  programAddress,
  accounts: [{ address: mint, role: AccountRole.READONLY }],
  data: new Uint8Array(0),
});

describe('routeCosts with hooked mints', () => {
  it("adds the hook's run to a transfer or a swap naming a hooked mint, nowhere else", () => {
    const route = [
      ix(ASSOCIATED_TOKEN_PROGRAM_ADDRESS, HOOKED),
      ix(TOKEN_2022_PROGRAM_ADDRESS, HOOKED),
      ix(TOKEN_2022_PROGRAM_ADDRESS, PLAIN),
      ix(VENUE, HOOKED),
    ];
    const costs = routeCosts(route, [HOOKED_MINT]).map((c) => c.costs);
    const hook = hookedTransferCosts([253]);
    expect(costs).toEqual([
      [{ key: 'associatedToken.createIdempotent' }],
      [{ key: 'token2022.transferChecked' }, ...hook],
      [{ key: 'token2022.transferChecked' }],
      [{ key: 'token2022.transferChecked', count: 20 }, ...hook],
    ]);
    // Without hooked mints the same route is priced as before.
    expect(routeCosts(route).every((c) => c.costs.length === 1)).toBe(true);
  });

  it("a hooked transfer raises the compute limit by the hook's run at its bump, no more", () => {
    const limit = (hooked: (typeof HOOKED_MINT)[]) => {
      const message = buildTransactionMessage({
        feePayer: createNoopSigner(VENUE),
        lifetime: {
          blockhash: '11111111111111111111111111111111' as never,
          lastValidBlockHeight: 1n,
        },
        instructions: routeCosts([ix(TOKEN_2022_PROGRAM_ADDRESS, HOOKED)], hooked),
      });
      const budget = message.instructions[0];
      return new DataView(Uint8Array.from(budget?.data ?? []).buffer).getUint32(1, true);
    };
    // The run at bump 255 plus two searches of two more steps, with the default 20% margin.
    const run =
      COMPUTE_UNIT_COSTS['vault.perHookedTransfer'].computeUnits +
      4 * COMPUTE_UNIT_COSTS['runtime.bumpSearchStep'].computeUnits;
    const raised = limit([HOOKED_MINT]) - limit([]);
    // Each limit is rounded up on its own: within one unit of the run with its margin.
    expect(Math.abs(raised - (run * 12_000) / 10_000)).toBeLessThanOrEqual(1);
  });
});
