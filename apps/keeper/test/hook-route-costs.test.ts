// A route's instructions are priced by program; one that moves a hooked mint (an RFQ fill's
// transfer, a venue's swap) also pays the hook's run, an account creation naming it does not.
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  buildTransactionMessage,
  COMPUTE_UNIT_COSTS,
  hookedTransferCost,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/sdk';
import { AccountRole, type Address, createNoopSigner, type Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { routeCosts } from '../src/routes/instruction-costs.ts';

const HOOKED = 'HoodxMint1111111111111111111111111111111111' as Address;
const PLAIN = 'PLainMint1111111111111111111111111111111111' as Address;
const VENUE = 'Venue11111111111111111111111111111111111111' as Address;

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
    const costs = routeCosts(route, [HOOKED]).map((c) => c.costs);
    expect(costs).toEqual([
      [{ key: 'associatedToken.createIdempotent' }],
      [{ key: 'token2022.transferChecked' }, hookedTransferCost(1)],
      [{ key: 'token2022.transferChecked' }],
      [{ key: 'token2022.transferChecked', count: 20 }, hookedTransferCost(1)],
    ]);
    // Without hooked mints the same route is priced as before.
    expect(routeCosts(route).every((c) => c.costs.length === 1)).toBe(true);
  });

  it('a hooked transfer raises the compute limit by three times the measured hooked transfer', () => {
    const limit = (hooked: Address[]) => {
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
    const measured = COMPUTE_UNIT_COSTS['vault.perHookedTransfer'].computeUnits;
    expect(limit([HOOKED]) - limit([])).toBeGreaterThanOrEqual(3 * measured);
  });
});
