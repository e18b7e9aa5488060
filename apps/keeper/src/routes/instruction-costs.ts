// Compute costs of the instructions a route brings (the SDK's measured table prices the
// vault's own; the route's are priced by program, plus the hook's run for an instruction that
// moves a hooked mint), and the trade authority's forward of what it received into the vault's
// holding, with the hook's accounts when the received mint has a hook set.
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  type ComputeCost,
  type CostedInstruction,
  hookedTransferCosts,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/sdk';
import type { Address, Instruction } from '@solana/kit';
import { getTransferCheckedInstruction } from '@solana-program/token';
import type { KeeperContext } from '../jobs/context.ts';
import { sideHookAccounts, sideHookCosts } from './hook-accounts.ts';
import type { LegSide } from './leg-setup.ts';
import type { HookedMint } from './leg-types.ts';

/**
 * A venue's swap has no measured cost of its own: priced as this many Token-2022 transfers
 * (2,300 CU each, so 46,000 CU with the margin on top: the test venue's swap with its two
 * transfer CPIs measures well below; an underpriced swap fails whole, never half).
 */
const UNKNOWN_PROGRAM_TRANSFERS = 20;

function programCost(programAddress: Address): ComputeCost {
  switch (programAddress) {
    case ASSOCIATED_TOKEN_PROGRAM_ADDRESS:
      return { key: 'associatedToken.createIdempotent' };
    case TOKEN_2022_PROGRAM_ADDRESS:
      return { key: 'token2022.transferChecked' };
    case TOKEN_PROGRAM_ADDRESS:
      return { key: 'token.transferChecked' };
    default:
      return { key: 'token2022.transferChecked', count: UNKNOWN_PROGRAM_TRANSFERS };
  }
}

/**
 * Prices each instruction of a route by its program; one that names a mint of `hookedMints`
 * (an RFQ fill's transfer of a hooked stock, a venue's swap of one) also pays the hook's run.
 * An associated-token creation names the mint without transferring it: no hook runs there.
 *
 * @example
 * const costed = routeCosts(fill, hookedMints(setup));
 */
export function routeCosts(
  route: readonly Instruction[],
  hookedMints: readonly HookedMint[] = [],
): CostedInstruction[] {
  return route.map((instruction) => {
    const base = programCost(instruction.programAddress);
    const named = (instruction.accounts ?? []).map((a) => a.address);
    const hooked =
      instruction.programAddress === ASSOCIATED_TOKEN_PROGRAM_ADDRESS
        ? []
        : hookedMints.filter((h) => named.includes(h.mint)).map((h) => h.validationBump);
    return { instruction, costs: [base, ...hookedTransferCosts(hooked)] };
  });
}

/**
 * The trade authority moves `amount` of what the route delivered to it into the vault's
 * holding (the RFQ delivers to the registered wallet, never to a third party's account); a
 * hooked mint's transfer carries its hook's accounts and is priced with the hook's run.
 *
 * @example
 * const forward = await forwardInstruction(ctx, setup.receive, expectedRaw);
 */
export async function forwardInstruction(
  ctx: KeeperContext,
  side: LegSide,
  amount: bigint,
): Promise<CostedInstruction> {
  const transfer = getTransferCheckedInstruction(
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
  const hook = await sideHookAccounts(ctx, side, {
    source: side.tradeAccount,
    destination: side.holding,
    authority: ctx.tradeSigner.address,
    amount,
  });
  const base = programCost(side.tokenProgram);
  return {
    instruction: { ...transfer, accounts: [...transfer.accounts, ...hook] },
    costs: hook.length > 0 ? [base, ...sideHookCosts(side)] : [base],
  };
}
