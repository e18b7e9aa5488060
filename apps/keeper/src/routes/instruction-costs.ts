// Compute costs of the instructions a route brings (the SDK's measured table prices the
// vault's own; the route's are priced by program), and the trade authority's forward of what
// it received into the vault's holding.
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  type CostedInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/sdk';
import type { Instruction } from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import type { KeeperContext } from '../jobs/context.ts';
import type { LegSide } from './leg-setup.ts';

/**
 * A venue's swap has no measured cost of its own: priced as this many Token-2022 transfers
 * (2,300 CU each, so 46,000 CU with the margin on top: the test venue's swap with its two
 * transfer CPIs measures well below; an underpriced swap fails whole, never half).
 */
const UNKNOWN_PROGRAM_TRANSFERS = 20;

/**
 * Prices each instruction of a route by its program.
 *
 * @example
 * const costed = routeCosts(fill);
 */
export function routeCosts(route: readonly Instruction[]): CostedInstruction[] {
  return route.map((instruction) => {
    switch (instruction.programAddress) {
      case ASSOCIATED_TOKEN_PROGRAM_ADDRESS:
        return { instruction, costs: [{ key: 'associatedToken.createIdempotent' }] };
      case TOKEN_2022_PROGRAM_ADDRESS:
        return { instruction, costs: [{ key: 'token2022.transferChecked' }] };
      case TOKEN_PROGRAM_ADDRESS:
        return { instruction, costs: [{ key: 'token.transferChecked' }] };
      default:
        return {
          instruction,
          costs: [{ key: 'token2022.transferChecked', count: UNKNOWN_PROGRAM_TRANSFERS }],
        };
    }
  });
}

/**
 * The trade authority moves `amount` of what the route delivered to it into the vault's
 * holding (the RFQ delivers to the registered wallet, never to a third party's account).
 *
 * @example
 * const forward = forwardInstruction(ctx, setup.receive, expectedRaw);
 */
export function forwardInstruction(
  ctx: KeeperContext,
  side: LegSide,
  amount: bigint,
): CostedInstruction {
  const instruction = getTransferCheckedInstruction(
    {
      source: side.tradeAccount,
      mint: side.mint,
      destination: side.holding,
      authority: ctx.tradeSigner,
      amount,
      decimals: side.decimals,
    },
    { programAddress: side.tokenProgram },
  );
  return {
    instruction,
    costs: [
      {
        key:
          side.tokenProgram === TOKEN_2022_PROGRAM_ADDRESS
            ? 'token2022.transferChecked'
            : 'token.transferChecked',
      },
    ],
  };
}
